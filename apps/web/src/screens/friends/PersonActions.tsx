import type { PersonView } from '@paichat/protocol';
import { useNav } from '../../nav';
import { useT } from '../../i18n';
import s from './friends.module.css';

/**
 * What one can do with a person, as in WeChat: "Messages" for a friend, "Add to contacts" for
 * anyone else, nothing for oneself. While one's request to them waits, the page says so
 * instead of offering to send another (the server would only refuse it as pending).
 */
export function PersonActions({
  person,
  chatUrl,
  requestUrl,
}: {
  person: PersonView;
  /** Their chat. */
  chatUrl: string;
  /** The Friend Request page for them. */
  requestUrl: string;
}) {
  const t = useT();
  const nav = useNav();
  return (
    <div className={s.actions}>
      {person.isSelf ? (
        <p className={s.note}>{t('friends.thisIsYou')}</p>
      ) : person.isFriend ? (
        <button type="button" className={s.primary} onClick={() => nav.navigateTo(chatUrl)}>
          {t('friends.messages')}
        </button>
      ) : person.requestSent ? (
        <p className={s.note}>{t('friends.requestWaiting')}</p>
      ) : (
        <button type="button" className={s.primary} onClick={() => nav.navigateTo(requestUrl)}>
          {t('friends.addToContacts')}
        </button>
      )}
    </div>
  );
}
