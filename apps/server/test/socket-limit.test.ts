/**
 * The cap on sockets per account (issue 8, finding 8): one more than MAX_SOCKETS_PER_USER
 * closes the account's oldest socket with 4009, counted across every node of a deployment.
 */
import { CloseCode, NoticeType, noticePush } from '@paichat/protocol';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { pushToUsers } from '../src/realtime/push';
import { seed, type SeededUser } from './support/seed';
import { availableDialects, startTestServer, type TestServer } from './support/server';
import { TestSocket } from './support/ws';

const dialects = await availableDialects();
const LIMIT = 3;
const env = { MAX_SOCKETS_PER_USER: String(LIMIT) };

/** Proves a socket is live: a push to its user, published on `server`, reaches it. */
async function reachesOn(
  server: TestServer,
  socket: TestSocket,
  user: SeededUser,
  tag: string,
): Promise<void> {
  const { bus } = server.running.app.paichat;
  const notice = noticePush(NoticeType.FRIEND_ACCEPTED, { userId: user.userId, nickName: tag }, 0);
  await pushToUsers(bus, [user.userId], notice);
  await socket.next((m) => m.includes(tag));
}

/** Opens a registered socket of the user on a node, kept in `sockets` for closing after the test. */
const opener = (sockets: TestSocket[]) => async (node: TestServer, user: SeededUser) => {
  const socket = await TestSocket.forSession(node.url, user.token);
  sockets.push(socket);
  await socket.ready();
  return socket;
};

describe.each(dialects)('socket limit on %s', (dialect) => {
  let server: TestServer;
  let otherNode: TestServer;
  const sockets: TestSocket[] = [];
  const open = opener(sockets);
  const openRows = (user: SeededUser) =>
    server.running.app.paichat.db
      .selectFrom('sockets')
      .select('id')
      .where('user_id', '=', Number(user.userId))
      .where('opened_at', 'is not', null)
      .execute();
  const reaches = (socket: TestSocket, user: SeededUser, tag: string) => reachesOn(server, socket, user, tag);

  beforeAll(async () => {
    server = await startTestServer(dialect, { env });
    otherNode = await startTestServer(dialect, { env, nodeOf: server });
  });
  afterEach(() => {
    for (const socket of sockets.splice(0)) socket.close();
  });
  afterAll(async () => {
    await otherNode.close();
    await server.close();
  });

  it('one socket too many closes the account’s oldest with 4009; the rest and other accounts keep working', async () => {
    const [amy, ben] = await Promise.all([seed(server.url).user('amy'), seed(server.url).user('ben')]);
    const bens = await open(server, ben);
    const amys: TestSocket[] = [];
    for (let i = 0; i < LIMIT; i += 1) amys.push(await open(server, amy));
    const newest = await open(server, amy);

    expect(await amys[0]!.closed).toEqual({
      code: CloseCode.SOCKET_LIMIT,
      reason: 'Too many open sockets: this one, the oldest, was closed',
    });
    for (const socket of [...amys.slice(1), newest])
      await reaches(socket, amy, `amy-${sockets.indexOf(socket)}`);
    await reaches(bens, ben, 'ben');
    expect(server.running.app.paichat.registry.forUser(amy.userId)).toHaveLength(LIMIT);
    expect(await openRows(amy)).toHaveLength(LIMIT);
  });

  it('a closed socket gives its place back', async () => {
    const cy = await seed(server.url).user('cy');
    const first = await open(server, cy);
    await open(server, cy);
    expect(await openRows(cy)).toHaveLength(2);
    first.close();
    await vi.waitFor(async () => expect(await openRows(cy)).toHaveLength(1));
  });

  it('counts the account’s sockets on every node', async () => {
    const dee = await seed(server.url).user('dee');
    const here = [await open(server, dee), await open(server, dee)];
    const there = [await open(otherNode, dee), await open(otherNode, dee)];

    expect((await here[0]!.closed).code).toBe(CloseCode.SOCKET_LIMIT);
    await reaches(here[1]!, dee, 'dee-here');
    for (const [i, socket] of there.entries()) await reaches(socket, dee, `dee-there-${i}`);
    expect(server.running.app.paichat.registry.forUser(dee.userId)).toHaveLength(1);
    expect(otherNode.running.app.paichat.registry.forUser(dee.userId)).toHaveLength(2);
  });
});

/** Idle sockets cost nothing periodic: a node renews one lease row, never its sockets' rows. */
describe.each(dialects)('idle sockets on %s', (dialect) => {
  const REFRESH_MS = 30_000;
  let server: TestServer;
  let deadNode: TestServer;
  const sockets: TestSocket[] = [];
  const open = opener(sockets);

  beforeAll(async () => {
    // Started on real timers, this node never renews its lease within the test: it is the one that dies.
    deadNode = await startTestServer(dialect, { env });
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    server = await startTestServer(dialect, { env, nodeOf: deadNode });
  });
  afterAll(async () => {
    for (const socket of sockets.splice(0)) socket.close();
    await server.close();
    vi.useRealTimers();
    await deadNode.close();
  });

  it('write no socket row while they idle, and a dead node’s sockets stop counting once its lease lapses', async () => {
    const { db } = server.running.app.paichat;
    const eve = await seed(server.url).user('eve');
    await open(deadNode, eve);
    await open(deadNode, eve);
    const mine = await open(server, eve);
    const rowsOf = () =>
      db.selectFrom('sockets').selectAll().where('user_id', '=', Number(eve.userId)).orderBy('id').execute();
    const before = await rowsOf();

    for (let i = 0; i < 5; i += 1) {
      server.clock.advance(REFRESH_MS);
      vi.advanceTimersByTime(REFRESH_MS);
      const renewedAt = server.clock.now();
      // The node renewed its lease: one row, whatever it holds.
      await vi.waitFor(async () =>
        expect(
          await db.selectFrom('socket_leases').select('seen_at').where('seen_at', '=', renewedAt).execute(),
        ).toHaveLength(1),
      );
    }
    expect(await rowsOf()).toEqual(before);

    // Two sockets lie on the dead node: two more here make three, the cap, and close none.
    const more = [await open(server, eve), await open(server, eve)];
    for (const [i, socket] of [mine, ...more].entries()) await reachesOn(server, socket, eve, `eve-${i}`);
    expect(server.running.app.paichat.registry.forUser(eve.userId)).toHaveLength(LIMIT);
    await open(server, eve);
    expect((await mine.closed).code).toBe(CloseCode.SOCKET_LIMIT);
  });
});
