/**
 * Two nodes of one deployment (one database, one Redis, each node its own Redis bus, as two
 * processes would be): pushes, notices, read state and session closes cross nodes; a user
 * with sockets on both gets each push once per socket; the socket cap counts both nodes.
 */
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { CloseCode, NoticeType, type MsgPush } from '@paichat/protocol';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { as } from './support/api';
import { befriend, msgPushes, nextMsg, sendText, sessionWith, upload } from './support/chats';
import { png } from './support/media';
import { STEP_MS, budget } from './support/budget';
import { OwnRedis, hasRedisServer, redisAvailable, redisEnv } from './support/redis';
import { seed, type SeededUser } from './support/seed';
import { availableDialects, startTestServer, type TestServer } from './support/server';
import { TestSocket } from './support/ws';
import { get } from './support/http';
import { RATE_LIMITS } from '../src/http/rate-limit';

const dialects = (await redisAvailable()) ? await availableDialects() : [];

describe.each(dialects)('two nodes on %s and Redis', (dialect) => {
  let a: TestServer;
  let b: TestServer;
  const sockets: TestSocket[] = [];
  const open = async (node: TestServer, user: { token: string }): Promise<TestSocket> => {
    const socket = await TestSocket.forSession(node.url, user.token);
    sockets.push(socket);
    await socket.ready();
    return socket;
  };

  beforeAll(async () => {
    const env = { ...redisEnv(), MAX_SOCKETS_PER_USER: '3' };
    a = await startTestServer(dialect, { env: { ...env, NODE_ID: 'node-a' } });
    b = await startTestServer(dialect, { env: { ...env, NODE_ID: 'node-b' }, nodeOf: a });
  });
  afterEach(() => {
    for (const socket of sockets.splice(0)) socket.close();
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  it('each node reports its database and Redis', async () => {
    for (const [node, id] of [
      [a, 'node-a'],
      [b, 'node-b'],
    ] as const) {
      const body = (await (await fetch(`${node.url}/healthz`)).json()) as { data: unknown };
      expect(body.data).toEqual({ db: 'ok', node: id, bus: 'ok' });
    }
  });

  it('messages, notices and read state cross nodes', async () => {
    const [alice, bob] = await Promise.all([seed(a.url).user('alice'), seed(b.url).user('bob')]);
    const alicesOnA = await open(a, alice);
    const bobsOnB = await open(b, bob);

    // The request is made on b, its notice reaches alice's socket on a.
    const found = await as(b.url, bob).get<{ ref: string }>('/friend/search', { chatNo: alice.chatNo });
    await as(b.url, bob).post('/friend/apply', { userId: alice.userId, ref: found.body.data.ref });
    await alicesOnA.nextNotice(NoticeType.FRIEND_APPLY);
    const applies = await as(a.url, alice).get<{ list: { applyId: string; userId: string }[] }>(
      '/friend/applyList',
    );
    const apply = applies.body.data.list.find((item) => item.userId === bob.userId);
    await as(a.url, alice).post('/friend/agree', { applyId: apply?.applyId });
    await bobsOnB.nextNotice(NoticeType.FRIEND_ACCEPTED);

    const sent = await sendText(a.url, alice, bob, 'hello from a');
    const toBob = await nextMsg(bobsOnB, (m) => m.msgId === sent.msgId);
    expect(toBob.msgContent.isSelf).toBe(false);
    const echo = await nextMsg(alicesOnA, (m) => m.msgId === sent.msgId);
    expect(echo.msgContent.isSelf).toBe(true);
    const reply = await sendText(b.url, bob, alice, 'hello from b');
    await nextMsg(alicesOnA, (m) => m.msgId === reply.msgId);

    // bob reads on b; his other device, on a, hears of it.
    const bobsOnA = await open(a, bob);
    const unread = await sendText(a.url, alice, bob, 'one more');
    await nextMsg(bobsOnA, (m) => m.msgId === unread.msgId);
    const chat = await sessionWith(b.url, bob, alice);
    await as(b.url, bob).post('/chat/markRead', { chatId: chat.chatId });
    const read = await bobsOnA.nextNotice(NoticeType.CHAT_READ);
    expect(read.msgContent).toMatchObject({ chatId: chat.chatId });
  });

  it('signing out on one node closes that session’s sockets on the other', async () => {
    const carol = await seed(a.url).user('carol');
    const laptop = await seed(b.url).login(carol.chatNo);
    const laptopOnA = await open(a, { token: laptop });
    const phoneOnB = await open(b, carol);
    await as(b.url, { token: laptop }).post('/auth/logout', {});
    expect((await laptopOnA.closed).code).toBe(CloseCode.SIGNED_OUT);
    await phoneOnB.nextNotice(NoticeType.LOGOUT_ELSEWHERE);
  });

  it('a user with sockets on both nodes gets each push once per socket', async () => {
    const [dan, eve] = await Promise.all([seed(a.url).user('dan'), seed(a.url).user('eve')]);
    await befriend(a.url, dan, eve);
    const dansOnA = await open(a, dan);
    const dansOnA2 = await open(a, dan);
    const dansOnB = await open(b, dan);
    const ids: string[] = [];
    for (let i = 0; i < 20; i += 1) {
      const node = i % 2 ? a : b;
      ids.push((await sendText(node.url, eve, dan, `m${i}`)).msgId);
    }
    // Sends made through two nodes are published by two connections, so they may arrive out of
    // seq order (clients order by seq); what is promised is each push once on every socket.
    for (const socket of [dansOnA, dansOnA2, dansOnB]) {
      for (const id of ids) await nextMsg(socket, (m) => m.msgId === id);
      const got = msgPushes(socket)
        .sort((x: MsgPush, y: MsgPush) => x.seq - y.seq)
        .map((m) => m.msgId);
      expect(got).toEqual(ids);
    }
  });

  it('the socket cap counts both nodes and closes the oldest wherever it is', async () => {
    const fay: SeededUser = await seed(a.url).user('fay');
    const oldest = await open(a, fay);
    await open(b, fay);
    await open(a, fay);
    await open(b, fay);
    expect((await oldest.closed).code).toBe(CloseCode.SOCKET_LIMIT);
  });
});

describe.runIf(dialects.length > 0)('uploads on two nodes', () => {
  it('a file uploaded through one node is served by the other, from the shared UPLOAD_DIR', async () => {
    const shared = mkdtempSync(path.join(tmpdir(), 'paichat-shared-uploads-'));
    const env = { ...redisEnv(), UPLOAD_DIR: shared };
    const a = await startTestServer('sqlite', { env });
    const b = await startTestServer('sqlite', { env, nodeOf: a });
    try {
      expect(a.config.dataDir).not.toBe(b.config.dataDir);
      const gus = await seed(a.url).user('gus');
      const image = await png();
      const stored = await upload(a.url, gus, image, 'photo.png');
      expect(readdirSync(shared)).toContain(stored.url.split('/').at(-1));
      const response = await fetch(`${b.url}${stored.url}`, { headers: { authorization: gus.token } });
      expect(response.status).toBe(200);
      expect(Buffer.from(await response.arrayBuffer()).length).toBe(stored.size);
    } finally {
      await b.close();
      await a.close();
      rmSync(shared, { recursive: true, force: true });
    }
  });
});

describe.runIf(dialects.length > 0)('request budgets on two nodes', () => {
  it('are one budget, whichever node the requests reach', async () => {
    const env = { ...redisEnv(), RATE_LIMITS: 'on' };
    const a = await startTestServer('sqlite', { env });
    const b = await startTestServer('sqlite', { env, nodeOf: a });
    try {
      const { max } = RATE_LIMITS.checkChatNo;
      const answers = [];
      for (let i = 0; i <= max; i += 1) {
        const node = i % 2 ? a : b;
        answers.push(await get(node.url, '/auth/checkChatNo', { query: { chatNo: `free_${i}` } }));
      }
      expect(answers.slice(0, max).every((r) => r.body.code === 200)).toBe(true);
      expect(answers[max]?.body.code).toBe(429);
    } finally {
      await b.close();
      await a.close();
    }
  });
});

// Redis of the test's own, so it can be killed and started again.
const restartDialects = hasRedisServer ? (await availableDialects()).slice(-1) : [];

describe.each(restartDialects)('two nodes on %s when Redis restarts', (dialect) => {
  it(
    'sends still succeed; once Redis is back sockets are reset with 1012 and catch up by seq',
    async () => {
      const redis = await OwnRedis.start();
      const env = { REDIS_URL: redis.url, REDIS_PREFIX: 'r:' };
      const a = await startTestServer(dialect, { env });
      const b = await startTestServer(dialect, { env, nodeOf: a });
      const sockets: TestSocket[] = [];
      try {
        const [alice, bob] = await Promise.all([seed(a.url).user('alice'), seed(a.url).user('bob')]);
        await befriend(a.url, alice, bob);
        const alicesOnB = await TestSocket.forSession(b.url, alice.token);
        sockets.push(alicesOnB);
        await alicesOnB.ready();
        const first = await sendText(a.url, bob, alice, 'before');
        await nextMsg(alicesOnB, (m) => m.msgId === first.msgId);

        await redis.kill();
        const during = await sendText(a.url, bob, alice, 'while Redis is down');
        expect(during.status).toBe('0');
        await redis.start();
        expect((await alicesOnB.closed).code).toBe(CloseCode.RESYNC);

        // The client reconnects (here to the other node) and catches up from the seq it held.
        const again = await TestSocket.forSession(a.url, alice.token);
        sockets.push(again);
        await again.ready();
        const chat = await sessionWith(a.url, alice, bob);
        const caught = await as(a.url, alice).post<{ list: { msgId: string }[] }>('/chat/syncMessages', {
          chatId: chat.chatId,
          afterSeq: first.seq,
        });
        expect(caught.body.data.list.map((m) => m.msgId)).toEqual([during.msgId]);
        const after = await sendText(b.url, bob, alice, 'after');
        await nextMsg(again, (m) => m.msgId === after.msgId);
      } finally {
        for (const socket of sockets) socket.close();
        await b.close();
        await a.close();
        await redis.kill();
      }
    },
    budget(STEP_MS.redis, STEP_MS.redis, STEP_MS.requests),
  );
});
