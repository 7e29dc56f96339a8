import { useT } from '../../i18n';
import { confirmDialog } from '../../lib/ui';
import { useChatCommands } from '../../store/chat/hooks';

/**
 * "Delete" for messages, after a confirmation (a red action): they go from the user's devices
 * only. Resolves true once deleted; false when the person changed their mind or it failed (the
 * request said why).
 */
export function useDeleteForMe() {
  const t = useT();
  const commands = useChatCommands();
  return async (chatId: string, msgIds: string[]): Promise<boolean> => {
    const confirmed = await confirmDialog({
      title: t('chatWindow.deleteConfirm'),
      confirmText: t('chatWindow.delete'),
      cancelText: t('common.cancel'),
      danger: true,
    });
    if (!confirmed) return false;
    return commands.deleteForMe(chatId, msgIds).then(
      () => true,
      () => false,
    );
  };
}
