import { MsgType } from '@paichat/protocol';
import { useAddMessageToFavorites } from '../../api/queries/favorites';
import { useT } from '../../i18n';
import { copyText } from '../../lib/clipboard';
import { showToast } from '../../lib/ui';
import type { LocalMessage } from '../../store/chat/types';
import { readContent } from './content';
import type { SheetAction } from './Sheet';

/** What Favorites keeps (spec: text, image, voice, video, location, contact card). */
const FAVORITABLE: ReadonlySet<string> = new Set([
  MsgType.TEXT,
  MsgType.IMAGE,
  MsgType.VOICE,
  MsgType.VIDEO,
  MsgType.LOCATION,
  MsgType.CARD,
]);

/** The long-press menu of a message: Copy for a text, Favorite once the server has stored it. */
export function useMessageActions(message: LocalMessage): SheetAction[] {
  const t = useT();
  const favorite = useAddMessageToFavorites();
  const actions: SheetAction[] = [];
  const text = message.msgType === MsgType.TEXT ? readContent('TEXT', message.content)?.text : undefined;
  if (text !== undefined) {
    actions.push({
      key: 'copy',
      label: t('chatWindow.copy'),
      onSelect: () =>
        void copyText(text).then((copied) =>
          showToast(copied ? t('profile.qr.copied') : t('profile.qr.copyFailed'), {
            role: copied ? 'status' : 'alert',
          }),
        ),
    });
  }
  const { msgId, seq } = message;
  if (FAVORITABLE.has(message.msgType) && msgId && seq !== undefined) {
    actions.push({
      key: 'favorite',
      label: t('chatWindow.addFavorite'),
      onSelect: () =>
        favorite.mutate(
          { chatId: message.chatId, msgId },
          { onSuccess: () => showToast(t('favorites.added'), { role: 'status' }) },
        ),
    });
  }
  return actions;
}
