/**
 * Who may open a socket (issue 8, finding 9 and the Origin check): the session token never
 * travels in the socket URL; a single-use ticket from `POST /auth/socketTicket` does, and a
 * page of a foreign origin is refused before the upgrade.
 */
import { CloseCode, SOCKET_TICKET_TTL_MS, type SocketTicket } from '@paichat/protocol';
import type { IncomingMessage } from 'node:http';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { as } from './support/api';
import { post } from './support/http';
import { seed, type SeededUser } from './support/seed';
import { availableDialects, startTestServer, type TestServer } from './support/server';
import { TestSocket } from './support/ws';

const dialects = await availableDialects();

async function ticketFor(server: TestServer, user: { token: string }): Promise<SocketTicket> {
  const { body } = await as(server.url, user).post<SocketTicket>('/auth/socketTicket');
  expect(body.code, body.msg).toBe(200);
  return body.data;
}

/** The HTTP answer to a handshake the server refused before the upgrade. */
function refusedHandshake(
  url: string,
  headers: Record<string, string>,
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, { headers });
    ws.on('unexpected-response', (request, response: IncomingMessage) => {
      let body = '';
      response.on('data', (chunk: Buffer) => (body += chunk.toString()));
      response.on('end', () => {
        request.destroy();
        resolve({ status: response.statusCode ?? 0, body });
      });
    });
    ws.on('open', () => {
      ws.close();
      reject(new Error('the upgrade was accepted'));
    });
    ws.on('error', () => {});
  });
}

describe.each(dialects)('socket tickets on %s', (dialect) => {
  let server: TestServer;
  const sockets: TestSocket[] = [];
  const connect = (ticket: string, headers: Record<string, string> = {}) => {
    const socket = TestSocket.connect(server.wsUrl, ticket, headers);
    sockets.push(socket);
    return socket;
  };
  const user = (name: string): Promise<SeededUser> => seed(server.url).user(name);
  beforeAll(async () => {
    server = await startTestServer(dialect);
  });
  afterEach(() => {
    for (const socket of sockets.splice(0)) socket.close();
  });
  afterAll(() => server.close());

  it('a ticket opens one socket, once: a second socket with it is closed with 4001', async () => {
    const amy = await user('amy');
    const { ticket } = await ticketFor(server, amy);
    const first = connect(ticket);
    await first.ready();
    const second = connect(ticket);
    expect(await second.closed).toEqual({
      code: CloseCode.UNAUTHORIZED,
      reason: 'Login expired, please login again',
    });
    // The first is not disturbed by the replay.
    first.send({ type: 'ping' });
    expect(await first.next((m) => m === 'ok')).toBe('ok');
    expect(server.running.app.paichat.registry.forUser(amy.userId)).toHaveLength(1);
  });

  it('of two sockets racing with one ticket, exactly one opens', async () => {
    const ben = await user('ben');
    const { ticket } = await ticketFor(server, ben);
    const racers = [connect(ticket), connect(ticket)];
    const outcomes = await Promise.all(
      racers.map((socket) =>
        Promise.race([socket.ready().then(() => 'ready'), socket.closed.then((c) => `closed ${c.code}`)]),
      ),
    );
    expect(outcomes.sort()).toEqual(['closed 4001', 'ready']);
  });

  it('a ticket works for 30 s, then no more', async () => {
    const cy = await user('cy');
    const early = await ticketFor(server, cy);
    expect(early.expiresAt).toBe(server.clock.now() + SOCKET_TICKET_TTL_MS);
    const late = await ticketFor(server, cy);
    server.clock.advance(SOCKET_TICKET_TTL_MS - 1);
    await connect(early.ticket).ready();
    server.clock.advance(1);
    expect((await connect(late.ticket).closed).code).toBe(CloseCode.UNAUTHORIZED);
    // A fresh one works again.
    await connect((await ticketFor(server, cy)).ticket).ready();
  });

  it('refuses the session token in the socket URL; the token keeps working over HTTP', async () => {
    const dee = await user('dee');
    expect(await connect(dee.token).closed).toEqual({
      code: CloseCode.UNAUTHORIZED,
      reason: 'Login expired, please login again',
    });
    expect((await as(server.url, dee).get('/my/getInfo')).body.code).toBe(200);
  });

  it('refuses the unused ticket of a session that has signed out since', async () => {
    const eli = await user('eli');
    const { ticket } = await ticketFor(server, eli);
    expect((await post(server.url, '/auth/logout', { token: eli.token })).body.code).toBe(200);
    expect((await connect(ticket).closed).code).toBe(CloseCode.UNAUTHORIZED);
    expect(server.running.app.paichat.registry.forUser(eli.userId)).toHaveLength(0);
  });

  it('gives tickets to signed-in callers only', async () => {
    const fay = await user('fay');
    const anonymous = await post(server.url, '/auth/socketTicket', { body: {} });
    expect([anonymous.status, anonymous.body.code]).toEqual([401, 401]);
    await post(server.url, '/auth/logout', { token: fay.token });
    const revoked = await post(server.url, '/auth/socketTicket', { token: fay.token, body: {} });
    expect([revoked.status, revoked.body.code]).toEqual([401, 401]);
  });

  it('forgets tickets that expired unused', async () => {
    const gus = await user('gus');
    await ticketFor(server, gus);
    // Past the ticket's life and the sweep's interval: the next ticket issued sweeps.
    server.clock.advance(61_000);
    await ticketFor(server, gus);
    const rows = await server.running.app.paichat.db
      .selectFrom('sockets')
      .select('expires_at')
      .where('user_id', '=', Number(gus.userId))
      .execute();
    expect(rows).toEqual([{ expires_at: server.clock.now() + SOCKET_TICKET_TTL_MS }]);
  });
});

describe.each(dialects)('socket Origin check on %s', (dialect) => {
  const OTHER_APP = 'https://m.example.org';
  const FOREIGN = 'https://evil.example';
  let direct: TestServer;
  let proxied: TestServer;
  const sockets: TestSocket[] = [];
  const open = async (server: TestServer, user: SeededUser, headers: Record<string, string>) => {
    const socket = TestSocket.connect(server.wsUrl, (await ticketFor(server, user)).ticket, headers);
    sockets.push(socket);
    return socket;
  };
  beforeAll(async () => {
    [direct, proxied] = await Promise.all([
      startTestServer(dialect, { env: { ALLOWED_ORIGINS: OTHER_APP } }),
      startTestServer(dialect, { env: { TRUST_PROXY: 'loopback' } }),
    ]);
  });
  afterEach(() => {
    for (const socket of sockets.splice(0)) socket.close();
  });
  afterAll(() => Promise.all([direct.close(), proxied.close()]));

  it('refuses a page of another origin with 403 before the upgrade, so its ticket stays unused', async () => {
    const amy = await seed(direct.url).user('amy');
    const { ticket } = await ticketFor(direct, amy);
    const url = `${direct.wsUrl}?Authorization=${ticket}`;
    for (const origin of [FOREIGN, 'null', direct.url.replace('http:', 'https:')]) {
      const answer = await refusedHandshake(url, { Origin: origin });
      expect(answer.status, origin).toBe(403);
      expect(JSON.parse(answer.body)).toEqual({
        code: 403,
        msg: 'Origin not allowed',
        data: null,
        err: 'forbidden',
      });
    }
    expect(direct.running.app.paichat.registry.forUser(amy.userId)).toHaveLength(0);
    // Nothing was redeemed: the same ticket opens a socket from the app's own page.
    const socket = TestSocket.connect(direct.wsUrl, ticket, { Origin: direct.url });
    sockets.push(socket);
    await socket.ready();
  });

  it('accepts the app’s own origin, a configured one, and a handshake without Origin', async () => {
    const ben = await seed(direct.url).user('ben');
    for (const headers of [{ Origin: direct.url }, { Origin: OTHER_APP }, {}] as Record<string, string>[]) {
      await (await open(direct, ben, headers)).ready();
    }
    expect(direct.running.app.paichat.registry.forUser(ben.userId)).toHaveLength(3);
  });

  it('behind a trusted proxy, the forwarded scheme and host make the app’s own origin', async () => {
    const cy = await seed(proxied.url).user('cy');
    const viaProxy = { 'X-Forwarded-Proto': 'https', 'X-Forwarded-Host': 'chat.example.com' };
    await (await open(proxied, cy, { ...viaProxy, Origin: 'https://chat.example.com' })).ready();
    const { ticket } = await ticketFor(proxied, cy);
    const refused = await refusedHandshake(`${proxied.wsUrl}?Authorization=${ticket}`, {
      ...viaProxy,
      Origin: FOREIGN,
    });
    expect(refused.status).toBe(403);
  });

  it('without a trusted proxy, a forged X-Forwarded-Host does not make a foreign page our own', async () => {
    const dee = await seed(direct.url).user('dee');
    const { ticket } = await ticketFor(direct, dee);
    const refused = await refusedHandshake(`${direct.wsUrl}?Authorization=${ticket}`, {
      'X-Forwarded-Proto': 'https',
      'X-Forwarded-Host': 'evil.example',
      Origin: FOREIGN,
    });
    expect(refused.status).toBe(403);
  });
});
