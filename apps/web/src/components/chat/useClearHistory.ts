import { useT } from '../../i18n';
import { confirmDialog, showToast } from '../../lib/ui';
import { useChatCommands } from '../../store/chat/hooks';

/**
 * Clearing a chat's history, one-to-one or group, after the spec's confirmation (a red action):
 * the messages go on all the user's devices, the other side keeps theirs.
 */
export function useClearHistory() {
  const t = useT();
  const commands = useChatCommands();
  return async (chatId: string, confirm: { title: string; content: string }) => {
    const confirmed = await confirmDialog({
      ...confirm,
      confirmText: t('groups.confirm.clear'),
      danger: true,
      cancelText: t('common.cancel'),
    });
    if (!confirmed) return;
    await commands.clear(chatId);
    showToast(t('groups.toast.cleared'), { role: 'status' });
  };
}
