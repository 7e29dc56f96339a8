/**
 * Read receipts (protocol receipts.ts): derived from each member's read position, never stored
 * per message. A one-to-one read is told to the other member at once (PEER_READ); group reads
 * are gathered per chat in memory and told to the senders of the messages read past, at most
 * once per `groupReadsIntervalMs` (GROUP_READS), so a group where everyone reads every message
 * costs a few queries and pushes a second, not a query or a push per read.
 */
import {
  ChatType,
  NoticeType,
  noticePush,
  type NoticeContent,
  type PeerRead,
  type ReadCounts,
  type Readers,
  type ReadReceiptsSetting,
} from '@paichat/protocol';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../clock';
import type { Db } from '../../db';
import { ChatNotFoundError, MessageNotFoundError, ValidationError } from '../../errors';
import { parseBigId, parseId } from '../../ids';
import type { Bus } from '../../realtime/bus';
import { pushToUsers } from '../../realtime/push';
import * as chatsRepo from '../chats/repo';
import { seenLastSeq } from '../chats/views';
import * as repo from './repo';

export const GROUP_READS_INTERVAL_MS = 1_000;

export interface ReceiptsDeps {
  db: Db;
  clock: Clock;
  bus: Bus;
  log: FastifyBaseLogger;
  /** How often gathered group reads are told to the senders. */
  groupReadsIntervalMs?: number;
}

export function createReceiptsService(deps: ReceiptsDeps) {
  const { db, clock, bus, log } = deps;
  const interval = deps.groupReadsIntervalMs ?? GROUP_READS_INTERVAL_MS;
  /** Group chats read meanwhile: by reader, the seqs they read past, (from, to]. */
  const gathered = new Map<number, Map<number, { from: number; to: number }>>();
  let timer: NodeJS.Timeout | null = null;

  const push = async <T extends typeof NoticeType.PEER_READ | typeof NoticeType.GROUP_READS>(
    userIds: number[],
    type: T,
    content: NoticeContent<T>,
  ) => {
    try {
      await pushToUsers(bus, userIds.map(String), noticePush(type, content, clock.now()));
    } catch (error) {
      log.error({ err: error, type }, 'receipt push failed');
    }
  };

  /**
   * Tells the senders of the messages read past since the last time, in each chat read
   * meanwhile; only the reads of members who share receipts count. Two queries per chat.
   */
  async function tellGroupSenders(): Promise<void> {
    timer = null;
    const chats = [...gathered];
    gathered.clear();
    for (const [chatId, reads] of chats) {
      try {
        const sharing = await repo.withReceiptsOn(db, [...reads.keys()]);
        const ranges = sharing.flatMap((reader) => reads.get(reader) ?? []);
        if (ranges.length === 0) continue;
        const from = Math.min(...ranges.map((r) => r.from));
        const to = Math.max(...ranges.map((r) => r.to));
        const senders = await repo.withReceiptsOn(db, await repo.sendersBetween(db, chatId, from, to));
        if (senders.length > 0) await push(senders, NoticeType.GROUP_READS, { chatId: String(chatId) });
      } catch (error) {
        log.error({ err: error, chatId }, 'telling group reads failed');
      }
    }
  }

  /** The chat as the viewer, a member, sees it. */
  const memberChat = async (viewerId: number, chatId: string) => {
    const id = parseId(chatId);
    const chat = id === null ? undefined : await chatsRepo.findMemberChat(db, id, viewerId);
    if (!chat) throw new ChatNotFoundError();
    return chat;
  };

  const groupChat = async (viewerId: number, chatId: string) => {
    const chat = await memberChat(viewerId, chatId);
    if (chat.type !== ChatType.GROUP) throw new ValidationError('chatId: not a group chat');
    return chat;
  };

  return {
    async setting(userId: number): Promise<ReadReceiptsSetting> {
      return { readReceipts: await repo.readReceiptsOn(db, userId) };
    },

    async setSetting(userId: number, on: boolean): Promise<ReadReceiptsSetting> {
      await repo.setReadReceipts(db, userId, on);
      return { readReceipts: on };
    },

    /**
     * markRead's follow-up: the member's read position moved from `from` to `to`. One-to-one,
     * the other member is told now; a group read is only noted (nothing is looked up per read).
     */
    async readMoved(chat: chatsRepo.MemberChat, readerId: number, from: number, to: number): Promise<void> {
      const chatId = chat.chat_id;
      if (chat.type === ChatType.SINGLE) {
        const peer = chat.user_low === readerId ? chat.user_high : chat.user_low;
        if (peer === null || (await repo.withReceiptsOn(db, [readerId, peer])).length < 2) return;
        await push([peer], NoticeType.PEER_READ, { chatId: String(chatId), readSeq: to });
        return;
      }
      const reads = gathered.get(chatId) ?? new Map<number, { from: number; to: number }>();
      gathered.set(chatId, reads);
      const earlier = reads.get(readerId);
      reads.set(readerId, {
        from: Math.min(earlier?.from ?? from, from),
        to: Math.max(earlier?.to ?? to, to),
      });
      if (!timer) {
        timer = setTimeout(() => void tellGroupSenders(), interval);
        timer.unref();
      }
    },

    async peerRead(viewerId: number, chatId: string): Promise<PeerRead> {
      const chat = await memberChat(viewerId, chatId);
      if (chat.type !== ChatType.SINGLE) throw new ValidationError('chatId: not a one-to-one chat');
      const peer = await repo.peerOf(db, chat.chat_id, viewerId);
      const shown = peer?.read_receipts === 1 && (await repo.readReceiptsOn(db, viewerId));
      return { chatId: String(chat.chat_id), readSeq: shown && peer ? peer.read_seq : null };
    },

    async readCounts(viewerId: number, chatId: string, seqs: number[]): Promise<ReadCounts> {
      const chat = await groupChat(viewerId, chatId);
      const visible = [...new Set(seqs)].filter((seq) => seq > chat.cleared_seq && seq <= seenLastSeq(chat));
      const counts =
        visible.length > 0 && (await repo.readReceiptsOn(db, viewerId))
          ? await repo.ownReadCounts(db, chat.chat_id, viewerId, visible)
          : [];
      return { chatId: String(chat.chat_id), counts };
    },

    async readers(viewerId: number, chatId: string, msgId: string): Promise<Readers> {
      const chat = await groupChat(viewerId, chatId);
      const id = parseBigId(msgId);
      const message = id === null ? undefined : await chatsRepo.findMessageInChat(db, chat.chat_id, id);
      // Only the sender's own messages, as they see them: anyone else's is "no such message".
      if (
        !message ||
        message.sender_id !== viewerId ||
        message.seq <= chat.cleared_seq ||
        message.seq > seenLastSeq(chat)
      )
        throw new MessageNotFoundError();
      const members = (await repo.readReceiptsOn(db, viewerId))
        ? await repo.sharingMembersAt(db, chat.chat_id, message.seq, viewerId)
        : [];
      const reader = (m: repo.MemberRead) => ({
        userId: String(m.user_id),
        nickName: m.nick_name,
        portrait: m.portrait,
      });
      return {
        chatId: String(chat.chat_id),
        msgId: String(message.id),
        read: members.filter((m) => m.read_seq >= message.seq).map(reader),
        unread: members.filter((m) => m.read_seq < message.seq).map(reader),
      };
    },

    close(): void {
      if (timer) clearTimeout(timer);
      timer = null;
      gathered.clear();
    },
  };
}

export type ReceiptsService = ReturnType<typeof createReceiptsService>;
