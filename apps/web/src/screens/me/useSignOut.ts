import { confirmDialog } from '../../lib/ui';
import { useT } from '../../i18n';
import { useSession } from '../../store/session';
import { useChatEngine } from '../../store/chat/hooks';

/**
 * Sign out, after the person confirms (Me tab and Settings). Signing out deletes the chats kept
 * on this device, the outbox too: when messages still wait there, the question says how many
 * and offers to stay, so that they are sent once the network is back.
 */
export function useSignOut(): () => Promise<void> {
  const t = useT();
  const session = useSession();
  const engine = useChatEngine();
  return async () => {
    const unsent = (await engine?.unsentCount()) ?? 0;
    const confirmed = await confirmDialog(
      unsent > 0
        ? {
            title: t('me.signOutTitle'),
            content: t('me.signOutUnsent', { count: unsent }),
            confirmText: t('me.signOutAnyway'),
            danger: true,
            cancelText: t('me.stay'),
          }
        : {
            title: t('me.signOutTitle'),
            content: t('me.signOutConfirm'),
            confirmText: t('common.confirm'),
            cancelText: t('common.cancel'),
          },
    );
    if (confirmed) await session.signOut();
  };
}
