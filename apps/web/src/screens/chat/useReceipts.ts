/**
 * What the other side knows, in an open chat (protocol receipts.ts): under the user's own
 * messages "Unread" / "Read" (one-to-one: the newest one read is marked, those after it are
 * unread) or "{n} read" (groups, tapping it lists who has and has not read it), and "typing…"
 * while the other person of a one-to-one chat types. All of it follows "Send read receipts":
 * off, nothing is shown and no typing is sent.
 */
import { use, useCallback, useEffect, useMemo, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { NoticeType, READ_COUNTS_MAX_SEQS, TYPING_SHOWN_MS, type PeerRead } from '@paichat/protocol';
import {
  peerReadKey,
  peerReadQuery,
  readCountsKey,
  readCountsQuery,
  readReceiptsQuery,
} from '../../api/queries/readReceipts';
import type { Receipt } from '../../components/chat/ReceiptLine';
import { useT } from '../../i18n';
import { ChatLifecycleContext } from '../../store/chat/lifecycle';
import type { LocalMessage } from '../../store/chat/types';
import { typingSignal } from './typingSignal';

export interface Receipts {
  /** One-to-one: the other person is typing. */
  typing: boolean;
  /** Call as the user types. */
  onTyping: () => void;
  /** The receipt under a message (own messages only). */
  receiptOf: (message: LocalMessage) => Receipt | null;
  /** The own group message whose readers are listed (its sheet is open), and closing it. */
  readersOf: string | null;
  closeReaders: () => void;
}

const isOwn = (message: LocalMessage) => message.type === 2 && message.seq !== undefined && !!message.msgId;

export function useReceipts(chatId: string, isGroup: boolean, messages: readonly LocalMessage[]): Receipts {
  const t = useT();
  const lifecycle = use(ChatLifecycleContext);
  const queryClient = useQueryClient();
  const on = useQuery({ ...readReceiptsQuery, enabled: chatId !== '' }).data?.readReceipts === true;
  const single = on && chatId !== '' && !isGroup;
  const group = on && chatId !== '' && isGroup;

  const peerRead = useQuery({ ...peerReadQuery(chatId), enabled: single }).data?.readSeq ?? null;
  const ownSeqs = useMemo(
    () =>
      group
        ? messages
            .filter(isOwn)
            .map((m) => m.seq as number)
            .slice(-READ_COUNTS_MAX_SEQS)
        : [],
    [group, messages],
  );
  const counts = useQuery({ ...readCountsQuery(chatId, ownSeqs), enabled: group && ownSeqs.length > 0 }).data;
  const countOf = useMemo(() => new Map(counts?.counts.map((c) => [c.seq, c.count])), [counts]);

  // Live: the other person read further; members read past the user's group messages.
  const pushes = lifecycle?.pushes;
  useEffect(() => {
    if (!pushes || !on) return;
    const offPeer = pushes.on(NoticeType.PEER_READ, (notice) => {
      if (notice.chatId !== chatId) return;
      queryClient.setQueryData<PeerRead>(peerReadKey(chatId), (was) => ({
        chatId,
        readSeq: Math.max(was?.readSeq ?? 0, notice.readSeq),
      }));
    });
    const offGroup = pushes.on(NoticeType.GROUP_READS, (notice) => {
      if (notice.chatId === chatId) void queryClient.invalidateQueries({ queryKey: readCountsKey(chatId) });
    });
    // Back from a reconnect: reads told meanwhile were missed.
    const offReady = pushes.on(NoticeType.SOCKET_READY, () => {
      void queryClient.invalidateQueries({ queryKey: peerReadKey(chatId) });
      void queryClient.invalidateQueries({ queryKey: readCountsKey(chatId) });
    });
    return () => {
      offPeer();
      offGroup();
      offReady();
    };
  }, [pushes, on, chatId, queryClient]);

  // "typing…" for TYPING_SHOWN_MS after each signal, or until their message comes.
  const [typingSince, setTypingSince] = useState<number | null>(null);
  useEffect(() => {
    if (!pushes || !single) return;
    return pushes.on(NoticeType.TYPING, (notice) => {
      if (notice.chatId === chatId) setTypingSince(Date.now());
    });
  }, [pushes, single, chatId]);
  useEffect(() => {
    if (typingSince === null) return;
    const timer = setTimeout(() => setTypingSince(null), TYPING_SHOWN_MS);
    return () => clearTimeout(timer);
  }, [typingSince]);
  const newestReceived = messages.findLast((m) => m.type === 1)?.id;
  useEffect(() => setTypingSince(null), [newestReceived, chatId]);

  const onTyping = useMemo(
    () => (single && lifecycle ? typingSignal(() => lifecycle.typing(chatId)) : () => undefined),
    [single, lifecycle, chatId],
  );

  const [readersOf, setReadersOf] = useState<string | null>(null);
  const lastRead = useMemo(
    () =>
      peerRead === null ? undefined : messages.findLast((m) => isOwn(m) && (m.seq ?? 0) <= peerRead)?.id,
    [messages, peerRead],
  );
  const receiptOf = useCallback(
    (message: LocalMessage): Receipt | null => {
      if (!isOwn(message)) return null;
      if (group) {
        const count = countOf.get(message.seq as number);
        if (count === undefined) return null;
        return {
          text: t('chatWindow.readCount', { count }),
          onOpen: () => setReadersOf(message.msgId ?? null),
        };
      }
      if (peerRead === null) return null;
      if ((message.seq as number) > peerRead) return { text: t('chatWindow.unread') };
      return message.id === lastRead ? { text: t('chatWindow.read') } : null;
    },
    [group, countOf, peerRead, lastRead, t],
  );

  return {
    typing: typingSince !== null,
    onTyping,
    receiptOf,
    readersOf,
    closeReaders: () => setReadersOf(null),
  };
}
