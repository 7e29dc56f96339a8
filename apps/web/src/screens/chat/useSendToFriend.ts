import type { MsgType } from '@paichat/protocol';
import { useT } from '../../i18n';
import { confirmDialog, showToast } from '../../lib/ui';
import { useChatCommands } from '../../store/chat/hooks';

export interface SendToFriendTexts {
  /** The confirmation's title and question ("Send Amy's card to Ben?"). */
  title: string;
  question: string;
  /** The toast once it is on its way. */
  sent: string;
}

/**
 * Sends a message into the chat with a friend chosen elsewhere (a card from a profile, a
 * favorite from Favorites), after asking, as the chat's attachment menu would send it.
 */
export function useSendToFriend() {
  const t = useT();
  const chats = useChatCommands();
  return async (friendId: string, msgType: MsgType, content: unknown, texts: SendToFriendTexts) => {
    const confirmed = await confirmDialog({
      title: texts.title,
      content: texts.question,
      confirmText: t('friends.send'),
      cancelText: t('common.cancel'),
    });
    if (!confirmed) return;
    try {
      const chatId = await chats.open({ userId: friendId });
      await chats.send(chatId, msgType, content);
      showToast(texts.sent, { role: 'status' });
    } catch {
      // A refusal or an outage shows in that chat, where the message waits to be sent again.
    }
  };
}
