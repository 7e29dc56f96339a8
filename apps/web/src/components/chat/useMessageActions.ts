import { use } from 'react';
import { FORWARDABLE_TYPES, MsgType } from '@paichat/protocol';
import { useAddMessageToFavorites } from '../../api/queries/favorites';
import { useT } from '../../i18n';
import { copyText } from '../../lib/clipboard';
import { showToast } from '../../lib/ui';
import type { LocalMessage } from '../../store/chat/types';
import { readContent } from './content';
import type { SheetAction } from './Sheet';
import { isSelectable, MessageActionsHostContext } from './Selectable';
import { useDeleteForMe } from './useDeleteForMe';
import { mayOfferRecall, useRecallAction } from './useRecallAction';

/** What Favorites keeps (spec: text, image, voice, video, location, contact card). */
const FAVORITABLE: ReadonlySet<string> = new Set([
  MsgType.TEXT,
  MsgType.IMAGE,
  MsgType.VOICE,
  MsgType.VIDEO,
  MsgType.LOCATION,
  MsgType.CARD,
]);

const textOf = (message: LocalMessage): string | undefined =>
  message.msgType === MsgType.TEXT ? readContent('TEXT', message.content)?.text : undefined;

/** Favorites keeps a message once the server has stored it (it saves the server's copy). */
export const favoritable = (message: LocalMessage): message is LocalMessage & { msgId: string } =>
  FAVORITABLE.has(message.msgType) && Boolean(message.msgId) && message.seq !== undefined;

/** Whether holding the message offers anything (checked for every row, so without hooks). */
export const hasMessageActions = (message: LocalMessage): boolean =>
  textOf(message) !== undefined || favoritable(message) || mayOfferRecall(message) || isSelectable(message);

/**
 * The long-press menu of a message: Copy for a text, Favorite, Recall, Forward, Delete and More
 * (multi-select) once the server has stored it.
 */
export function useMessageActions(message: LocalMessage): SheetAction[] {
  const t = useT();
  const favorite = useAddMessageToFavorites();
  const recall = useRecallAction(message);
  const actions: SheetAction[] = [];
  const text = textOf(message);
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
  if (favoritable(message)) {
    actions.push({
      key: 'favorite',
      label: t('chatWindow.addFavorite'),
      // The menu is gone by the time the server answers: the promise, not the hook, tells.
      onSelect: () =>
        void favorite
          .mutateAsync({ chatId: message.chatId, msgId: message.msgId })
          .then(() => showToast(t('favorites.added'), { role: 'status' }))
          .catch(() => undefined),
    });
  }
  if (recall) actions.push(recall);
  actions.push(...useStoredMessageActions(message));
  return actions;
}

/** What a reply may quote: someone's message, not a notice nor an event (the server's rule too). */
const QUOTABLE_NOT: ReadonlySet<string> = new Set([
  MsgType.ALERT,
  MsgType.RECALL,
  MsgType.RECALLED,
  MsgType.DELETED,
]);

/** Quote, Forward, Delete (for me) and More (multi-select): for messages the server has stored. */
function useStoredMessageActions(message: LocalMessage): SheetAction[] {
  const t = useT();
  const host = use(MessageActionsHostContext);
  const deleteForMe = useDeleteForMe();
  if (!isSelectable(message)) return [];
  const actions: SheetAction[] = [];
  if (host && message.type !== 3 && !QUOTABLE_NOT.has(message.msgType))
    actions.push({ key: 'quote', label: t('chatWindow.quote'), onSelect: () => host.quote(message) });
  if (host && FORWARDABLE_TYPES.has(message.msgType))
    actions.push({ key: 'forward', label: t('chatWindow.forward'), onSelect: () => host.forward(message) });
  actions.push({
    key: 'delete',
    label: t('chatWindow.delete'),
    danger: true,
    onSelect: () => void deleteForMe(message.chatId, [message.msgId]),
  });
  if (host)
    actions.push({ key: 'select', label: t('chatWindow.multiSelect'), onSelect: () => host.select(message) });
  return actions;
}
