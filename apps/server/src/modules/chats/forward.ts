/**
 * Forwarding (docs/architecture.md, "Message actions"; contract packages/protocol/src/forward.ts).
 *
 * The forwarder names messages, never their content: each must be one they may read (a member
 * of its chat, after what they cleared, not after they left, not deleted for themselves) and of
 * a type that can be sent again. What each target gets is a copy of the stored content, so a
 * file is referenced again by the URL of a message the forwarder could read, and nobody can
 * pass on an upload they were never shown. Each copy goes through the target's own send path
 * (one-to-one: friendship and blocks; group: membership and the group's state, checked again
 * under the chat's lock), under a clientMsgId derived from the request's, so a retry stores
 * nothing twice.
 */
import {
  ChatType,
  FORWARDABLE_TYPES,
  forwardClientMsgId,
  MsgType,
  SendStatus,
  type ForwardMsgsRequest,
  type ForwardTargetResult,
  type HistoryContent,
  type SendMsgResult,
} from '@paichat/protocol';
import type { Db, MessageRow } from '../../db';
import { CannotForwardError, ChatNotFoundError, MessageNotFoundError } from '../../errors';
import type { AuthContext } from '../../http/auth-hook';
import { parseId } from '../../ids';
import * as usersRepo from '../users/repo';
import { deletedWithin, readableMessages } from './deletions';
import * as repo from './repo';
import { parseStoredContent } from './views';

/** One message a forward sends into a target: its type and content as stored. */
export interface Copy {
  clientMsgId: string;
  msgType: MsgType;
  content: Record<string, unknown>;
}

export interface ForwardDeps {
  db: Db;
  chats: { sendCopy(actor: AuthContext, copy: Copy & { userId: string }): Promise<SendMsgResult> };
  groups: { sendCopy(actor: AuthContext, copy: Copy & { groupId: string }): Promise<SendMsgResult> };
}

/** A source message with its sender as the chat showed them. */
interface Source {
  row: MessageRow;
  fromName: string;
  fromPortrait: string;
}

/**
 * What a copy keeps of a stored content: a text's quote and mentions belong to its own chat; its
 * link's card, frozen by the server, goes along.
 */
function copiedContent(msgType: string, content: Record<string, unknown>): Record<string, unknown> {
  if (msgType !== MsgType.TEXT) return content;
  return { text: content.text, ...(content.link ? { link: content.link } : {}) };
}

/** The messages, in the order named, each checked readable and forwardable; throws otherwise. */
async function readSources(db: Db, viewerId: number, items: ForwardMsgsRequest['items']): Promise<Source[]> {
  const byChat = new Map<string, string[]>();
  for (const item of items) byChat.set(item.chatId, [...(byChat.get(item.chatId) ?? []), item.msgId]);
  const rows = new Map<number, MessageRow>();
  for (const [chatId, msgIds] of byChat) {
    const id = parseId(chatId);
    const chat = id === null ? undefined : await repo.findMemberChat(db, id, viewerId);
    // Someone else's chat looks like a message that does not exist.
    if (!chat) throw new MessageNotFoundError();
    const found = await readableMessages(db, chat, msgIds);
    const seqs = found.map((row) => row.seq);
    const deleted = await deletedWithin(db, viewerId, chat.chat_id, Math.min(...seqs), Math.max(...seqs));
    for (const row of found) {
      if (deleted.has(row.seq)) throw new MessageNotFoundError();
      if (!FORWARDABLE_TYPES.has(row.msg_type)) throw new CannotForwardError();
      rows.set(row.id, row);
    }
  }
  const ordered = items.map((item) => rows.get(Number(item.msgId)) as MessageRow);
  const senderIds = [
    ...new Set(ordered.map((row) => row.sender_id).filter((id): id is number => id !== null)),
  ];
  const senders = new Map((await usersRepo.findUsersByIds(db, senderIds)).map((u) => [u.id, u] as const));
  return ordered.map((row) => {
    const sender = row.sender_id === null ? undefined : senders.get(row.sender_id);
    return { row, fromName: row.group_nick || sender?.nick_name || '', fromPortrait: sender?.portrait ?? '' };
  });
}

/** The "Chat history" card: frozen copies of the messages, with their senders as shown then. */
function historyOf(title: string, sources: Source[]): HistoryContent {
  return {
    title,
    items: sources.map(({ row, fromName, fromPortrait }) => ({
      fromName,
      fromPortrait,
      msgType: row.msg_type as MsgType,
      content: copiedContent(row.msg_type, parseStoredContent(row.content)),
      createTime: row.created_at,
    })),
  };
}

export function createForwardService({ db, chats, groups }: ForwardDeps) {
  /** How to send into each target, checked to be a chat of the forwarder's; throws otherwise. */
  async function sendersFor(actor: AuthContext, targets: ForwardMsgsRequest['targets']) {
    return Promise.all(
      targets.map(async ({ chatId }) => {
        const id = parseId(chatId);
        const chat = id === null ? undefined : await repo.findMemberChat(db, id, actor.userId);
        if (!chat) throw new ChatNotFoundError();
        if (chat.type === ChatType.GROUP) {
          const groupId = String(chat.group_id);
          return { chatId, send: (copy: Copy) => groups.sendCopy(actor, { ...copy, groupId }) };
        }
        const peer = chat.user_low === actor.userId ? chat.user_high : chat.user_low;
        const userId = String(peer);
        return { chatId, send: (copy: Copy) => chats.sendCopy(actor, { ...copy, userId }) };
      }),
    );
  }

  return {
    async forward(
      actor: AuthContext,
      input: ForwardMsgsRequest,
    ): Promise<{ targets: ForwardTargetResult[] }> {
      const sources = await readSources(db, actor.userId, input.items);
      const targets = await sendersFor(actor, input.targets);
      const copiesFor = (chatId: string): Copy[] => {
        const copies: Copy[] =
          input.mode === 'MERGED'
            ? [
                {
                  clientMsgId: forwardClientMsgId(input.clientMsgId, chatId, 'h'),
                  msgType: MsgType.HISTORY,
                  content: historyOf(input.title, sources),
                },
              ]
            : sources.map(({ row }, i) => ({
                clientMsgId: forwardClientMsgId(input.clientMsgId, chatId, i),
                msgType: row.msg_type as MsgType,
                content: copiedContent(row.msg_type, parseStoredContent(row.content)),
              }));
        if (input.note)
          copies.push({
            clientMsgId: forwardClientMsgId(input.clientMsgId, chatId, 'n'),
            msgType: MsgType.TEXT,
            content: { text: input.note },
          });
        return copies;
      };
      // Targets side by side (their sends share the appender's batches); one target's in order.
      const results = await Promise.all(
        targets.map(async ({ chatId, send }) => {
          const sends: SendMsgResult[] = [];
          for (const copy of copiesFor(chatId)) {
            const result = await send(copy);
            sends.push(result);
            if (result.status !== SendStatus.OK) break;
          }
          return { chatId, sends };
        }),
      );
      return { targets: results };
    },
  };
}

export type ForwardService = ReturnType<typeof createForwardService>;
