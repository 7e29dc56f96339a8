import { CloseCode, type NoticePush } from '@paichat/protocol';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { pushToUsers } from '../src/realtime/push';
import { get, post } from './support/http';
import { seed } from './support/seed';
import { availableDialects, startTestServer, type TestServer } from './support/server';
import { quietFor, TestSocket } from './support/ws';

const dialects = await availableDialects();
const IPHONE_SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const ANDROID_CHROME =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36';

describe.each(dialects)('realtime on %s', (dialect) => {
  describe('one server', () => {
    let server: TestServer;
    const sockets: TestSocket[] = [];
    const open = (token?: string) => {
      const socket = TestSocket.connect(server.wsUrl, token);
      sockets.push(socket);
      return socket;
    };
    beforeAll(async () => {
      server = await startTestServer(dialect);
    });
    afterEach(() => {
      for (const socket of sockets.splice(0)) socket.close();
    });
    afterAll(() => server.close());

    it('refuses a missing or unknown token with 4001 and keeps nothing', async () => {
      for (const token of [undefined, '', 'not-a-real-token']) {
        const socket = open(token);
        const closed = await socket.closed;
        expect(closed.code, String(token)).toBe(CloseCode.UNAUTHORIZED);
        expect(closed.reason).toBe('Login expired, please login again');
      }
      expect(server.running.app.paichat.registry.size).toBe(0);
    });

    it('refuses a revoked token with 4001', async () => {
      const amy = await seed(server.url).user('amy');
      await post(server.url, '/auth/logout', { token: amy.token });
      expect((await open(amy.token).closed).code).toBe(CloseCode.UNAUTHORIZED);
    });

    it('answers the heartbeat with ok and ignores malformed frames', async () => {
      const ben = await seed(server.url).user('ben');
      const socket = open(ben.token);
      await socket.ready();
      for (const junk of [
        'not json',
        '{"type":"nope"}',
        '[]',
        'null',
        '{"type":',
        JSON.stringify({ ping: true }),
      ]) {
        socket.send(junk);
      }
      socket.ws.send(Buffer.from([0, 1, 2, 3]), { binary: true });
      socket.send({ type: 'ping' });
      expect(await socket.next()).toBe('ok');
      // Nothing but the one answer came back for all of that.
      expect(await quietFor(socket, 100)).toEqual([]);
      expect(socket.received).toEqual(['ok', 'ok']);
      expect(socket.ws.readyState).toBe(socket.ws.OPEN);
    });

    it('answers a ping sent the moment the socket opens', async () => {
      const cy = await seed(server.url).user('cy');
      const socket = open(cy.token);
      await socket.opened();
      socket.send({ type: 'ping' });
      expect(await socket.next()).toBe('ok');
    });

    it('pushes LOGIN_ELSEWHERE to every device already connected, and to no one else', async () => {
      const dee = await seed(server.url).user('dee');
      const secondToken = await seed(server.url).login(dee.chatNo);
      const stranger = await seed(server.url).user('stranger');
      const phone = open(dee.token);
      const tablet = open(secondToken);
      const other = open(stranger.token);
      await Promise.all([phone.ready(), tablet.ready(), other.ready()]);

      const { body } = await post(server.url, '/auth/login', {
        body: { account: dee.chatNo, password: dee.password },
        headers: { 'user-agent': IPHONE_SAFARI },
      });
      expect(body.code).toBe(200);
      const [onPhone, onTablet] = await Promise.all([
        phone.nextNotice('LOGIN_ELSEWHERE'),
        tablet.nextNotice('LOGIN_ELSEWHERE'),
      ]);
      const expected: NoticePush = {
        pushType: 'NOTICE',
        noticeType: 'LOGIN_ELSEWHERE',
        msgContent: { device: 'Safari on iPhone', time: server.clock.now() },
        createTime: server.clock.now(),
      };
      expect(onPhone).toEqual(expected);
      expect(onTablet).toEqual(expected);
      expect(await quietFor(other, 100)).toEqual([]);
    });

    it('signs out: closes that token’s socket with 4002, tells the other device, keeps it open', async () => {
      const eli = await seed(server.url).user('eli');
      const signIn = await post<{ token: string }>(server.url, '/auth/login', {
        body: { account: eli.chatNo, password: eli.password },
        headers: { 'user-agent': ANDROID_CHROME },
      });
      const laptopToken = signIn.body.data.token;
      const phoneToken = eli.token;
      const laptop = open(laptopToken);
      const phone = open(phoneToken);
      // Two sockets on the same token (two tabs): both go.
      const laptopTab = open(laptopToken);
      await Promise.all([laptop.ready(), phone.ready(), laptopTab.ready()]);

      const out = await post(server.url, '/auth/logout', { token: laptopToken });
      expect(out.body.code).toBe(200);
      const [closed, tabClosed] = await Promise.all([laptop.closed, laptopTab.closed]);
      expect(closed).toEqual({ code: CloseCode.SIGNED_OUT, reason: 'Signed out' });
      expect(tabClosed.code).toBe(CloseCode.SIGNED_OUT);

      const notice = await phone.nextNotice('LOGOUT_ELSEWHERE');
      expect(notice).toEqual({
        pushType: 'NOTICE',
        noticeType: 'LOGOUT_ELSEWHERE',
        msgContent: { device: 'Chrome on Android', time: server.clock.now() },
        createTime: server.clock.now(),
      });
      expect(laptop.received.some((m) => m.includes('LOGOUT_ELSEWHERE'))).toBe(false);

      phone.send({ type: 'ping' });
      expect(await phone.next((m) => m === 'ok')).toBe('ok');
      expect(phone.ws.readyState).toBe(phone.ws.OPEN);
      expect((await get(server.url, '/my/getInfo', { token: phoneToken })).body.code).toBe(200);
    });

    it('refuses a token that expired while signed out of the socket', async () => {
      const fay = await seed(server.url).user('fay');
      server.clock.advance(31 * 24 * 60 * 60_000);
      expect((await open(fay.token).closed).code).toBe(CloseCode.UNAUTHORIZED);
    });
  });

  describe('slow consumers and silent sockets', () => {
    let server: TestServer;
    afterEach(() => server.close());

    it('closes a socket that stops reading with 4008 instead of buffering without bound', async () => {
      server = await startTestServer(dialect, { realtime: { slowConsumerBytes: 256 * 1024 } });
      const gus = await seed(server.url).user('gus');
      const socket = TestSocket.connect(server.wsUrl, gus.token);
      await socket.ready();
      socket.ws.pause();

      const { bus, registry } = server.running.app.paichat;
      const big: NoticePush = {
        pushType: 'NOTICE',
        noticeType: 'LOGIN_ELSEWHERE',
        msgContent: { device: 'x'.repeat(200 * 1024), time: 0 },
        createTime: 0,
      };
      let sent = 0;
      for (; sent < 400 && registry.forUser(gus.userId).length > 0; sent += 1) {
        await pushToUsers(bus, [gus.userId], big);
        await new Promise((r) => setImmediate(r));
      }
      expect(registry.forUser(gus.userId)).toHaveLength(0);

      socket.ws.resume();
      const closed = await socket.closed;
      expect(closed.code).toBe(CloseCode.SLOW_CONSUMER);
      // It got the pushes the network had already taken, then the close instead of the rest.
      const pushes = socket.received.filter((m) => m !== 'ok');
      expect(pushes.length).toBeGreaterThan(0);
      expect(pushes.length).toBeLessThan(sent);
    });

    it('drops a socket that has gone silent, keeps one that pings', async () => {
      server = await startTestServer(dialect, { realtime: { idleTimeoutMs: 400 } });
      const hal = await seed(server.url).user('hal');
      const silent = TestSocket.connect(server.wsUrl, hal.token);
      const lively = TestSocket.connect(server.wsUrl, hal.token);
      await Promise.all([silent.ready(), lively.ready()]);
      const pinger = setInterval(() => lively.send({ type: 'ping' }), 100);
      try {
        const closed = await silent.closed;
        expect(closed.code).toBe(1006);
        expect(lively.ws.readyState).toBe(lively.ws.OPEN);
        expect(server.running.app.paichat.registry.forUser(hal.userId)).toHaveLength(1);
      } finally {
        clearInterval(pinger);
        lively.close();
      }
    });
  });

  describe('token expiry', () => {
    let server: TestServer;
    afterEach(() => server.close());

    it('closes an open socket with 4001 once its token expires; a fresh sign-in keeps its own', async () => {
      server = await startTestServer(dialect, { realtime: { idleTimeoutMs: 400 } });
      const ida = await seed(server.url).user('ida');
      const old = TestSocket.connect(server.wsUrl, ida.token);
      await old.ready();
      // Both keep pinging, so only the token, never silence, can close them.
      const sockets = [old];
      const pinger = setInterval(() => sockets.forEach((s) => s.send({ type: 'ping' })), 100);
      try {
        server.clock.advance(31 * 24 * 60 * 60_000);
        const fresh = TestSocket.connect(server.wsUrl, await seed(server.url).login(ida.chatNo));
        await fresh.ready();
        sockets.push(fresh);
        expect((await old.closed).code).toBe(CloseCode.UNAUTHORIZED);
        expect(server.running.app.paichat.registry.forUser(ida.userId)).toHaveLength(1);
        // The sign-in swept the expired session away: only the new one is stored.
        const rows = await server.running.app.paichat.db
          .selectFrom('sessions')
          .select('id')
          .where('user_id', '=', Number(ida.userId))
          .execute();
        expect(rows).toHaveLength(1);
        fresh.close();
      } finally {
        clearInterval(pinger);
      }
    });
  });

  describe('shutdown', () => {
    it('closes every socket with 1001 going-away', async () => {
      const server = await startTestServer(dialect);
      const ivy = await seed(server.url).user('ivy');
      const a = TestSocket.connect(server.wsUrl, ivy.token);
      const b = TestSocket.connect(server.wsUrl, await seed(server.url).login(ivy.chatNo));
      await Promise.all([a.ready(), b.ready()]);
      await server.close();
      const [closedA, closedB] = await Promise.all([a.closed, b.closed]);
      expect(closedA).toEqual({ code: CloseCode.GOING_AWAY, reason: 'Server shutting down' });
      expect(closedB.code).toBe(CloseCode.GOING_AWAY);
      await expect(fetch(`${server.url}/healthz`)).rejects.toThrow();
    });
  });
});
