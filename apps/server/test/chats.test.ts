import type { ChatSession, ChatState, MsgPush, SendMsgResult, ServerMessage } from '@paichat/protocol';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { as } from './support/api';
import { befriend, msgPushes, nextMsg, sendText, sessionsOf, sessionWith } from './support/chats';
import { post } from './support/http';
import { seed, type SeededUser } from './support/seed';
import { availableDialects, startTestServer, type TestServer } from './support/server';
import { receivedUpToBarrier, TestSocket } from './support/ws';

const dialects = await availableDialects();

interface Page {
  list: ServerMessage[];
  total: number;
  pageNum: number;
  pageSize: number;
  pages: number;
  chatId: string;
  hasMore: boolean;
  lastSeq: number;
  readSeq: number;
  clearedSeq: number;
}
interface Sync {
  chatId: string;
  list: ServerMessage[];
  lastSeq: number;
  hasMore: boolean;
}

describe.each(dialects)('one-to-one chat on %s', (dialect) => {
  let server: TestServer;
  const sockets: TestSocket[] = [];
  const open = async (token: string) => {
    const socket = await TestSocket.forSession(server.url, token);
    sockets.push(socket);
    await socket.ready();
    return socket;
  };
  const api = (user: { token: string }) => as(server.url, user);
  const user = (name: string) => seed(server.url).user(name);
  const text = (from: SeededUser, to: SeededUser, body: string, clientMsgId?: string) =>
    sendText(server.url, from, to, body, clientMsgId);
  const messages = async (viewer: SeededUser, body: Record<string, unknown>) => {
    const answer = await api(viewer).post<Page>('/chat/getChatMessages', body);
    expect(answer.body.code, answer.body.msg).toBe(200);
    return answer.body.data;
  };
  const sync = async (viewer: SeededUser, chatId: string, afterSeq: number, limit?: number) => {
    const answer = await api(viewer).post<Sync>('/chat/syncMessages', {
      chatId,
      afterSeq,
      ...(limit ? { limit } : {}),
    });
    expect(answer.body.code, answer.body.msg).toBe(200);
    return answer.body.data;
  };
  /** Everything the viewer can see in a chat, by seq, following hasMore. */
  const everything = async (viewer: SeededUser, chatId: string) => {
    const all: ServerMessage[] = [];
    for (let after = 0; ;) {
      const page = await sync(viewer, chatId, after, 100);
      all.push(...page.list);
      if (!page.hasMore) return all;
      after = page.list.at(-1)?.seq ?? after;
    }
  };

  /** Two new friends and their chat, whose seq 1 is the "now friends" notice. */
  const friends = async (): Promise<{ alice: SeededUser; bob: SeededUser; chatId: string }> => {
    const [alice, bob] = [await user('alice'), await user('bob')];
    await befriend(server.url, alice, bob);
    const { chatId } = await sessionWith(server.url, alice, bob);
    return { alice, bob, chatId };
  };

  beforeAll(async () => {
    server = await startTestServer(dialect);
  });
  afterEach(() => {
    for (const socket of sockets.splice(0)) socket.close();
  });
  afterAll(() => server.close());

  it('opens the chat with a "now friends" notice pushed to both, counted unread by neither', async () => {
    const [alice, bob] = [await user('alice'), await user('bob')];
    const [aliceSocket, bobSocket] = [await open(alice.token), await open(bob.token)];
    await befriend(server.url, alice, bob);
    const [toAlice, toBob] = await Promise.all([nextMsg(aliceSocket), nextMsg(bobSocket)]);
    const chatId = toAlice.chatId;
    expect(chatId).toMatch(/^\d+$/);
    const notice: ServerMessage = {
      msgId: expect.stringMatching(/^\d+$/),
      chatId,
      seq: 1,
      clientMsgId: '',
      fromId: '0',
      toId: '',
      msgType: 'ALERT',
      talkType: 'SINGLE',
      content: { code: 'nowFriends', text: 'You are now friends. Start chatting!', params: {} },
      createTime: server.clock.now(),
      isSelf: false,
      fromNickName: '',
      fromPortrait: '',
    };
    expect(toAlice).toEqual({
      pushType: 'MSG',
      msgId: toAlice.msgContent.msgId,
      chatId,
      chatType: 'SINGLE',
      seq: 1,
      msgContent: notice,
      fromInfo: { userId: '0', nickName: '', portrait: '', userType: 'system' },
      chatInfo: { userId: bob.userId, nickName: 'Bob', portrait: '', userType: 'normal' },
      createTime: server.clock.now(),
    });
    expect(toBob.msgContent).toEqual(toAlice.msgContent);
    expect(toBob.chatInfo.userId).toBe(alice.userId);

    const [session] = await sessionsOf(server.url, bob);
    expect(session).toEqual({
      chatId,
      chatType: 'SINGLE',
      lastSeq: 1,
      readSeq: 1,
      clearedSeq: 0,
      unreadCount: 0,
      isTop: 'N',
      isDisturb: 'N',
      removed: false,
      mentioned: false,
      deletions: 0,
      userId: alice.userId,
      nickName: 'Alice',
      portrait: '',
      userType: 'normal',
      lastContent: 'You are now friends. Start chatting!',
      lastTime: server.clock.now(),
      lastMsg: notice,
    } satisfies ChatSession);
    const page = await messages(alice, { chatId });
    expect(page.list).toEqual([notice]);
    expect(page).toMatchObject({ total: 1, pageNum: 1, pageSize: 20, pages: 1, hasMore: false, lastSeq: 1 });
  });

  it('stores and pushes a message to the recipient and to every device of the sender', async () => {
    const { alice, bob, chatId } = await friends();
    const bobSocket = await open(bob.token);
    const aliceSending = await open(alice.token);
    const aliceTablet = await open(await seed(server.url).login(alice.chatNo));
    server.clock.advance(1000);
    // Forged fields are dropped by the schema: the server decides who, which and when.
    const { body } = await api(alice).post<SendMsgResult>('/chat/sendMsg', {
      userId: bob.userId,
      msgType: 'TEXT',
      content: { text: '  Hello <b>Bob</b>  ', fromId: bob.userId },
      clientMsgId: 'local_hello',
      fromId: bob.userId,
      msgId: '999999',
      seq: 77,
      chatId: '424242',
      createTime: 1,
      isSelf: false,
    });
    expect(body).toEqual({
      code: 200,
      msg: 'ok',
      data: {
        status: '0',
        statusLabel: '',
        statusCode: 'ok',
        msgId: expect.stringMatching(/^\d+$/),
        seq: 2,
        chatId,
        clientMsgId: 'local_hello',
        createTime: server.clock.now(),
        duplicate: false,
      },
    });
    const { msgId } = body.data;
    const expected: ServerMessage = {
      msgId,
      chatId,
      seq: 2,
      clientMsgId: 'local_hello',
      fromId: alice.userId,
      toId: bob.userId,
      msgType: 'TEXT',
      talkType: 'SINGLE',
      // Trimmed, and stored verbatim otherwise (HTML included): clients show it as text.
      content: { text: 'Hello <b>Bob</b>' },
      createTime: server.clock.now(),
      isSelf: false,
      fromNickName: 'Alice',
      fromPortrait: '',
    };
    const toBob = await nextMsg(bobSocket);
    expect(toBob).toEqual({
      pushType: 'MSG',
      msgId,
      chatId,
      chatType: 'SINGLE',
      seq: 2,
      clientMsgId: 'local_hello',
      msgContent: expected,
      fromInfo: { userId: alice.userId, nickName: 'Alice', portrait: '', userType: 'normal' },
      chatInfo: { userId: alice.userId, nickName: 'Alice', portrait: '', userType: 'normal' },
      createTime: server.clock.now(),
    } satisfies MsgPush);
    // The sending device gets its echo too (it keeps one copy by clientMsgId), as do her others.
    for (const socket of [aliceSending, aliceTablet]) {
      const echo = await nextMsg(socket);
      expect(echo.msgContent).toEqual({ ...expected, isSelf: true });
      expect(echo.chatInfo.userId).toBe(bob.userId);
    }
    expect((await messages(bob, { chatId })).list.at(-1)).toEqual(expected);
    expect((await messages(alice, { userId: bob.userId })).list.at(-1)).toEqual({
      ...expected,
      isSelf: true,
    });
    // Nobody got it twice.
    expect(msgPushes(bobSocket)).toHaveLength(1);
  });

  it('answers a retry with the original msgId and seq and stores nothing new, even when retries race', async () => {
    const { alice, bob, chatId } = await friends();
    const bobSocket = await open(bob.token);
    const first = await text(alice, bob, 'once', 'local_retry_1');
    await nextMsg(bobSocket, (p) => p.msgId === first.msgId);
    server.clock.advance(5000);
    const again = await text(alice, bob, 'once', 'local_retry_1');
    expect(again).toEqual({ ...first, duplicate: true });
    // The retry took back the seq it briefly held, and left the chat's time as it was.
    expect(await sessionWith(server.url, bob, alice)).toMatchObject({
      lastSeq: first.seq,
      lastTime: first.createTime,
    });
    // Same id, different content: still the original (the id decides).
    expect(await text(alice, bob, 'changed?', 'local_retry_1')).toEqual({ ...first, duplicate: true });

    // Five copies of a new message at once: one is stored, all answer it.
    const racing = await Promise.all(Array.from({ length: 5 }, () => text(alice, bob, 'race', 'local_race')));
    const stored = racing.filter((r) => !r.duplicate);
    expect(stored).toHaveLength(1);
    for (const r of racing)
      expect(r).toMatchObject({ status: '0', msgId: stored[0]?.msgId, seq: first.seq + 1 });
    // The losers took no seq with them: the next message is next.
    const next = await text(alice, bob, 'after the race');
    expect(next.seq).toBe(first.seq + 2);
    const all = await everything(bob, chatId);
    expect(all.filter((m) => m.clientMsgId === 'local_race')).toHaveLength(1);
    expect(all.filter((m) => m.clientMsgId === 'local_retry_1')).toHaveLength(1);
    expect(all.map((m) => m.seq)).toEqual(Array.from({ length: next.seq }, (_, i) => i + 1));
    // A retry pushes its original again (the attempt it repeats may have lost its push): Bob's
    // device hears only the one stored message under each id, and drops repeats by msgId.
    await nextMsg(bobSocket, (p) => p.msgId === next.msgId);
    const heard = (clientMsgId: string) =>
      new Set(
        msgPushes(bobSocket).flatMap((p) => (p.clientMsgId === clientMsgId ? [`${p.msgId}@${p.seq}`] : [])),
      );
    expect(heard('local_race')).toEqual(new Set([`${stored[0]?.msgId}@${first.seq + 1}`]));
    expect(heard('local_retry_1')).toEqual(new Set([`${first.msgId}@${first.seq}`]));
  });

  it('gives 50 concurrent sends from both sides consecutive seqs, no gap and no duplicate', async () => {
    const { alice, bob, chatId } = await friends();
    const before = (await sessionWith(server.url, alice, bob)).lastSeq;
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        i % 2 === 0
          ? text(alice, bob, `a${i}`, `local_burst_${i}`)
          : text(bob, alice, `b${i}`, `local_burst_${i}`),
      ),
    );
    const seqs = results.map((r) => r.seq).sort((x, y) => x - y);
    expect(seqs).toEqual(Array.from({ length: 50 }, (_, i) => before + 1 + i));
    expect(new Set(results.map((r) => r.msgId)).size).toBe(50);
    const all = await everything(alice, chatId);
    expect(all.map((m) => m.seq)).toEqual(Array.from({ length: before + 50 }, (_, i) => i + 1));
    expect((await sessionWith(server.url, bob, alice)).lastSeq).toBe(before + 50);
  });

  it('refuses sends to strangers and across a block with a status, storing nothing', async () => {
    const [cat, dan] = [await user('cat'), await user('dan')];
    const catSocket = await open(cat.token);
    const refused = (status: string, statusCode: string, statusLabel: string) => ({
      status,
      statusLabel,
      statusCode,
      msgId: '',
      seq: 0,
      chatId: '',
      clientMsgId: 'local_x',
      createTime: 0,
      duplicate: false,
    });
    expect(await text(cat, dan, 'hi', 'local_x')).toEqual(
      refused('1', 'notFriends', 'You are not friends yet. Send a friend request first.'),
    );
    await befriend(server.url, cat, dan);
    await nextMsg(catSocket);
    const mark = catSocket.received.length;
    // Dan blocks Cat: Cat's messages are refused ("blocked by user"), and Dan cannot write to Cat.
    await api(dan).post('/friend/block', { userId: cat.userId });
    expect(await text(cat, dan, 'hi', 'local_x')).toEqual(
      refused('2', 'blockedByUser', 'Message was blocked: you have been blocked by this user.'),
    );
    expect(await text(dan, cat, 'hi', 'local_x')).toEqual(
      refused(
        '3',
        'userBlocked',
        'You have blocked this user. Remove them from your blacklist to send messages.',
      ),
    );
    const { chatId: catChat, lastSeq } = await sessionWith(server.url, cat, dan);
    expect(lastSeq).toBe(1);
    expect((await everything(cat, catChat)).map((m) => m.msgType)).toEqual(['ALERT']);
    expect(await receivedUpToBarrier(server, catSocket, cat.userId, mark)).toEqual([]);

    // Unblocked: the same clientMsgId goes through, as a first send.
    await api(dan).post('/friend/unblock', { userId: cat.userId });
    expect(await text(cat, dan, 'hi', 'local_x')).toMatchObject({ status: '0', seq: 2, duplicate: false });
    // Friends no more: refused again; the chat stays, read-only.
    await api(dan).post('/friend/delete', { userId: cat.userId });
    expect((await text(dan, cat, 'still there?')).status).toBe('1');
    // …but a retry of a message stored before answers that message.
    expect(await text(cat, dan, 'hi', 'local_x')).toMatchObject({ status: '0', seq: 2, duplicate: true });
    expect((await sessionWith(server.url, dan, cat)).lastSeq).toBe(2);

    const self = await api(cat).post('/chat/sendMsg', {
      userId: cat.userId,
      msgType: 'TEXT',
      content: { text: 'me' },
    });
    expect(self.status).toBe(400);
    const nobody = await api(cat).post('/chat/sendMsg', {
      userId: '999999',
      msgType: 'TEXT',
      content: { text: 'x' },
    });
    expect(nobody.body).toMatchObject({ code: 404, err: 'userNotFound' });
    const anonymous = await post(server.url, '/chat/sendMsg', {
      body: { userId: dan.userId, msgType: 'TEXT', content: { text: 'x' } },
    });
    expect(anonymous.status).toBe(401);
  });

  it('delivers all 200 messages sent while the recipient was offline, once and in order, by catch-up', async () => {
    const [eve, fay] = [await user('eve'), await user('fay')];
    let fayPhone = await open(fay.token);
    await befriend(server.url, eve, fay);
    const opened = await nextMsg(fayPhone);
    const chat = opened.chatId;
    // What Fay's device holds: the messages it has, by seq.
    const held = new Map<number, ServerMessage>([[opened.seq, opened.msgContent]]);
    fayPhone.close();
    await fayPhone.closed;

    const sent: SendMsgResult[] = [];
    for (let i = 0; i < 200; i += 20)
      sent.push(
        ...(await Promise.all(
          Array.from({ length: 20 }, (_, j) => text(eve, fay, `m${i + j}`, `local_off_${i + j}`)),
        )),
      );

    fayPhone = await open(fay.token);
    // Reconnected: the list says how far the chat went; fetch everything after what is held.
    const [session] = (await sessionsOf(server.url, fay)).filter((s) => s.chatId === chat);
    expect(session?.lastSeq).toBe(201);
    expect(session?.unreadCount).toBe(200);
    let cursor = Math.max(...held.keys());
    for (;;) {
      const page = await sync(fay, chat, cursor, 64);
      for (const m of page.list) {
        expect(held.has(m.seq), `seq ${m.seq} twice`).toBe(false);
        expect(m.seq).toBe(cursor + 1);
        held.set(m.seq, m);
        cursor = m.seq;
      }
      if (!page.hasMore) break;
    }
    expect([...held.keys()]).toEqual(Array.from({ length: 201 }, (_, i) => i + 1));
    // Each held message is the one the server answered for that seq, and each sent one is held.
    for (const r of sent) expect(held.get(r.seq)?.msgId).toBe(r.msgId);
    const texts = [...held.values()].slice(1).map((m) => (m.content as { text: string }).text);
    expect(new Set(texts).size).toBe(200);

    // Live again: the next message arrives by push, right after the held ones.
    const live = await text(eve, fay, 'welcome back');
    expect((await nextMsg(fayPhone)).seq).toBe(202);
    expect(live.seq).toBe(202);
  });

  it('lets nobody read, change or send into a chat they are not part of', async () => {
    const { alice, bob, chatId } = await friends();
    const gus = await user('gus');
    const notFound = { code: 404, msg: 'Chat not found', data: null, err: 'chatNotFound' };
    for (const [path, body] of [
      ['/chat/getChatMessages', { chatId }],
      ['/chat/getChatMessages', { userId: bob.userId }],
      ['/chat/syncMessages', { chatId, afterSeq: 0 }],
      ['/chat/getChatSession', { chatId }],
      ['/chat/markRead', { chatId }],
      ['/chat/setTop', { chatId, isTop: 'Y' }],
      ['/chat/setDisturb', { chatId, isDisturb: 'Y' }],
      ['/chat/removeSession', { chatId }],
      ['/chat/clearMessages', { chatId }],
      ['/chat/getChatMessages', { chatId: '99999999' }],
      ['/chat/syncMessages', { userId: gus.userId }],
    ] as const) {
      expect((await api(gus).post(path, body)).body, `${path} ${JSON.stringify(body)}`).toEqual(notFound);
    }
    expect(await sessionsOf(server.url, gus)).toEqual([]);
    // Sending names a person, never a chat: a chatId in the body is ignored, and Gus is no friend.
    const { body } = await api(gus).post<SendMsgResult>('/chat/sendMsg', {
      chatId,
      userId: bob.userId,
      msgType: 'TEXT',
      content: { text: 'let me in' },
    });
    expect(body.data.status).toBe('1');
    const all = await everything(alice, chatId);
    expect(all.some((m) => m.fromId === gus.userId)).toBe(false);
    expect((await api(gus).post('/chat/getChatMessages', {})).status).toBe(400);
  });

  it('counts unread from the read position, never own messages, and syncs reads to other devices', async () => {
    const [hal, ivy] = [await user('hal'), await user('ivy')];
    await befriend(server.url, hal, ivy);
    const halPhone = await open(hal.token);
    const halLaptop = await open(await seed(server.url).login(hal.chatNo));
    for (const t of ['one', 'two', 'three']) await text(ivy, hal, t);
    const session = await sessionWith(server.url, hal, ivy);
    expect(session).toMatchObject({ lastSeq: 4, readSeq: 1, unreadCount: 3 });
    expect((await sessionWith(server.url, ivy, hal)).unreadCount).toBe(0);

    const read = await api(hal).post<ChatState>('/chat/markRead', { chatId: session.chatId, readSeq: 3 });
    const state: ChatState = {
      chatId: session.chatId,
      chatType: 'SINGLE',
      lastSeq: 4,
      readSeq: 3,
      clearedSeq: 0,
      unreadCount: 1,
      isTop: 'N',
      isDisturb: 'N',
      removed: false,
      mentioned: false,
    };
    expect(read.body.data).toEqual(state);
    for (const socket of [halPhone, halLaptop])
      expect((await socket.nextNotice('CHAT_READ')).msgContent).toEqual(state);

    // Never backwards; beyond the end is clamped; a no-op tells nobody.
    const mark = halLaptop.received.length;
    expect(
      (await api(hal).post<ChatState>('/chat/markRead', { chatId: session.chatId, readSeq: 2 })).body.data,
    ).toEqual(state);
    const afterNoOp = await receivedUpToBarrier(server, halLaptop, hal.userId, mark);
    expect(afterNoOp.filter((m) => m.includes('CHAT_READ'))).toEqual([]);
    const all = await api(hal).post<ChatState>('/chat/markRead', { chatId: session.chatId, readSeq: 1000 });
    expect(all.body.data).toMatchObject({ readSeq: 4, unreadCount: 0 });
    expect((await halLaptop.nextNotice('CHAT_READ')).msgContent).toMatchObject({
      readSeq: 4,
      unreadCount: 0,
    });

    // Replying reads the chat for the sender; the recipient's count grows.
    await text(ivy, hal, 'four');
    await text(hal, ivy, 'reply');
    expect(await sessionWith(server.url, hal, ivy)).toMatchObject({ lastSeq: 6, readSeq: 6, unreadCount: 0 });
    expect(await sessionWith(server.url, ivy, hal)).toMatchObject({ readSeq: 5, unreadCount: 1 });
    expect((await api(hal).post('/chat/markRead', { chatId: session.chatId, readSeq: -1 })).status).toBe(400);
  });

  it('pins, mutes, removes and clears per user, telling the user\u2019s other devices', async () => {
    const [jon, kim, lea] = [await user('jon'), await user('kim'), await user('lea')];
    await befriend(server.url, jon, kim);
    server.clock.advance(1000);
    await befriend(server.url, jon, lea);
    const jonOther = await open(await seed(server.url).login(jon.chatNo));
    const kimChat = (await sessionWith(server.url, jon, kim)).chatId;
    const leaChat = (await sessionWith(server.url, jon, lea)).chatId;
    expect((await sessionsOf(server.url, jon)).map((s) => s.chatId)).toEqual([leaChat, kimChat]);

    // Pin Kim's chat: first though older.
    const pinned = await api(jon).post<ChatState>('/chat/setTop', { chatId: kimChat, isTop: 'Y' });
    expect(pinned.body.data).toMatchObject({ chatId: kimChat, isTop: 'Y' });
    expect((await jonOther.nextNotice('CHAT_UPDATED')).msgContent).toMatchObject({
      chatId: kimChat,
      change: 'top',
      isTop: 'Y',
    });
    expect((await sessionsOf(server.url, jon)).map((s) => [s.chatId, s.isTop])).toEqual([
      [kimChat, 'Y'],
      [leaChat, 'N'],
    ]);
    // Only for Jon.
    expect((await sessionWith(server.url, kim, jon)).isTop).toBe('N');

    // Mute Lea's chat: unread still counted (the client shows a dot).
    await api(jon).post('/chat/setDisturb', { chatId: leaChat, isDisturb: 'Y' });
    expect((await jonOther.nextNotice('CHAT_UPDATED')).msgContent).toMatchObject({
      change: 'disturb',
      isDisturb: 'Y',
    });
    await text(lea, jon, 'psst');
    expect(await sessionWith(server.url, jon, lea)).toMatchObject({ isDisturb: 'Y', unreadCount: 1 });
    expect((await sessionWith(server.url, lea, jon)).isDisturb).toBe('N');

    // Remove Lea's chat: gone from the list, read; back with the next message.
    const removed = await api(jon).post<ChatState>('/chat/removeSession', { chatId: leaChat });
    expect(removed.body.data).toMatchObject({ removed: true, unreadCount: 0, readSeq: 2 });
    expect((await jonOther.nextNotice('CHAT_UPDATED')).msgContent).toMatchObject({
      change: 'remove',
      removed: true,
    });
    expect((await sessionsOf(server.url, jon)).map((s) => s.chatId)).toEqual([kimChat]);
    expect((await sessionsOf(server.url, lea)).map((s) => s.chatId)).toEqual([leaChat]);
    server.clock.advance(1000);
    await text(lea, jon, 'hello again');
    expect((await sessionsOf(server.url, jon)).map((s) => [s.chatId, s.unreadCount, s.removed])).toEqual([
      [kimChat, 0, false],
      [leaChat, 1, false],
    ]);
    // History was not touched by removing.
    expect((await messages(jon, { chatId: leaChat })).total).toBe(3);

    // Clear Kim's chat for Jon: his history empties, Kim's does not.
    await text(kim, jon, 'k1');
    await text(jon, kim, 'j1');
    const cleared = await api(jon).post<ChatState>('/chat/clearMessages', { chatId: kimChat });
    expect(cleared.body.data).toMatchObject({ clearedSeq: 3, readSeq: 3, unreadCount: 0, removed: false });
    expect((await jonOther.nextNotice('CHAT_UPDATED')).msgContent).toMatchObject({
      change: 'clear',
      clearedSeq: 3,
    });
    expect(await messages(jon, { chatId: kimChat })).toMatchObject({
      list: [],
      total: 0,
      pages: 0,
      hasMore: false,
    });
    expect((await sync(jon, kimChat, 0)).list).toEqual([]);
    const kept = await sessionWith(server.url, jon, kim);
    expect(kept).toMatchObject({ lastContent: '', lastMsg: null, isTop: 'Y' });
    expect((await messages(kim, { chatId: kimChat })).total).toBe(3);
    await text(kim, jon, 'after clearing');
    const after = await messages(jon, { chatId: kimChat });
    expect(after.list.map((m) => [m.seq, m.content])).toEqual([[4, { text: 'after clearing' }]]);
    expect(after).toMatchObject({ total: 1, hasMore: false, clearedSeq: 3 });
    expect((await sessionWith(server.url, jon, kim)).lastContent).toBe('after clearing');
    // Paging back from a cleared message is refused.
    const old = (await messages(kim, { chatId: kimChat })).list[0]?.msgId;
    const refused = await api(jon).post('/chat/getChatMessages', { chatId: kimChat, lastMsgId: old });
    expect(refused.body).toMatchObject({ code: 404, err: 'messageNotFound' });
  });

  it('orders sessions pinned first then newest, in pages', async () => {
    const [max, ned, olga, pam] = [
      await user('max'),
      await user('ned'),
      await user('olga'),
      await user('pam'),
    ];
    for (const other of [ned, olga, pam]) {
      server.clock.advance(1000);
      await befriend(server.url, other, max);
    }
    const chatOf = async (u: SeededUser) => (await sessionWith(server.url, max, u)).chatId;
    const [nedChat, olgaChat, pamChat] = [await chatOf(ned), await chatOf(olga), await chatOf(pam)];
    expect((await sessionsOf(server.url, max)).map((s) => s.chatId)).toEqual([pamChat, olgaChat, nedChat]);
    server.clock.advance(1000);
    await text(ned, max, 'bump');
    expect((await sessionsOf(server.url, max)).map((s) => s.chatId)).toEqual([nedChat, pamChat, olgaChat]);
    await api(max).post('/chat/setTop', { chatId: olgaChat, isTop: 'Y' });
    const ordered = await sessionsOf(server.url, max);
    expect(ordered.map((s) => s.chatId)).toEqual([olgaChat, nedChat, pamChat]);
    expect(ordered[1]).toMatchObject({
      nickName: 'Ned',
      lastContent: 'bump',
      unreadCount: 1,
      lastTime: server.clock.now(),
    });

    // A remark names the chat for its owner.
    await api(max).post('/friend/setRemark', { userId: ned.userId, remark: 'Neddy' });
    expect((await sessionWith(server.url, max, ned)).nickName).toBe('Neddy');

    const page = await api(max).post<{
      list: ChatSession[];
      total: number;
      pageNum: number;
      pageSize: number;
      pages: number;
    }>('/chat/getChatSessions', { pageNum: 2, pageSize: 2 });
    expect(page.body.data).toMatchObject({ total: 3, pageNum: 2, pageSize: 2, pages: 2 });
    expect(page.body.data.list.map((s) => s.chatId)).toEqual([pamChat]);
    const defaults = await api(max).post<{ pageSize: number; pageNum: number }>('/chat/getChatSessions');
    expect(defaults.body.data).toMatchObject({ pageNum: 1, pageSize: 100 });
  });

  it('pages older messages by lastMsgId and by pageNum', async () => {
    const { alice, chatId } = await friends();
    const [quin, rob] = [await user('quin'), await user('rob')];
    await befriend(server.url, quin, rob);
    for (let i = 1; i <= 44; i += 1) await text(i % 2 ? quin : rob, i % 2 ? rob : quin, `n${i}`);
    const chat = (await sessionWith(server.url, quin, rob)).chatId;
    const first = await messages(quin, { chatId: chat, chatType: 'SINGLE', pageNum: 1, pageSize: 20 });
    expect(first).toMatchObject({
      total: 45,
      pageNum: 1,
      pageSize: 20,
      pages: 3,
      hasMore: true,
      lastSeq: 45,
    });
    expect(first.list.map((m) => m.seq)).toEqual(Array.from({ length: 20 }, (_, i) => 26 + i));
    expect(first.list.map((m) => m.isSelf)).toEqual(first.list.map((m) => m.fromId === quin.userId));
    const second = await messages(quin, { chatId: chat, pageNum: 2, lastMsgId: first.list[0]?.msgId });
    expect(second.list.map((m) => m.seq)).toEqual(Array.from({ length: 20 }, (_, i) => 6 + i));
    const third = await messages(quin, { chatId: chat, pageNum: 3, lastMsgId: second.list[0]?.msgId });
    expect(third.list.map((m) => m.seq)).toEqual([1, 2, 3, 4, 5]);
    expect(third.hasMore).toBe(false);
    expect((await messages(quin, { chatId: chat, pageNum: 3 })).list.map((m) => m.seq)).toEqual([
      1, 2, 3, 4, 5,
    ]);
    expect((await messages(quin, { chatId: chat, pageNum: 4 })).list).toEqual([]);
    expect((await messages(quin, { chatId: chat, lastMsgId: '' })).list).toHaveLength(20);
    // An id from another chat, or none at all, is no anchor here.
    const foreign = (await messages(alice, { chatId })).list[0]?.msgId;
    expect(
      (await api(quin).post('/chat/getChatMessages', { chatId: chat, lastMsgId: foreign })).body.err,
    ).toBe('messageNotFound');
    expect((await api(quin).post('/chat/getChatMessages', { chatId: chat, lastMsgId: 'abc' })).status).toBe(
      400,
    );
    expect(
      (await api(quin).post('/chat/getChatMessages', { chatId: chat, chatType: 'GROUP' })).body.err,
    ).toBe('chatNotFound');
    expect((await api(quin).post('/chat/getChatMessages', { chatId: chat, pageSize: 101 })).status).toBe(400);
    // Catch-up by seq answers ascending, in limits.
    const range = await sync(rob, chat, 40, 3);
    expect(range).toMatchObject({ chatId: chat, lastSeq: 45, hasMore: true });
    expect(range.list.map((m) => m.seq)).toEqual([41, 42, 43]);
    expect((await sync(rob, chat, 43, 3)).hasMore).toBe(false);
    // A page far past the oldest message is empty, not an error (its seq bound stays a 32-bit one).
    const far = await messages(quin, { chatId: chat, pageNum: 300_000_000, pageSize: 100 });
    expect([far.list, far.hasMore]).toEqual([[], false]);
    // Below a seq past the newest: the newest page.
    const before = await messages(quin, { chatId: chat, beforeSeq: 1_000_000, pageSize: 3 });
    expect(before.list.map((m) => m.seq)).toEqual([43, 44, 45]);
    // Past what a seq column holds, the contract refuses the field (column-bounds.test.ts).
    const huge = await api(quin).post('/chat/getChatMessages', { chatId: chat, beforeSeq: 3_000_000_000 });
    expect([huge.status, huge.body.msg]).toEqual([400, expect.stringContaining('beforeSeq')]);
  });
});
