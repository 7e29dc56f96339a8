import { isRecallable, withinRecallWindow } from '@paichat/protocol';
import { useGroupInfo } from '../../api/queries/groupInfo';
import { useRecallWindows } from '../../api/queries/recallWindows';
import { useT } from '../../i18n';
import { showToast } from '../../lib/ui';
import { useChatCommands } from '../../store/chat/hooks';
import type { LocalMessage } from '../../store/chat/types';
import type { SheetAction } from './Sheet';

/** A message the server has stored, of a kind that can be recalled. */
const recallableKind = (message: LocalMessage): message is LocalMessage & { msgId: string } =>
  message.msgId !== undefined && message.seq !== undefined && isRecallable(message.msgType);

/** Whether the menu may offer Recall without asking anything (an own stored message). */
export const mayOfferRecall = (message: LocalMessage): boolean =>
  message.type === 2 && recallableKind(message);

/**
 * "Recall" in a message's menu: an own message within the server's window (by this device's
 * clock; the server decides), and any member's message for a group's owner. A refusal shows
 * as a toast.
 */
export function useRecallAction(message: LocalMessage): SheetAction | null {
  const t = useT();
  const commands = useChatCommands();
  const windows = useRecallWindows();
  const inGroup = message.windowType === 'GROUP' || message.talkType === 'GROUP';
  // A group message's toId is its group.
  const group = useGroupInfo(inGroup ? message.toId : '');
  if (!recallableKind(message)) return null;
  const owner = group.data?.group.myRole === 'OWNER';
  const own = message.type === 2 && withinRecallWindow(message, Date.now(), windows);
  if (!own && !owner) return null;
  return {
    key: 'recall',
    label: t('chatWindow.recall'),
    onSelect: () =>
      void commands
        .recall(message.chatId, message)
        .catch((error: unknown) =>
          showToast(error instanceof Error ? error.message : t('errors.requestFailed'), { role: 'alert' }),
        ),
  };
}
