import { useSetBlocked } from '../../api/queries/setBlocked';
import { showToast } from '../../lib/ui';
import { useT } from '../../i18n';
import s from './friends.module.css';

/** "You have blocked this user", with the way back. */
export function BlockedNotice({ userId }: { userId: string }) {
  const t = useT();
  const setBlocked = useSetBlocked();
  const unblock = async () => {
    try {
      await setBlocked.mutateAsync({ userId, blocked: false });
      showToast(t('friends.blacklistRemoved'), { role: 'status' });
    } catch {
      // The request function has shown why.
    }
  };
  return (
    <div className={s.blocked} role="status">
      <p>{t('friends.blockedNote')}</p>
      <button
        type="button"
        className={s.secondary}
        disabled={setBlocked.isPending}
        onClick={() => void unblock()}
      >
        {t('friends.unblock')}
      </button>
    </div>
  );
}
