import { useState, type FormEvent } from 'react';
import { SearchOutline } from 'antd-mobile-icons';
import { Page } from '../../components/Page';
import { TextField } from '../../components/TextField';
import { useT } from '../../i18n';
import { usePipIdLookup } from '../search/usePipIdLookup';
import s from './friends.module.css';

export interface SearchScreenProps {
  /** The add-friend detail page; the person found goes in as `userId` and `ref`. */
  addFriendDetailUrl: string;
}

/** Add contacts: find a person by their PipID and open their add-friend page. */
export function SearchScreen({ addFriendDetailUrl }: SearchScreenProps) {
  const t = useT();
  const { lookUp, pending, notFound } = usePipIdLookup(addFriendDetailUrl);
  const [chatNo, setChatNo] = useState('');
  const [error, setError] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const wanted = chatNo.trim();
    if (!wanted) {
      setError(t('friends.pipIdRequired'));
      return;
    }
    setError(null);
    lookUp(wanted);
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
        <button type="submit" className={s.primary} disabled={pending} aria-busy={pending}>
          <SearchOutline aria-hidden /> {t('friends.search')}
        </button>
      </form>
      {notFound !== null && !error && (
        <p className={s.note} role="status">
          {t('errors.userNotFound')}
        </p>
      )}
      {notFound === null && !error && <p className={s.note}>{t('friends.searchHint')}</p>}
    </Page>
  );
}
