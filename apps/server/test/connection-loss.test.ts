/**
 * Finding 12 of the hardening issue: a PostgreSQL connection that breaks while a query or a
 * transaction is on it must fail that request only. A proxy between the server and PostgreSQL
 * (support/pg-proxy.ts) resets connections mid-statement and withholds the answer to COMMITs
 * that PostgreSQL applied, while two friends talk. The server runs in this test's process: an
 * 'error' event nobody listens to would end the run.
 */
import type { SendMsgResult, ServerMessage } from '@paichat/protocol';
import { afterEach, expect, it, vi } from 'vitest';
import { as } from './support/api';
import { befriend, msgPushes, nextMsg } from './support/chats';
import { get } from './support/http';
import { startPgProxy, type PgProxy } from './support/pg-proxy';
import { seed } from './support/seed';
import { availableDialects, PG_URL, startTestServer, type TestServer } from './support/server';
import { TestSocket } from './support/ws';

const hasPostgres = (await availableDialects()).includes('postgres');

interface Sync {
  list: ServerMessage[];
  lastSeq: number;
  hasMore: boolean;
}

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function serverBehindProxy(): Promise<{ server: TestServer; proxy: PgProxy }> {
  const proxy = await startPgProxy(PG_URL);
  cleanups.push(() => proxy.close());
  const server = await startTestServer('postgres', { pgUrl: proxy.url });
  cleanups.push(() => server.close());
  return { server, proxy };
}

const SENDS = 40;
const CHAINS = 4;
const MAX_ATTEMPTS = 25;

it.runIf(hasPostgres)(
  'keeps serving through reset connections and lost COMMIT replies; each acknowledged message is stored once and reaches its recipient',
  async () => {
    const { server, proxy } = await serverBehindProxy();
    const [alice, bob] = [await seed(server.url).user('alice'), await seed(server.url).user('bob')];
    await befriend(server.url, alice, bob);
    const bobSocket = await TestSocket.forSession(server.url, bob.token);
    cleanups.push(() => bobSocket.close());
    await bobSocket.ready();

    // From here on every 12th statement is cut mid-flight (PostgreSQL rolls its transaction
    // back) and every 3rd COMMIT is applied but its answer never reaches the server.
    let statements = 0;
    let commits = 0;
    proxy.rule = (sql) => {
      statements += 1;
      if (/^\s*commit\s*$/i.test(sql)) {
        commits += 1;
        return commits % 3 === 0 ? 'lose-reply' : 'pass';
      }
      return statements % 12 === 0 ? 'reset' : 'pass';
    };

    // Each message is sent as the web client's outbox sends it: again, with the same
    // clientMsgId, until the server acknowledges it.
    const acknowledged = new Map<string, SendMsgResult>();
    let failedAnswers = 0;
    const sendUntilAcknowledged = async (clientMsgId: string) => {
      for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt += 1) {
        const { status, body } = await as(server.url, alice).post<SendMsgResult>('/chat/sendMsg', {
          userId: bob.userId,
          msgType: 'TEXT',
          content: { text: `message ${clientMsgId}` },
          clientMsgId,
        });
        if (status === 200 && body.code === 200 && body.data.status === '0') {
          const earlier = acknowledged.get(clientMsgId);
          // A repeat acknowledges the same message, never a second one.
          if (earlier) expect(body.data.msgId).toBe(earlier.msgId);
          acknowledged.set(clientMsgId, body.data);
          return;
        }
        // The request failed cleanly: an envelope, no stack (call() checks), and worth a retry.
        expect({ status, err: body.err }).toEqual({ status: 500, err: 'internal' });
        failedAnswers += 1;
      }
      throw new Error(`${clientMsgId} was never acknowledged`);
    };
    const ids = Array.from({ length: SENDS }, (_, i) => `loss-${i}`);
    await Promise.all(
      Array.from({ length: CHAINS }, async (_, chain) => {
        for (let i = chain; i < SENDS; i += CHAINS) await sendUntilAcknowledged(ids[i] as string);
      }),
    );
    proxy.rule = () => 'pass';

    // The attack happened, in both forms, and the server is still up.
    expect(proxy.resets).toBeGreaterThan(proxy.lostReplies);
    expect(proxy.lostReplies).toBeGreaterThan(0);
    expect(failedAnswers).toBeGreaterThan(0);
    expect((await get(server.url, '/healthz')).status).toBe(200);

    // Stored once each, under the msgId that was acknowledged, with no seq left unused.
    const stored: ServerMessage[] = [];
    for (let afterSeq = 0; ;) {
      const { body } = await as(server.url, alice).post<Sync>('/chat/syncMessages', {
        userId: bob.userId,
        afterSeq,
      });
      expect(body.code, body.msg).toBe(200);
      stored.push(...body.data.list);
      if (!body.data.hasMore) break;
      afterSeq = body.data.list.at(-1)?.seq ?? afterSeq;
    }
    const sent = stored.filter((m) => m.fromId === alice.userId);
    expect(sent.map((m) => m.clientMsgId).sort()).toEqual([...ids].sort());
    for (const message of sent) expect(acknowledged.get(message.clientMsgId)?.msgId).toBe(message.msgId);
    expect(stored.map((m) => m.seq)).toEqual(stored.map((_, i) => i + 1));

    // Each reaches Bob's open socket as a push: an acknowledged retry of a message whose
    // COMMIT answer was lost pushes the original again, so none waits for a later message.
    await vi.waitFor(() => {
      const pushed = new Set(msgPushes(bobSocket).map((p) => p.msgContent.msgId));
      for (const { msgId } of acknowledged.values()) expect(pushed).toContain(msgId);
    });

    // And the next message travels as usual, pushed at once.
    const { body: after } = await as(server.url, alice).post<SendMsgResult>('/chat/sendMsg', {
      userId: bob.userId,
      msgType: 'TEXT',
      content: { text: 'all well' },
      clientMsgId: 'loss-after',
    });
    expect(after.data.status).toBe('0');
    await nextMsg(bobSocket, (p) => p.msgContent.msgId === after.data.msgId);
  },
  90_000,
);

it.runIf(hasPostgres)(
  'does not write a batch again when only its COMMIT answer was lost: sends without clientMsgId are stored once',
  async () => {
    const { server, proxy } = await serverBehindProxy();
    const [alice, bob] = [await seed(server.url).user('alice'), await seed(server.url).user('bob')];
    await befriend(server.url, alice, bob);

    // Loses the answer to the first COMMIT of a batch of several messages (only sends store
    // messages here, and the group commit writes one batch at a time).
    let inserted = 0;
    proxy.rule = (sql) => {
      // On PostgreSQL a message is stored by one statement that opens with its CTEs, and a batch
      // of several by one statement that takes them from unnest() arrays.
      if (/insert into "messages"/i.test(sql)) inserted += /unnest\(/i.test(sql) ? 2 : 1;
      if (!/^\s*commit\s*$/i.test(sql)) return 'pass';
      const batch = inserted;
      inserted = 0;
      return batch >= 2 && proxy.lostReplies === 0 ? 'lose-reply' : 'pass';
    };

    const texts: string[] = [];
    for (let round = 0; round < 20 && proxy.lostReplies === 0; round += 1) {
      const batch = Array.from({ length: 8 }, (_, i) => `round ${round} message ${i}`);
      texts.push(...batch);
      const answers = await Promise.all(
        batch.map((text) =>
          as(server.url, alice).post<SendMsgResult>('/chat/sendMsg', {
            userId: bob.userId,
            msgType: 'TEXT',
            content: { text },
          }),
        ),
      );
      for (const { status, body } of answers)
        if (status !== 200) expect({ status, err: body.err }).toEqual({ status: 500, err: 'internal' });
    }
    proxy.rule = () => 'pass';
    expect(proxy.lostReplies).toBe(1);

    const { body } = await as(server.url, bob).post<Sync>('/chat/syncMessages', {
      userId: alice.userId,
      afterSeq: 0,
      limit: 200,
    });
    const stored = body.data.list
      .filter((m) => m.fromId === alice.userId)
      .map((m) => (m.content as { text: string }).text);
    expect(stored.length).toBeGreaterThan(0);
    expect(new Set(stored).size).toBe(stored.length);
    for (const text of stored) expect(texts).toContain(text);
  },
  60_000,
);
