import { useMemo, useState } from 'react';
import { FORWARDABLE_TYPES, type ForwardMode } from '@paichat/protocol';
import { useAddMessageToFavorites } from '../../api/queries/favorites';
import { useMyInfo } from '../../api/queries/myInfo';
import type { MessageActionsHost, MessageSelection } from '../../components/chat/Selectable';
import { useDeleteForMe } from '../../components/chat/useDeleteForMe';
import { favoritable } from '../../components/chat/useMessageActions';
import { useT } from '../../i18n';
import { showToast } from '../../lib/ui';
import type { LocalMessage } from '../../store/chat/types';
import { useForward, type ForwardTarget } from './useForward';

/** What the forward sheet sends when it is open. */
interface Forwarding {
  messages: LocalMessage[];
  mode: ForwardMode;
}

/**
 * The chat window's side of the message actions: Forward (one message from its menu, or the
 * selection one by one or merged into a "Chat history" card), multi-select with Favorite and
 * Delete on what is chosen, and the forward sheet.
 */
export function useChatMessageActions(chatId: string, chat: { name: string; isGroup: boolean }) {
  const t = useT();
  const forward = useForward();
  const favorite = useAddMessageToFavorites();
  const deleteForMe = useDeleteForMe();
  const [chosen, setChosen] = useState<Map<string, LocalMessage> | null>(null);
  const [forwarding, setForwarding] = useState<Forwarding | null>(null);
  const [quoted, setQuoted] = useState<LocalMessage | null>(null);
  // A quote belongs to its chat: another chat opened in this window starts without it.
  const quoting = quoted?.chatId === chatId ? quoted : null;
  // The card's title names the user: asked for once they select.
  const me = useMyInfo(chosen !== null);
  const messages = useMemo(() => [...(chosen?.values() ?? [])], [chosen]);

  const host = useMemo<MessageActionsHost>(
    () => ({
      forward: (message) => setForwarding({ messages: [message], mode: 'EACH' }),
      select: (message) => setChosen(new Map(message.msgId ? [[message.msgId, message]] : [])),
      quote: setQuoted,
    }),
    [],
  );
  const selection = useMemo<MessageSelection | null>(
    () =>
      chosen && {
        selected: new Set(chosen.keys()),
        toggle: (message) =>
          setChosen((before) => {
            if (!before || !message.msgId) return before;
            const next = new Map(before);
            if (next.has(message.msgId)) next.delete(message.msgId);
            else next.set(message.msgId, message);
            return next;
          }),
      },
    [chosen],
  );

  const title = chat.isGroup
    ? t('forward.historyOfGroup')
    : t('forward.historyOfTwo', { a: me.data?.nickName ?? '', b: chat.name });
  const forwardable = messages.filter((m) => FORWARDABLE_TYPES.has(m.msgType));

  return {
    host,
    selection,
    /** The message the next text replies to, until sent or cancelled. */
    quoting,
    cancelQuote: () => setQuoted(null),
    bar: {
      count: messages.length,
      canForward: forwardable.length > 0 && forwardable.length === messages.length,
      onForward: (mode: ForwardMode) => setForwarding({ messages, mode }),
      onFavorite: async () => {
        const saving = messages.filter(favoritable);
        if (saving.length < messages.length) showToast(t('multiSelect.notFavoritable'));
        const saved = await Promise.all(
          saving.map((m) =>
            favorite.mutateAsync({ chatId: m.chatId, msgId: m.msgId }).then(
              () => 1,
              () => 0,
            ),
          ),
        );
        const count = saved.reduce<number>((sum, n) => sum + n, 0);
        if (count > 0) showToast(t('multiSelect.favorited', { count }), { role: 'status' });
        setChosen(null);
      },
      onDelete: async () => {
        const ids = messages.flatMap((m) => (m.msgId ? [m.msgId] : []));
        if (await deleteForMe(chatId, ids)) setChosen(null);
      },
      onCancel: () => setChosen(null),
    },
    sheet: {
      open: forwarding !== null,
      onClose: () => setForwarding(null),
      onSend: async (targets: ForwardTarget[], note: string) => {
        if (!forwarding) return false;
        const done = await forward({ ...forwarding, targets, note, title });
        if (done) setChosen(null);
        return done;
      },
    },
  };
}
