import { useState, type FormEvent } from 'react';
import { SearchOutline } from 'antd-mobile-icons';
import { ErrorId } from '@paichat/protocol';
import { Page } from '../../components/Page';
import { TextField } from '../../components/TextField';
import { ApiError } from '../../api/request';
import { useSearchFriend } from '../../api/queries/searchFriend';
import { withQuery } from '../../lib/url';
import { useNav } from '../../nav';
import { useT } from '../../i18n';
import s from './friends.module.css';

export interface SearchScreenProps {
  /** The add-friend detail page; the person found goes in as `userId` and `ref`. */
  addFriendDetailUrl: string;
}

/** Add contacts: find a person by their PipID and open their add-friend page. */
export function SearchScreen({ addFriendDetailUrl }: SearchScreenProps) {
  const t = useT();
  const nav = useNav();
  const search = useSearchFriend();
  const [chatNo, setChatNo] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [notFound, setNotFound] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const wanted = chatNo.trim();
    setNotFound(null);
    if (!wanted) {
      setError(t('friends.pipIdRequired'));
      return;
    }
    setError(null);
    try {
      const person = await search.mutateAsync(wanted);
      // The search's reference opens the person's page (and the request) for this viewer.
      nav.navigateTo(
        withQuery(addFriendDetailUrl, { userId: person.userId, source: 'search', ref: person.ref }),
      );
    } catch (failure) {
      // The request function has toasted the reason; an unknown PipID also stays on the page.
      if (failure instanceof ApiError && failure.err === ErrorId.userNotFound) setNotFound(wanted);
    }
  };

  return (
    <Page title={t('messages.addContacts')}>
      <form className={s.form} onSubmit={submit} noValidate role="search">
        <TextField
          label={t('friends.pipId')}
          placeholder={t('friends.pipIdPlaceholder')}
          value={chatNo}
          onValueChange={(value) => {
            setChatNo(value);
            setError(null);
          }}
          enterKeyHint="search"
          autoCapitalize="off"
          autoCorrect="off"
          spellCheck={false}
          maxLength={64}
          aria-invalid={error ? true : undefined}
        />
        {error && (
          <p className={s.error} role="alert">
            {error}
          </p>
        )}
        <button type="submit" className={s.primary} disabled={search.isPending} aria-busy={search.isPending}>
          <SearchOutline aria-hidden /> {t('friends.search')}
        </button>
      </form>
      {notFound !== null && (
        <p className={s.note} role="status">
          {t('errors.userNotFound')}
        </p>
      )}
      {notFound === null && !error && <p className={s.note}>{t('friends.searchHint')}</p>}
    </Page>
  );
}
