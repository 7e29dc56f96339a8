import { useEffect, useState } from 'react';
import { FEEDBACK_IMAGES_MAX, FEEDBACK_TEXT_MAX } from '@paichat/protocol';
import { Page } from '../../components/Page';
import { MediaPicker } from '../../components/media/MediaPicker';
import { useMediaPicks, type PickedMedia } from '../../components/media/useMediaPicks';
import { useSubmitFeedback } from '../../api/queries/submitFeedback';
import { useT } from '../../i18n';
import { loadSessionDraft, saveSessionDraft } from '../../lib/sessionDraft';
import { showToast } from '../../lib/ui';
import { useNav } from '../../nav';
import s from './FeedbackScreen.module.css';

interface FeedbackDraft {
  text: string;
  media: PickedMedia[];
}

const DRAFT_KEY = 'feedbackDraft';
const empty: FeedbackDraft = { text: '', media: [] };

/**
 * Feedback: what went wrong or could be better (required), with up to four pictures. A thank-you
 * and back once it is sent; if sending fails, the text and pictures stay (also across leaving
 * the page) for another try.
 */
export function FeedbackScreen() {
  const t = useT();
  const nav = useNav();
  const submit = useSubmitFeedback();
  const [draft, setDraft] = useState<FeedbackDraft>(() => loadSessionDraft(DRAFT_KEY, empty));
  const [error, setError] = useState('');
  const picks = useMediaPicks(
    draft.media,
    (item) => setDraft((current) => ({ ...current, media: [...current.media, item] })),
    { max: FEEDBACK_IMAGES_MAX, video: false },
  );

  useEffect(() => saveSessionDraft(DRAFT_KEY, draft, !draft.text && draft.media.length === 0), [draft]);

  const send = async () => {
    if (!draft.text.trim()) {
      setError(t('feedback.textRequired'));
      return;
    }
    if (picks.uploading || submit.isPending) return;
    try {
      await submit.mutateAsync({ text: draft.text, images: draft.media.map((item) => item.url) });
    } catch {
      // The request function has said why; the draft stays for another try.
      return;
    }
    saveSessionDraft(DRAFT_KEY, empty, true);
    showToast(t('feedback.thanks'), { role: 'status' });
    nav.navigateBack();
  };

  return (
    <Page title={t('routes.feedback')}>
      <form
        className={s.form}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void send();
        }}
      >
        <label className={s.label} htmlFor="feedback-text">
          {t('feedback.label')}
        </label>
        <textarea
          id="feedback-text"
          className={s.text}
          rows={6}
          value={draft.text}
          maxLength={FEEDBACK_TEXT_MAX}
          placeholder={t('feedback.placeholder')}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'feedback-error' : undefined}
          onChange={(event) => {
            setError('');
            setDraft({ ...draft, text: event.target.value });
          }}
        />
        {error && (
          <p id="feedback-error" className={s.error} role="alert">
            {error}
          </p>
        )}
        <p className={s.hint}>{t('feedback.picturesHint', { max: FEEDBACK_IMAGES_MAX })}</p>
        <MediaPicker
          picks={picks}
          media={draft.media}
          onRemove={(item) => setDraft({ ...draft, media: draft.media.filter((m) => m !== item) })}
          label={t('feedback.pictures')}
          addLabel={t('feedback.addPictures')}
        />
        <button type="submit" className={s.submit} disabled={picks.uploading || submit.isPending}>
          {t('feedback.submit')}
        </button>
      </form>
    </Page>
  );
}
