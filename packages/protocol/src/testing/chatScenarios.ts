/**
 * The chat rules, written once as scenarios against a small backend interface, and run against
 * the real server (apps/server/test/chat-scenarios.test.ts, on SQLite and PostgreSQL) and
 * against the web's in-memory fake (apps/web/src/store/chat/testing/fakeChatServer.test.ts).
 * A rule the fake gets wrong fails there; a scenario that states a rule wrongly fails on the
 * real server. The engine's own tests may then trust the fake.
 *
 * Every scenario makes its own people, friendships and groups. Ids (users, chats, messages)
 * differ between backends and are never compared; seqs, texts, states and statuses are.
 */
import { expect } from 'vitest';
import {
  clearChatMessages,
  getChatMessages,
  getChatSession,
  getChatSessions,
  markRead,
  recallMsg,
  removeChatSession,
  sendMsg,
  setChatDisturb,
  setChatTop,
  syncMessages,
  SendStatus,
  type SendMsgResult,
} from '../chats';
import type { Endpoint, RequestOf, ResponseOf } from '../endpoint';
import { groupSendMsg } from '../groups';
import type { ServerMessage } from '../messages';
import type { ServerPush } from '../notices';
import { NoticeType } from '../socket';

export interface ChatUser {
  userId: string;
}

export type Answer<T> = { ok: true; data: T } | { ok: false; err: string };

/** What a scenario can do with a backend. */
export interface ChatBackend {
  /** A new person, with one device listening for pushes. */
  user(name: string): Promise<ChatUser>;
  /** `a` asks and `b` accepts: their chat opens with the "now friends" notice. */
  befriend(a: ChatUser, b: ChatUser): Promise<void>;
  createGroup(
    owner: ChatUser,
    others: ChatUser[],
    name: string,
  ): Promise<{ groupId: string; chatId: string }>;
  /** The owner removes a member. */
  removeFromGroup(owner: ChatUser, groupId: string, member: ChatUser): Promise<void>;
  dismissGroup(owner: ChatUser, groupId: string): Promise<void>;
  call<E extends Endpoint>(user: ChatUser, endpoint: E, input: RequestOf<E>): Promise<Answer<ResponseOf<E>>>;
  /** The first push to the user's device (not yet taken) that matches; waits for it. */
  nextPush(user: ChatUser, match: (push: ServerPush) => boolean): Promise<ServerPush>;
  /**
   * The server starts again on a database `lost` message ids behind its message-id mark (as
   * after restoring a backup that lacks that many messages), and everyone's device connects
   * again. Every chat's seqs continue that far on.
   */
  restart(lost: number): Promise<void>;
}

export interface ChatScenario {
  name: string;
  run(backend: ChatBackend): Promise<void>;
}

/** The data of a call that must succeed. */
async function ok<E extends Endpoint>(
  backend: ChatBackend,
  user: ChatUser,
  endpoint: E,
  input: RequestOf<E>,
): Promise<ResponseOf<E>> {
  const answer = await backend.call(user, endpoint, input);
  if (!answer.ok) throw new Error(`${endpoint.path} was refused: ${answer.err}`);
  return answer.data;
}

const say = (backend: ChatBackend, from: ChatUser, to: ChatUser, text: string, clientMsgId?: string) =>
  ok(backend, from, sendMsg, {
    userId: to.userId,
    msgType: 'TEXT',
    content: { text },
    ...(clientMsgId ? { clientMsgId } : {}),
  });

const sayInGroup = (backend: ChatBackend, from: ChatUser, groupId: string, text: string) =>
  ok(backend, from, groupSendMsg, { groupId, msgType: 'TEXT', content: { text } });

/** A text message's text, else its type (a notice reads 'ALERT'). */
const textOf = (m: ServerMessage) =>
  m.msgType === 'TEXT' ? (m.content as { text: string }).text : m.msgType;

/** Two new friends and their chat (seq 1 is the "now friends" notice). */
async function friends(backend: ChatBackend) {
  const [amy, ben] = [await backend.user('amy'), await backend.user('ben')];
  await backend.befriend(amy, ben);
  const { chatId } = await ok(backend, amy, getChatSession, { userId: ben.userId });
  return { amy, ben, chatId };
}

/** Everything the viewer can fetch of a chat by catch-up. */
async function synced(backend: ChatBackend, viewer: ChatUser, chatId: string) {
  const all: ServerMessage[] = [];
  for (let after = 0; ;) {
    const page = await ok(backend, viewer, syncMessages, { chatId, afterSeq: after, limit: 100 });
    all.push(...page.list);
    if (!page.hasMore) return all;
    after = page.list.at(-1)?.seq ?? after;
  }
}

/**
 * Catch-up as a client that insists on contiguous seqs does it: it moves over a seq only when
 * it received its message or the answer named it empty, and fails where it would wait forever.
 * Answers the texts received and the seq it holds up to.
 */
async function strictlySynced(backend: ChatBackend, viewer: ChatUser, chatId: string, limit: number) {
  const texts: string[] = [];
  let held = 0;
  for (;;) {
    const page = await ok(backend, viewer, syncMessages, { chatId, afterSeq: held, limit });
    const from = held;
    const known = new Map<number, ServerMessage>(page.list.map((m) => [m.seq, m]));
    for (;;) {
      const message = known.get(held + 1);
      const empty = page.emptySeqs?.find((r) => r.fromSeq === held + 1);
      if (message) texts.push(textOf(message));
      if (message) held += 1;
      else if (empty) held = empty.toSeq;
      else break;
    }
    if (!page.hasMore && held === page.lastSeq) return { texts, held };
    if (held === from) throw new Error(`a strict client waits forever after seq ${held}`);
  }
}

const session = (backend: ChatBackend, viewer: ChatUser, chatId: string) =>
  ok(backend, viewer, getChatSession, { chatId });

const listed = async (backend: ChatBackend, viewer: ChatUser) =>
  (await ok(backend, viewer, getChatSessions, { pageNum: 1, pageSize: 100 })).list.map((s) => s.chatId);

const isMsg = (chatId: string, seq: number) => (push: ServerPush) =>
  push.pushType === 'MSG' && push.chatId === chatId && push.seq === seq;

export const chatScenarios: ChatScenario[] = [
  {
    name: 'a message gets the next seq, reaches the friend and the sender, and counts unread for the friend only',
    async run(backend) {
      const { amy, ben, chatId } = await friends(backend);
      const sent = await say(backend, amy, ben, 'hello', 'local_hello');
      expect(sent).toMatchObject({ status: SendStatus.OK, seq: 2, chatId, duplicate: false });
      for (const viewer of [ben, amy]) {
        const push = await backend.nextPush(viewer, isMsg(chatId, 2));
        expect(push).toMatchObject({ pushType: 'MSG', clientMsgId: 'local_hello' });
        if (push.pushType === 'MSG') expect(push.msgContent.isSelf).toBe(viewer === amy);
      }
      expect(await session(backend, ben, chatId)).toMatchObject({ lastSeq: 2, readSeq: 1, unreadCount: 1 });
      expect(await session(backend, amy, chatId)).toMatchObject({ lastSeq: 2, readSeq: 2, unreadCount: 0 });
      const page = await ok(backend, ben, getChatMessages, { chatId });
      expect(page.list.map((m) => [m.seq, textOf(m), m.isSelf])).toEqual([
        [1, 'ALERT', false],
        [2, 'hello', false],
      ]);
    },
  },
  {
    name: 'a send repeated with its clientMsgId answers the original and stores nothing new',
    async run(backend) {
      const { amy, ben, chatId } = await friends(backend);
      const first = await say(backend, amy, ben, 'once', 'local_once');
      const again = await say(backend, amy, ben, 'changed?', 'local_once');
      expect(again).toEqual({ ...first, duplicate: true } satisfies SendMsgResult);
      const next = await say(backend, amy, ben, 'next');
      expect(next.seq).toBe(first.seq + 1);
      expect((await synced(backend, ben, chatId)).map(textOf)).toEqual(['ALERT', 'once', 'next']);
    },
  },
  {
    name: 'seqs from both sides follow one another without a gap',
    async run(backend) {
      const { amy, ben, chatId } = await friends(backend);
      for (let i = 0; i < 10; i += 1) await say(backend, i % 2 ? ben : amy, i % 2 ? amy : ben, `m${i}`);
      const all = await synced(backend, amy, chatId);
      expect(all.map((m) => m.seq)).toEqual(Array.from({ length: 11 }, (_, i) => i + 1));
      expect(all.slice(1).map((m) => [textOf(m), m.isSelf])).toEqual(
        Array.from({ length: 10 }, (_, i) => [`m${i}`, i % 2 === 0]),
      );
    },
  },
  {
    name: 'clearing hides the history from the one who cleared only, and later messages still come',
    async run(backend) {
      const { amy, ben, chatId } = await friends(backend);
      await say(backend, ben, amy, 'before');
      const cleared = await ok(backend, amy, clearChatMessages, { chatId });
      expect(cleared).toMatchObject({ clearedSeq: 2, lastSeq: 2, readSeq: 2, unreadCount: 0 });
      expect(await synced(backend, amy, chatId)).toEqual([]);
      expect((await ok(backend, amy, getChatMessages, { chatId })).list).toEqual([]);
      await say(backend, ben, amy, 'after');
      expect((await synced(backend, amy, chatId)).map(textOf)).toEqual(['after']);
      expect((await synced(backend, ben, chatId)).map(textOf)).toEqual(['ALERT', 'before', 'after']);
      expect(await session(backend, amy, chatId)).toMatchObject({
        clearedSeq: 2,
        lastSeq: 3,
        unreadCount: 1,
      });
    },
  },
  {
    name: 'a removed chat leaves the list, read, and the next message brings it back',
    async run(backend) {
      const { amy, ben, chatId } = await friends(backend);
      await say(backend, ben, amy, 'one');
      const removed = await ok(backend, amy, removeChatSession, { chatId });
      expect(removed).toMatchObject({ removed: true, readSeq: 2, unreadCount: 0 });
      expect(await listed(backend, amy)).not.toContain(chatId);
      expect(await listed(backend, ben)).toContain(chatId);
      await say(backend, ben, amy, 'two');
      expect(await listed(backend, amy)).toContain(chatId);
      expect(await session(backend, amy, chatId)).toMatchObject({ removed: false, unreadCount: 1 });
    },
  },
  {
    name: "reading, pinning and muting change the reader's state only, and tell the reader's devices",
    async run(backend) {
      const { amy, ben, chatId } = await friends(backend);
      await say(backend, ben, amy, 'one');
      await say(backend, ben, amy, 'two');
      expect(await ok(backend, amy, markRead, { chatId, readSeq: 2 })).toMatchObject({
        readSeq: 2,
        unreadCount: 1,
      });
      const read = await backend.nextPush(
        amy,
        (p) => p.pushType === 'NOTICE' && p.noticeType === NoticeType.CHAT_READ,
      );
      expect(read).toMatchObject({ msgContent: { chatId, readSeq: 2 } });
      await ok(backend, amy, setChatTop, { chatId, isTop: 'Y' });
      const pinned = await backend.nextPush(
        amy,
        (p) => p.pushType === 'NOTICE' && p.noticeType === NoticeType.CHAT_UPDATED,
      );
      expect(pinned).toMatchObject({ msgContent: { chatId, isTop: 'Y', change: 'top' } });
      await ok(backend, amy, setChatDisturb, { chatId, isDisturb: 'Y' });
      expect(await session(backend, amy, chatId)).toMatchObject({
        isTop: 'Y',
        isDisturb: 'Y',
        unreadCount: 1,
      });
      expect(await session(backend, ben, chatId)).toMatchObject({
        isTop: 'N',
        isDisturb: 'N',
        unreadCount: 0,
      });
    },
  },
  {
    name: 'a group message reaches every member; a removed member can no longer write',
    async run(backend) {
      const [amy, ben, cy] = [await backend.user('amy'), await backend.user('ben'), await backend.user('cy')];
      await backend.befriend(amy, ben);
      await backend.befriend(amy, cy);
      const { groupId, chatId } = await backend.createGroup(amy, [ben, cy], 'Trip');
      const sent = await sayInGroup(backend, ben, groupId, 'hi all');
      expect(sent).toMatchObject({ status: SendStatus.OK, chatId, seq: 2 });
      for (const viewer of [amy, cy]) {
        const last = (await synced(backend, viewer, chatId)).at(-1);
        expect(last && [last.seq, textOf(last), last.talkType]).toEqual([2, 'hi all', 'GROUP']);
      }
      expect(await session(backend, cy, chatId)).toMatchObject({ unreadCount: 1, chatType: 'GROUP' });

      await backend.removeFromGroup(amy, groupId, cy);
      const refused = await sayInGroup(backend, cy, groupId, 'still here?');
      expect(refused.status).toBe(SendStatus.NOT_GROUP_MEMBER);
      const afterRemoval = await sayInGroup(backend, ben, groupId, 'bye cy');
      expect(afterRemoval.status).toBe(SendStatus.OK);
    },
  },
  {
    name: 'nobody can write in a dismissed group',
    async run(backend) {
      const [amy, ben] = [await backend.user('amy'), await backend.user('ben')];
      const cy = await backend.user('cy');
      await backend.befriend(amy, ben);
      await backend.befriend(amy, cy);
      const { groupId } = await backend.createGroup(amy, [ben, cy], 'Short-lived');
      await backend.dismissGroup(amy, groupId);
      for (const member of [amy, ben]) {
        const answer = await sayInGroup(backend, member, groupId, 'hello?');
        expect(answer.status).toBe(SendStatus.GROUP_DISMISSED);
      }
    },
  },
  {
    name: 'after a restore, the seqs the server skipped are named empty: catch-up and history move over them, and nothing counts them',
    async run(backend) {
      const { amy, ben, chatId } = await friends(backend);
      await say(backend, ben, amy, 'one');
      await say(backend, ben, amy, 'two');
      await backend.restart(5);
      // Seqs 4…8 hold nothing, ever. Unread counts stay as they were, and so does the preview.
      expect(await session(backend, amy, chatId)).toMatchObject({
        lastSeq: 8,
        readSeq: 6,
        unreadCount: 2,
        lastContent: 'two',
        lastMsg: { seq: 3 },
      });
      expect(await session(backend, ben, chatId)).toMatchObject({ lastSeq: 8, unreadCount: 0 });
      expect(await ok(backend, amy, syncMessages, { chatId, afterSeq: 3 })).toMatchObject({
        list: [],
        lastSeq: 8,
        hasMore: false,
        emptySeqs: [{ fromSeq: 4, toSeq: 8 }],
      });

      const three = await say(backend, ben, amy, 'three');
      expect(three.seq).toBe(9);
      expect(await backend.nextPush(amy, isMsg(chatId, 9))).toMatchObject({ pushType: 'MSG' });
      // Each answer names the empty seqs of the stretch it covers, and only those.
      const first = await ok(backend, amy, syncMessages, { chatId, afterSeq: 2, limit: 1 });
      expect([first.list.map((m) => m.seq), first.hasMore, first.emptySeqs]).toEqual([[3], true, undefined]);
      const next = await ok(backend, amy, syncMessages, { chatId, afterSeq: 3, limit: 1 });
      expect([next.list.map((m) => m.seq), next.hasMore, next.emptySeqs]).toEqual([
        [9],
        false,
        [{ fromSeq: 4, toSeq: 8 }],
      ]);
      for (const limit of [1, 2, 100])
        expect(await strictlySynced(backend, amy, chatId, limit)).toEqual({
          texts: ['ALERT', 'one', 'two', 'three'],
          held: 9,
        });

      // History: pages count and page over visible messages only.
      const newest = await ok(backend, amy, getChatMessages, { chatId, pageSize: 2 });
      expect(newest).toMatchObject({
        total: 4,
        pages: 2,
        hasMore: true,
        emptySeqs: [{ fromSeq: 4, toSeq: 8 }],
      });
      expect(newest.list.map(textOf)).toEqual(['two', 'three']);
      const lastMsgId = newest.list[0]?.msgId ?? '';
      const older = await ok(backend, amy, getChatMessages, { chatId, pageSize: 2, lastMsgId });
      expect([older.list.map(textOf), older.hasMore, older.emptySeqs]).toEqual([
        ['ALERT', 'one'],
        false,
        undefined,
      ]);
      const second = await ok(backend, amy, getChatMessages, { chatId, pageSize: 2, pageNum: 2 });
      expect(second.list.map(textOf)).toEqual(['ALERT', 'one']);
      // Before a seq (a message the server no longer has, say): down to the first message.
      const below = await ok(backend, amy, getChatMessages, { chatId, beforeSeq: 9 });
      expect([below.list.map(textOf), below.hasMore, below.emptySeqs]).toEqual([
        ['ALERT', 'one', 'two'],
        false,
        [{ fromSeq: 4, toSeq: 8 }],
      ]);
      expect(await ok(backend, amy, markRead, { chatId })).toMatchObject({ readSeq: 9, unreadCount: 0 });
    },
  },
  {
    name: 'a recall takes the next seq, reaches both sides, and leaves the message RECALLED in history and catch-up',
    async run(backend) {
      const { amy, ben, chatId } = await friends(backend);
      const sent = await say(backend, amy, ben, 'oops');
      await ok(backend, ben, markRead, { chatId });
      expect(await backend.call(ben, recallMsg, { chatId, msgId: sent.msgId })).toEqual({
        ok: false,
        err: 'recallNotAllowed',
      });
      const event = await ok(backend, amy, recallMsg, { chatId, msgId: sent.msgId });
      expect(event).toMatchObject({
        seq: 3,
        msgType: 'RECALL',
        isSelf: true,
        content: { targetSeq: 2, targetMsgId: sent.msgId },
      });
      const push = await backend.nextPush(ben, isMsg(chatId, 3));
      if (push.pushType === 'MSG')
        expect(push.msgContent).toMatchObject({ msgId: event.msgId, isSelf: false });
      for (const viewer of [amy, ben]) {
        const all = await synced(backend, viewer, chatId);
        expect(all.map(textOf)).toEqual(['ALERT', 'RECALLED', 'RECALL']);
        expect(all[1]?.content).toMatchObject({ byId: amy.userId });
        const page = await ok(backend, viewer, getChatMessages, { chatId });
        expect(page.list.map(textOf)).toEqual(['ALERT', 'RECALLED', 'RECALL']);
      }
      // Ben had read everything before it: nothing new to read.
      expect(await session(backend, ben, chatId)).toMatchObject({ lastSeq: 3, readSeq: 3, unreadCount: 0 });
    },
  },
];
