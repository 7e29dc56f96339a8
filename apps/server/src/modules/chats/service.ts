/**
 * Chats and messages: the delivery guarantee.
 *
 * A send checks the pair (friends, neither blocked) and stores the message in a transaction
 * that also takes the chat's next seq (repo.appendMessage; concurrent sends share one
 * transaction, see appender.ts); only after the commit is it pushed, to every member's devices
 * (the sender's too). The (sender, clientMsgId) pair is unique: a retry, even one racing its
 * original, answers the original msgId and seq and stores nothing (and leaves no seq gap); it
 * pushes the original again, since the attempt it repeats may have lost its reply, and its
 * push, after the commit.
 * Pushes are best effort; what makes delivery certain is the seq: a device that misses a push
 * sees the next one skip a seq, or reconnects, and fetches the gap with syncMessages.
 *
 * Read state, pins, mutes, removals and clears are per member; each change is told to all of
 * the member's devices as a NOTICE carrying the chat's new state.
 *
 * GROUP chats are read through here too (their sends and changes are modules/groups'): a
 * former member's view of one ends at their `left_seq`, the notice that told them they left.
 */
import {
  ALERT_TEXT,
  AlertCode,
  belowRanges,
  ChatType,
  clipRanges,
  countInRanges,
  MsgType,
  NoticeType,
  SendStatus,
  type ChatSession,
  type ChatState,
  type ChatUpdatedNotice,
  type MsgPush,
  type SendMsgRequest,
  type SendMsgResult,
  type ServerMessage,
  type YesNo,
  noticePush,
  stepDown,
  type NoticeContent,
  type ReactionContent,
  type RecallWindows,
} from '@paichat/protocol';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../clock';
import type { Db, MessageRow, Tx } from '../../db';
import {
  ChatNotFoundError,
  MessageNotFoundError,
  UnauthorizedError,
  UserNotFoundError,
  ValidationError,
} from '../../errors';
import type { AuthContext } from '../../http/auth-hook';
import { parseBigId, parseId } from '../../ids';
import type { Bus } from '../../realtime/bus';
import { pushToUsers } from '../../realtime/push';
import * as friendsRepo from '../friends/repo';
import type { AfterCommit, FriendsMadeEvent } from '../friends/service';
import type { Visibility } from '../friends/visibility';
import { pushGroupMessage } from '../groups/delivery';
import { groupFaces } from '../groups/faces';
import * as usersRepo from '../users/repo';
import type { PushNotifier } from '../webpush/notifier';
import type { AppendRequest, Appender, Refusal } from './appender';
import type { IdMark } from './id-mark';
import { storedContent, type ContentDeps } from './content';
import { textWrites, type TextPlace } from './reply';
import * as deletions from './deletions';
import type { Copy } from './forward';
import {
  applyReaction,
  chatTimeOf,
  checkReactable,
  decideToggle,
  reactionClientMsgId,
  summariesFor,
  whoReacted,
} from './reactions';
import { applyRecall, checkRecall, recallClientMsgId, standingIn, type Standing } from './recall';
import { refusalUnlessRetry, sent, unstoredAnswer, type Redeliver } from './send-result';
import * as repo from './repo';
import {
  party,
  parseStoredContent,
  seenLastSeq,
  toChatSession,
  toChatState,
  toServerMessage,
  type ChatShape,
  type Person,
  type StoredMessage,
} from './views';

export interface ChatsServiceDeps {
  db: Db;
  clock: Clock;
  bus: Bus;
  log: FastifyBaseLogger;
  describeFiles: ContentDeps['describeFiles'];
  /** Shared favorites (COLLECTION): the sender's own only. */
  favoriteOf: ContentDeps['favoriteOf'];
  /** Stores sends in group-commit batches (shared with group sends). */
  appender: Appender;
  /** Covers the ids of the notices written here, before they commit. */
  idMark: IdMark;
  /** Who may card whom (contact cards). */
  visibility: Pick<Visibility, 'cardOf'>;
  /** Wakes recipients with no open socket (Web Push). */
  webPush: Pick<PushNotifier, 'message'>;
  /** How long after sending its sender may recall a message. */
  recallWindows: RecallWindows;
  /** A member read further, from `from` to `to` (read receipts: modules/receipts). */
  onReadMoved?: (chat: repo.MemberChat, readerId: number, from: number, to: number) => Promise<void>;
}

/** Names a chat by id, or (SINGLE) by the friend's user id. */
export interface ChatRef {
  chatId?: string | undefined;
  userId?: string | undefined;
}

/** The message the appender stored for `request`, at the id and seq its outcome names. */
const storedMessage = (
  outcome: { id: number; seq: number; chatId: number },
  request: Pick<AppendRequest, 'senderId' | 'clientMsgId' | 'msgType' | 'content' | 'createdAt'>,
): StoredMessage => ({
  id: outcome.id,
  chat_id: outcome.chatId,
  seq: outcome.seq,
  sender_id: request.senderId,
  client_msg_id: request.clientMsgId,
  msg_type: request.msgType,
  content: request.content,
  created_at: request.createdAt,
});

const pairOf = (a: number, b: number): ChatShape => ({
  type: ChatType.SINGLE,
  user_low: Math.min(a, b),
  user_high: Math.max(a, b),
  group_id: null,
});

export function createChatsService(deps: ChatsServiceDeps) {
  const { db, clock, bus, log } = deps;
  const { appender, idMark } = deps;
  const contentDeps: ContentDeps = {
    db,
    describeFiles: deps.describeFiles,
    cardOf: deps.visibility.cardOf,
    favoriteOf: deps.favoriteOf,
  };

  /**
   * Pushes a SINGLE chat's message to both members' devices: each user gets it with `isSelf`
   * and `chatInfo` from their own point of view. Best effort: the message is committed, and a
   * device that misses this push repairs the gap by seq.
   */
  async function deliver(message: StoredMessage, members: [Person, Person], senderId: number | null) {
    const chat = pairOf(members[0].id, members[1].id);
    const sender = members.find((m) => m.id === senderId);
    const pushes = members.map((member) => {
      const other = member === members[0] ? members[1] : members[0];
      const msgContent: ServerMessage = toServerMessage(message, chat, member.id, sender);
      const push: MsgPush = {
        pushType: 'MSG',
        msgId: msgContent.msgId,
        chatId: msgContent.chatId,
        chatType: ChatType.SINGLE,
        seq: message.seq,
        ...(message.client_msg_id ? { clientMsgId: message.client_msg_id } : {}),
        msgContent,
        fromInfo: party(sender),
        chatInfo: party(other),
        createTime: message.created_at,
      };
      return pushToUsers(bus, [String(member.id)], push);
    });
    try {
      await Promise.all(pushes);
    } catch (error) {
      log.error({ err: error, msgId: message.id }, 'message push failed');
    }
  }

  /**
   * Pushes an event (a recall, a reaction) to the chat's members (a group's: those it is for,
   * read by seq). Best effort, as every push. Answers who it is for.
   */
  async function deliverEvent(message: StoredMessage, chat: repo.MemberChat, by: Standing) {
    try {
      if (by.group) {
        const recipients = await repo.recipientsAt(db, chat.chat_id, message.seq);
        const sender = { person: by.person, groupNick: by.groupNick };
        await pushGroupMessage(bus, by.group, message, sender, recipients);
        return recipients;
      }
      const [a, b] = await usersRepo.findUsersByIds(db, [chat.user_low ?? 0, chat.user_high ?? 0]);
      if (a && b) await deliver(message, [a, b], by.person.id);
      return [chat.user_low, chat.user_high].filter((id): id is number => id !== null);
    } catch (error) {
      log.error({ err: error, msgId: message.id }, 'event push failed');
      return undefined;
    }
  }

  /** Tells all the user's devices (the one that asked too: the state is idempotent). */
  async function notify<
    T extends typeof NoticeType.CHAT_READ | typeof NoticeType.CHAT_UPDATED | typeof NoticeType.MSG_DELETED,
  >(userId: number, noticeType: T, content: NoticeContent<T>) {
    try {
      await pushToUsers(bus, [String(userId)], noticePush(noticeType, content, clock.now()));
    } catch (error) {
      log.error({ err: error, noticeType }, 'push failed');
    }
  }

  /** The chat a request names, as the viewer sees it; ChatNotFound when they are not a member. */
  async function resolveChat(viewerId: number, ref: ChatRef): Promise<repo.MemberChat> {
    if (ref.chatId !== undefined) {
      const id = parseId(ref.chatId);
      const chat = id === null ? undefined : await repo.findMemberChat(db, id, viewerId);
      if (!chat) throw new ChatNotFoundError();
      return chat;
    }
    const peerId = parseId(ref.userId ?? '');
    if (peerId === null || peerId === viewerId) throw new ChatNotFoundError();
    let chatId = (await repo.findSingleChat(db, viewerId, peerId))?.id;
    if (chatId === undefined) {
      // Friends from before chats existed (demo data, say): their chat opens on first use.
      if (!(await friendsRepo.findFriendship(db, viewerId, peerId))) throw new ChatNotFoundError();
      chatId = await db
        .transaction()
        .execute((trx) => repo.ensureSingleChat(trx, viewerId, peerId, clock.now()));
    }
    const chat = await repo.findMemberChat(db, chatId, viewerId);
    if (!chat) throw new ChatNotFoundError();
    return chat;
  }

  /**
   * Messages as the viewer receives them, with their senders' names (DELETED where they deleted
   * them) and their reactions.
   */
  async function present(stored: MessageRow[], chat: ChatShape, viewerId: number): Promise<ServerMessage[]> {
    const rows = await deletions.hideDeleted(db, viewerId, stored);
    const senderIds = [...new Set(rows.map((r) => r.sender_id).filter((id): id is number => id !== null))];
    const senders = new Map((await usersRepo.findUsersByIds(db, senderIds)).map((u) => [u.id, u] as const));
    const reactions = await summariesFor(
      db,
      viewerId,
      rows.filter((row) => row.msg_type !== MsgType.DELETED).map((row) => row.id),
    );
    return rows.map((row) => {
      const message = toServerMessage(
        { ...row, content: parseStoredContent(row.content) },
        chat,
        viewerId,
        row.sender_id === null ? undefined : senders.get(row.sender_id),
        row.group_nick ?? '',
      );
      const summary = row.msg_type === MsgType.DELETED ? undefined : reactions.get(row.id);
      return summary ? { ...message, reactions: summary } : message;
    });
  }

  /** Chat-list entries, each group's with its first members' faces (one query for the page). */
  async function sessionsWithFaces(rows: readonly repo.SessionRow[]): Promise<ChatSession[]> {
    const groupIds = rows.flatMap((row) =>
      row.group_id === null || row.left_seq !== null ? [] : [row.group_id],
    );
    const faces = await groupFaces(db, groupIds);
    return rows.map((row) => toChatSession(row, row.group_id === null ? undefined : faces.get(row.group_id)));
  }

  async function stateAfter(chatId: number, userId: number): Promise<ChatState> {
    const chat = await repo.findMemberChat(db, chatId, userId);
    if (!chat) throw new ChatNotFoundError();
    return toChatState(chat);
  }

  async function changeSetting(
    actor: AuthContext,
    chatId: string,
    change: ChatUpdatedNotice['change'],
    apply: (chat: repo.MemberChat) => Promise<void>,
  ): Promise<ChatState> {
    const chat = await resolveChat(actor.userId, { chatId });
    await apply(chat);
    const state = await stateAfter(chat.chat_id, actor.userId);
    await notify(actor.userId, NoticeType.CHAT_UPDATED, { ...state, change });
    return state;
  }

  /**
   * One message to a friend: the pair's rules (friends, neither blocked) first, then its
   * content (`contentOf`, which may refuse it too), stored through the appender and pushed.
   */
  async function sendToFriend(
    actor: AuthContext,
    input: { userId: string; clientMsgId?: string | undefined; msgType: MsgType },
    contentOf: (place: TextPlace) => Promise<Record<string, unknown>>,
  ): Promise<SendMsgResult> {
    const recipientId = parseId(input.userId);
    if (recipientId === actor.userId)
      throw new ValidationError('userId: you cannot send a message to yourself');
    if (recipientId === null) throw new UserNotFoundError();
    const clientMsgId = input.clientMsgId ?? null;
    const context = await repo.loadPairContext(db, actor.userId, recipientId);
    const sender = context.users.find((u) => u.id === actor.userId);
    const recipient = context.users.find((u) => u.id === recipientId);
    if (!sender) throw new UnauthorizedError();
    if (!recipient) throw new UserNotFoundError();

    // A retry answers its original message, pushed again (its first push may never have gone out).
    const redeliver: Redeliver = (original) =>
      deliver(
        { ...original, content: parseStoredContent(original.content) },
        [sender, recipient],
        actor.userId,
      );
    const refuse = (status: Refusal) => refusalUnlessRetry(db, actor.userId, clientMsgId, status, redeliver);
    if (context.senderBlocks) return refuse(SendStatus.USER_BLOCKED);
    if (context.recipientBlocks) return refuse(SendStatus.BLOCKED_BY_USER);
    if (!context.friends) return refuse(SendStatus.NOT_FRIENDS);

    const content = await contentOf({ chatId: context.chatId, groupId: null });
    const alsoWrite = textWrites(content, actor.userId);
    const now = clock.now();
    const outcome = await appender.append({
      chatId: context.chatId,
      senderId: actor.userId,
      recipientId,
      clientMsgId,
      msgType: input.msgType,
      content,
      createdAt: now,
      ...(alsoWrite && { alsoWrite }),
    });
    // A retry (or a copy racing its original): nothing was stored; answer the original.
    if (!outcome.stored) return unstoredAnswer(outcome, clientMsgId ?? '', redeliver);
    const message = storedMessage(outcome, {
      senderId: actor.userId,
      clientMsgId,
      msgType: input.msgType,
      content,
      createdAt: now,
    });
    await deliver(message, [sender, recipient], actor.userId);
    deps.webPush.message({
      message,
      sender: { id: actor.userId, name: sender.nick_name },
      group: null,
      recipientIds: [recipientId],
    });
    return sent(
      { id: outcome.id, seq: outcome.seq, chat_id: outcome.chatId, created_at: now },
      clientMsgId ?? '',
      false,
    );
  }

  const flag = (value: YesNo) => (value === 'Y' ? 1 : 0);

  return {
    /** This server's recall windows (clients offer "Recall" within them). */
    recallWindows: deps.recallWindows,

    /**
     * The friends module's seam: two people became friends, inside that transaction. Their
     * chat opens (or reopens) with a "you are now friends" notice, pushed once committed.
     */
    async onFriendsMade(trx: Tx, event: FriendsMadeEvent): Promise<AfterCommit> {
      const { requesterId, accepterId, at } = event;
      const chatId = await repo.ensureSingleChat(trx, requesterId, accepterId, at);
      const content = { code: AlertCode.nowFriends, text: ALERT_TEXT.nowFriends, params: {} };
      const { id, seq } = await repo.appendNotice(trx, idMark, {
        chatId,
        content,
        createdAt: at,
      });
      // A notice is nothing to catch up on: it does not count as unread.
      for (const userId of [requesterId, accepterId]) await repo.advanceRead(trx, chatId, userId, seq);
      const people = await usersRepo.findUsersByIds(trx, [requesterId, accepterId]);
      const message: StoredMessage = {
        id,
        chat_id: chatId,
        seq,
        sender_id: null,
        client_msg_id: null,
        msg_type: MsgType.ALERT,
        content,
        created_at: at,
      };
      return async () => {
        const [a, b] = people;
        if (a && b) await deliver(message, [a, b], null);
      };
    },

    send: (actor: AuthContext, input: SendMsgRequest): Promise<SendMsgResult> =>
      sendToFriend(actor, input, (place) => storedContent(input, actor.userId, contentDeps, place)),

    /** A forwarded copy (forward.ts): content already stored in a message the sender may read. */
    sendCopy: (actor: AuthContext, copy: Copy & { userId: string }): Promise<SendMsgResult> =>
      sendToFriend(actor, copy, () => Promise.resolve(copy.content)),

    /**
     * Recalls a message (recall.ts): the RECALL event takes the chat's next seq through the
     * appender, its target becomes RECALLED in the same transaction, and the event is pushed
     * (and woken by Web Push, which replaces a wake-up for the message not yet shown).
     */
    async recall(actor: AuthContext, input: { chatId: string; msgId: string }): Promise<ServerMessage> {
      const chat = await resolveChat(actor.userId, { chatId: input.chatId });
      const targetId = parseBigId(input.msgId);
      const target = targetId === null ? undefined : await repo.findMessageInChat(db, chat.chat_id, targetId);
      if (!target || target.seq <= chat.cleared_seq || target.seq > seenLastSeq(chat))
        throw new MessageNotFoundError();
      const clientMsgId = recallClientMsgId(target.id);
      const answer = async (row: MessageRow) =>
        (await present([row], chat, actor.userId))[0] as ServerMessage;
      // A retry of a recall that went through answers its event.
      const done = await repo.findByClientMsgId(db, actor.userId, clientMsgId);
      if (done) return answer(done);
      const standing = await standingIn(db, chat, actor.userId);
      const now = clock.now();
      checkRecall(target, standing.recaller, now, deps.recallWindows);
      const content = { targetSeq: target.seq, targetMsgId: String(target.id) };
      const outcome = await appender.append({
        chatId: chat.chat_id,
        senderId: actor.userId,
        recipientId: 0,
        clientMsgId,
        msgType: MsgType.RECALL,
        content,
        createdAt: now,
        ...(standing.group ? { groupNick: standing.groupNick } : {}),
        // Again once the chat is locked: another recall, or a change of owner, may have just committed.
        admit: async (trx) => {
          const locked = await standingIn(trx, chat, actor.userId);
          const current = await repo.findMessageInChat(trx, chat.chat_id, target.id);
          checkRecall(current ?? target, locked.recaller, now, deps.recallWindows);
          return null;
        },
        alsoWrite: (trx, stored) => applyRecall(trx, target, standing.recaller, stored),
      });
      if (!outcome.stored) {
        if (outcome.original) return answer(outcome.original);
        throw new Error('a recall is never refused by admit');
      }
      const message = storedMessage(outcome, {
        senderId: actor.userId,
        clientMsgId,
        msgType: MsgType.RECALL,
        content,
        createdAt: now,
      });
      const recipients = await deliverEvent(message, chat, standing);
      deps.webPush.message({
        message,
        sender: { id: actor.userId, name: standing.recaller.name },
        group: standing.group?.name ?? null,
        recipientIds: recipients?.filter((id) => id !== actor.userId),
      });
      return toServerMessage(message, chat, actor.userId, standing.person, standing.groupNick);
    },

    /**
     * Puts an emoji on a message or takes it back (reactions.ts): a REACTION event under the
     * chat's next seq, decided and applied under the chat's lock, pushed like a message. No Web
     * Push wakes anyone for it, and it is no new message in the chat list. A retry with the same
     * clientMsgId answers the first event.
     */
    async react(
      actor: AuthContext,
      input: { chatId: string; msgId: string; emoji: string; clientMsgId: string },
    ): Promise<ServerMessage> {
      const chat = await resolveChat(actor.userId, { chatId: input.chatId });
      const clientMsgId = reactionClientMsgId(input.clientMsgId);
      const answer = async (row: MessageRow) =>
        (await present([row], chat, actor.userId))[0] as ServerMessage;
      const done = await repo.findByClientMsgId(db, actor.userId, clientMsgId);
      if (done) {
        if (done.chat_id !== chat.chat_id || done.msg_type !== MsgType.REACTION)
          throw new ValidationError('clientMsgId: already used for another message');
        return answer(done);
      }
      const targetId = parseBigId(input.msgId);
      const found = targetId === null ? undefined : await repo.findMessageInChat(db, chat.chat_id, targetId);
      const target = await checkReactable(db, chat, actor.userId, found);
      const standing = await standingIn(db, chat, actor.userId);
      const content: ReactionContent = {
        targetSeq: target.seq,
        targetMsgId: String(target.id),
        emoji: input.emoji,
        on: true,
      };
      let chatTime = 0;
      const now = clock.now();
      const outcome = await appender.append({
        chatId: chat.chat_id,
        senderId: actor.userId,
        recipientId: 0,
        clientMsgId,
        msgType: MsgType.REACTION,
        content,
        createdAt: now,
        ...(standing.group ? { groupNick: standing.groupNick } : {}),
        // Once the chat is locked: still a member, the target not recalled since, and the toggle.
        admit: async (trx) => {
          await standingIn(trx, chat, actor.userId);
          await checkReactable(
            trx,
            chat,
            actor.userId,
            await repo.findMessageInChat(trx, chat.chat_id, target.id),
          );
          chatTime = await chatTimeOf(trx, chat.chat_id);
          await decideToggle(trx, actor.userId, content);
          return null;
        },
        alsoWrite: (trx, stored) => applyReaction(trx, actor.userId, content, stored, chatTime),
      });
      if (!outcome.stored) {
        if (outcome.original) return answer(outcome.original);
        throw new Error('a reaction is never refused by admit');
      }
      const message = storedMessage(outcome, {
        senderId: actor.userId,
        clientMsgId,
        msgType: MsgType.REACTION,
        content,
        createdAt: now,
      });
      await deliverEvent(message, chat, standing);
      return toServerMessage(message, chat, actor.userId, standing.person, standing.groupNick);
    },

    /** Who reacted to a message the viewer can read, with which emoji. */
    async reactions(viewerId: number, input: { chatId: string; msgId: string }) {
      const chat = await resolveChat(viewerId, { chatId: input.chatId });
      const id = parseBigId(input.msgId);
      const found = id === null ? undefined : await repo.findMessageInChat(db, chat.chat_id, id);
      if (!found || found.seq <= chat.cleared_seq || found.seq > seenLastSeq(chat))
        throw new MessageNotFoundError();
      return { msgId: String(found.id), list: await whoReacted(db, chat, found.id) };
    },

    async listSessions(viewerId: number, page: { pageNum: number; pageSize: number }) {
      const total = await repo.countSessions(db, viewerId);
      const rows = await repo.listSessions(db, viewerId, page.pageSize, (page.pageNum - 1) * page.pageSize);
      return {
        list: await sessionsWithFaces(rows),
        total,
        pageNum: page.pageNum,
        pageSize: page.pageSize,
        pages: Math.ceil(total / page.pageSize),
      };
    },

    async getSession(viewerId: number, ref: ChatRef): Promise<ChatSession> {
      const chat = await resolveChat(viewerId, ref);
      const row = await repo.findSession(db, viewerId, chat.chat_id);
      if (!row) throw new ChatNotFoundError();
      const [session] = await sessionsWithFaces([row]);
      return session as ChatSession;
    },

    /**
     * A page of older messages: before lastMsgId, or before beforeSeq, or the pageNum-th page
     * back from the newest.
     */
    async getMessages(
      viewerId: number,
      input: ChatRef & {
        chatType: ChatType;
        pageNum: number;
        pageSize: number;
        lastMsgId?: string | undefined;
        beforeSeq?: number | undefined;
      },
    ) {
      const chat = await resolveChat(viewerId, input);
      if (chat.type !== input.chatType) throw new ChatNotFoundError();
      const floor = chat.cleared_seq;
      // A former group member sees nothing after the notice that told them they left.
      const last = seenLastSeq(chat);
      // Every seq in floor…last holds a visible message, except the empty ones.
      const empty = await repo.emptySeqsWithin(db, chat.chat_id, floor + 1, last);
      let before: number;
      if (input.lastMsgId) {
        const id = parseBigId(input.lastMsgId);
        const anchor = id === null ? undefined : await repo.findMessageInChat(db, chat.chat_id, id);
        if (!anchor || anchor.seq <= floor || anchor.seq > last) throw new MessageNotFoundError();
        before = anchor.seq;
      } else if (input.beforeSeq !== undefined) {
        before = Math.min(input.beforeSeq, last + 1);
      } else {
        // A page number past the first message reads below seq 1: an empty page.
        before = Math.max(0, stepDown(empty, last, (input.pageNum - 1) * input.pageSize));
      }
      const rows = (await repo.listMessagesBefore(db, chat.chat_id, before, floor, input.pageSize)).reverse();
      // Rows are never deleted, so this is the count.
      const total = Math.max(0, last - floor - countInRanges(empty, floor + 1, last));
      const oldest = rows[0];
      const hasMore = oldest !== undefined && belowRanges(empty, oldest.seq - 1) > floor;
      const emptySeqs = clipRanges(empty, hasMore && oldest ? oldest.seq : floor + 1, before - 1);
      return {
        list: await present(rows, chat, viewerId),
        total,
        pageNum: input.pageNum,
        pageSize: input.pageSize,
        pages: Math.ceil(total / input.pageSize),
        chatId: String(chat.chat_id),
        hasMore,
        lastSeq: last,
        readSeq: chat.read_seq,
        clearedSeq: chat.cleared_seq,
        ...(emptySeqs.length > 0 ? { emptySeqs } : {}),
      };
    },

    /** One message as the viewer sees it: never one they cleared, nor one after they left. */
    async message(viewerId: number, chatId: string, msgId: string): Promise<ServerMessage> {
      const chat = await resolveChat(viewerId, { chatId });
      const id = parseBigId(msgId);
      const row = id === null ? undefined : await repo.findMessageInChat(db, chat.chat_id, id);
      if (!row || row.seq <= chat.cleared_seq || row.seq > seenLastSeq(chat))
        throw new MessageNotFoundError();
      const [message] = await present([row], chat, viewerId);
      return message as ServerMessage;
    },

    /**
     * Catch-up: messages after a seq, oldest first (never the ones the viewer cleared), and the
     * empty seqs among them.
     */
    async sync(viewerId: number, input: ChatRef & { afterSeq: number; limit: number }) {
      const chat = await resolveChat(viewerId, input);
      const after = Math.max(input.afterSeq, chat.cleared_seq);
      const rows = await repo.listMessagesAfter(
        db,
        chat.chat_id,
        after,
        input.limit + 1,
        chat.left_seq ?? undefined,
      );
      const hasMore = rows.length > input.limit;
      const page = hasMore ? rows.slice(0, input.limit) : rows;
      const lastSeq = Math.max(seenLastSeq(chat), rows.at(-1)?.seq ?? 0);
      const coveredTo = hasMore ? (page.at(-1)?.seq ?? after) : lastSeq;
      // A page with a message at every seq it covers (the usual one) has no empty seq to look up.
      const emptySeqs =
        page.length === coveredTo - after
          ? []
          : await repo.emptySeqsWithin(db, chat.chat_id, after + 1, coveredTo);
      return {
        chatId: String(chat.chat_id),
        list: await present(page, chat, viewerId),
        lastSeq,
        hasMore,
        ...(emptySeqs.length > 0 ? { emptySeqs } : {}),
      };
    },

    /** Delete for me (deletions.ts): hidden from this member only, on all their devices. */
    async deleteForMe(actor: AuthContext, input: { chatId: string; msgIds: string[] }) {
      const chat = await resolveChat(actor.userId, { chatId: input.chatId });
      const rows = await deletions.readableMessages(db, chat, input.msgIds);
      await deletions.deleteForMe(db, actor.userId, rows, clock.now());
      const seqs = [...new Set(rows.map((row) => row.seq))].sort((a, b) => a - b);
      const chatId = String(chat.chat_id);
      await notify(actor.userId, NoticeType.MSG_DELETED, { chatId, seqs });
      return { chatId, seqs };
    },

    /** Every seq of the chat the viewer deleted for themselves (what they can still see of). */
    async deletedSeqs(viewerId: number, chatId: string) {
      const chat = await resolveChat(viewerId, { chatId });
      const seqs = await deletions.deletedWithin(
        db,
        viewerId,
        chat.chat_id,
        chat.cleared_seq + 1,
        seenLastSeq(chat),
      );
      return { chatId: String(chat.chat_id), seqs: [...seqs].sort((a, b) => a - b) };
    },

    async markRead(actor: AuthContext, chatId: string, readSeq?: number): Promise<ChatState> {
      const chat = await resolveChat(actor.userId, { chatId });
      const last = seenLastSeq(chat);
      const target = Math.min(readSeq ?? last, last);
      const moved = await repo.advanceRead(db, chat.chat_id, actor.userId, target);
      const state = await stateAfter(chat.chat_id, actor.userId);
      if (moved) {
        await notify(actor.userId, NoticeType.CHAT_READ, state);
        await deps.onReadMoved?.(chat, actor.userId, chat.read_seq, target).catch((error: unknown) => {
          log.error({ err: error, chatId }, 'read receipt failed');
        });
      }
      return state;
    },

    setTop: (actor: AuthContext, chatId: string, value: YesNo) =>
      changeSetting(actor, chatId, 'top', (chat) =>
        repo.updateMember(db, chat.chat_id, actor.userId, { is_top: flag(value) }),
      ),

    setDisturb: (actor: AuthContext, chatId: string, value: YesNo) =>
      changeSetting(actor, chatId, 'disturb', (chat) =>
        repo.updateMember(db, chat.chat_id, actor.userId, { is_disturb: flag(value) }),
      ),

    /** Off the list (and read) until the next message. */
    remove: (actor: AuthContext, chatId: string) =>
      changeSetting(actor, chatId, 'remove', (chat) =>
        repo.catchUpMember(db, chat.chat_id, actor.userId, 'hidden_seq'),
      ),

    /** Everything so far becomes invisible to this member only (and read). */
    clear: (actor: AuthContext, chatId: string) =>
      changeSetting(actor, chatId, 'clear', (chat) =>
        repo.catchUpMember(db, chat.chat_id, actor.userId, 'cleared_seq'),
      ),
  };
}

export type ChatsService = ReturnType<typeof createChatsService>;
