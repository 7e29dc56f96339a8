import { confirmDialog } from '../../lib/ui';
import { useT } from '../../i18n';
import { useSession } from '../../store/session';

/** Sign out, after the person confirms (Me tab and Settings). */
export function useSignOut(): () => Promise<void> {
  const t = useT();
  const session = useSession();
  return async () => {
    const confirmed = await confirmDialog({
      title: t('me.signOutTitle'),
      content: t('me.signOutConfirm'),
      confirmText: t('common.confirm'),
      cancelText: t('common.cancel'),
    });
    if (confirmed) await session.signOut();
  };
}
