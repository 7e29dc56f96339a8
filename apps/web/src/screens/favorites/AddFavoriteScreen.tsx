import { useEffect, useState } from 'react';
import { FAVORITE_NOTE_MAX } from '@paichat/protocol';
import { useAddNoteToFavorites } from '../../api/queries/favorites';
import { Page } from '../../components/Page';
import { useT } from '../../i18n';
import { loadSessionDraft, saveSessionDraft } from '../../lib/sessionDraft';
import { showToast } from '../../lib/ui';
import { useNav } from '../../nav';
import s from './favorites.module.css';

const DRAFT_KEY = 'favoriteNoteDraft';

/**
 * Add to Favorites: a note written straight into Favorites, saved with Done. The text is kept
 * as it is typed (sessionStorage), so a failed save or leaving the page loses nothing.
 */
export function AddFavoriteScreen() {
  const t = useT();
  const nav = useNav();
  const add = useAddNoteToFavorites();
  const [text, setText] = useState(() => loadSessionDraft(DRAFT_KEY, { text: '' }).text);
  const [error, setError] = useState('');

  useEffect(() => saveSessionDraft(DRAFT_KEY, { text }, text === ''), [text]);

  const done = async () => {
    if (!text.trim()) {
      setError(t('common.fillContent'));
      return;
    }
    try {
      await add.mutateAsync(text);
    } catch {
      // The request function has said why; the note stays for another try.
      return;
    }
    saveSessionDraft(DRAFT_KEY, { text: '' }, true);
    showToast(t('favorites.added'), { role: 'status' });
    nav.navigateBack();
  };

  return (
    <Page
      title={t('routes.addFavorite')}
      headerRight={
        <button type="button" className={s.primary} disabled={add.isPending} onClick={() => void done()}>
          {t('favorites.done')}
        </button>
      }
    >
      <textarea
        className={s.note}
        value={text}
        maxLength={FAVORITE_NOTE_MAX}
        placeholder={t('favorites.notePlaceholder')}
        aria-label={t('favorites.kind.NOTE')}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? 'favorite-note-error' : undefined}
        onChange={(event) => {
          setError('');
          setText(event.target.value);
        }}
      />
      {error && (
        <p id="favorite-note-error" className={s.error} role="alert">
          {error}
        </p>
      )}
    </Page>
  );
}
