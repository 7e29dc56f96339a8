import { CloseCode, type NoticePush } from '@paichat/protocol';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { pushToUsers } from '../src/realtime/push';
import { get, post } from './support/http';
import { as } from './support/api';
import { befriend, msgPushes, nextMsg, sendText } from './support/chats';
import { seed, type SeededUser } from './support/seed';
import { availableDialects, startTestServer, type TestServer } from './support/server';
import { receivedUpToBarrier, TestSocket } from './support/ws';

/** The texts of a one-to-one chat as the viewer's catch-up answers it. */
async function syncedTexts(server: TestServer, viewer: SeededUser, peer: SeededUser): Promise<string[]> {
  const { body } = await as(server.url, viewer).post<{ list: { content: { text?: string } }[] }>(
    '/chat/syncMessages',
    { userId: peer.userId, afterSeq: 0, limit: 100 },
  );
  expect(body.code, body.msg).toBe(200);
  return body.data.list.map((m) => m.content.text ?? '');
}

const dialects = await availableDialects();
const IPHONE_SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const ANDROID_CHROME =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36';

describe.each(dialects)('realtime on %s', (dialect) => {
  describe('one server', () => {
    let server: TestServer;
    const sockets: TestSocket[] = [];
    /** A socket of the session, through a fresh ticket. */
    const open = async (token: string) => {
      const socket = await TestSocket.forSession(server.url, token);
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

    it('refuses a missing or unknown ticket with 4001 and keeps nothing', async () => {
      for (const ticket of [undefined, '', 'not-a-real-ticket', 'x'.repeat(5000)]) {
        const socket = TestSocket.connect(server.wsUrl, ticket);
        sockets.push(socket);
        const closed = await socket.closed;
        expect(closed.code, String(ticket).slice(0, 20)).toBe(CloseCode.UNAUTHORIZED);
        expect(closed.reason).toBe('Login expired, please login again');
      }
      expect(server.running.app.paichat.registry.size).toBe(0);
    });

    it('answers the heartbeat with ok and ignores malformed frames', async () => {
      const ben = await seed(server.url).user('ben');
      const socket = await open(ben.token);
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
      // A second ping is the barrier: frames are answered in order, so nothing but the two
      // answers came back for all of that.
      socket.send({ type: 'ping' });
      await socket.next((m) => m === 'ok');
      expect(socket.received.slice(1)).toEqual(['ok', 'ok']);
      expect(socket.ws.readyState).toBe(socket.ws.OPEN);
    });

    it('sends SOCKET_READY first, and answers a ping sent the moment the socket opens after it', async () => {
      const cy = await seed(server.url).user('cy');
      const socket = await open(cy.token);
      await socket.opened();
      socket.send({ type: 'ping' });
      expect(await socket.next((m) => m === 'ok')).toBe('ok');
      expect(JSON.parse(socket.received[0] ?? '')).toEqual({
        pushType: 'NOTICE',
        noticeType: 'SOCKET_READY',
        msgContent: {},
        createTime: server.clock.now(),
      });
      expect(socket.received.slice(1)).toEqual(['ok']);
    });

    it('pushes LOGIN_ELSEWHERE to every device already connected, and to no one else', async () => {
      const dee = await seed(server.url).user('dee');
      const secondToken = await seed(server.url).login(dee.chatNo);
      const stranger = await seed(server.url).user('stranger');
      const phone = await open(dee.token);
      const tablet = await open(secondToken);
      const other = await open(stranger.token);
      await Promise.all([phone.ready(), tablet.ready(), other.ready()]);

      const mark = other.received.length;
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
      expect(await receivedUpToBarrier(server, other, stranger.userId, mark)).toEqual([]);
    });

    it('signs out: closes that token’s socket with 4002, tells the other device, keeps it open', async () => {
      const eli = await seed(server.url).user('eli');
      const signIn = await post<{ token: string }>(server.url, '/auth/login', {
        body: { account: eli.chatNo, password: eli.password },
        headers: { 'user-agent': ANDROID_CHROME },
      });
      const laptopToken = signIn.body.data.token;
      const phoneToken = eli.token;
      const laptop = await open(laptopToken);
      const phone = await open(phoneToken);
      // Two sockets on the same token (two tabs): both go.
      const laptopTab = await open(laptopToken);
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
  });

  describe('slow consumers and silent sockets', () => {
    let server: TestServer;
    afterEach(() => server.close());

    it('closes a socket that stops reading with 4008 instead of buffering without bound', async () => {
      server = await startTestServer(dialect, { realtime: { slowConsumerBytes: 256 * 1024 } });
      const gus = await seed(server.url).user('gus');
      const socket = await TestSocket.forSession(server.url, gus.token);
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
      const pushes = socket.received.filter((m) => m.includes('LOGIN_ELSEWHERE'));
      expect(pushes.length).toBeGreaterThan(0);
      expect(pushes.length).toBeLessThan(sent);
    });

    it('drops a socket that has gone silent, keeps one that pings', async () => {
      server = await startTestServer(dialect, { realtime: { idleTimeoutMs: 400 } });
      const hal = await seed(server.url).user('hal');
      const silent = await TestSocket.forSession(server.url, hal.token);
      const lively = await TestSocket.forSession(server.url, hal.token);
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
      const old = await TestSocket.forSession(server.url, ida.token);
      await old.ready();
      // Both keep pinging, so only the token, never silence, can close them.
      const sockets = [old];
      const pinger = setInterval(() => sockets.forEach((s) => s.send({ type: 'ping' })), 100);
      try {
        server.clock.advance(31 * 24 * 60 * 60_000);
        const fresh = await TestSocket.forSession(server.url, await seed(server.url).login(ida.chatNo));
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

  describe('reconnect catch-up', () => {
    it('a message stored between handshake and registration is in the catch-up after SOCKET_READY, never lost', async () => {
      // The window is held open: the gateway waits here after the ticket, before registering.
      let hold: Promise<void> | null = null;
      let reachedWindow: () => void = () => {};
      const inWindow = new Promise<void>((resolve) => (reachedWindow = resolve));
      const server = await startTestServer(dialect, {
        realtime: {
          beforeRegister: async () => {
            reachedWindow();
            await hold;
          },
        },
      });
      try {
        const [amy, ben] = [await seed(server.url).user('amy'), await seed(server.url).user('ben')];
        await befriend(server.url, amy, ben);
        let release: () => void = () => {};
        hold = new Promise<void>((resolve) => (release = resolve));
        const socket = await TestSocket.forSession(server.url, ben.token);
        await socket.opened();
        // A client that caught up as soon as the handshake completed would stop here …
        const early = await syncedTexts(server, ben, amy);
        await inWindow;
        // … while this message is stored before the socket is registered: it is not pushed.
        await sendText(server.url, amy, ben, 'in the window');
        release();
        await socket.ready();
        expect(early).not.toContain('in the window');
        expect(msgPushes(socket).map((p) => (p.msgContent.content as { text?: string }).text)).toEqual([]);

        // Following the protocol, the client catches up after SOCKET_READY: nothing falls between.
        expect(await syncedTexts(server, ben, amy)).toContain('in the window');
        const after = await sendText(server.url, amy, ben, 'after ready');
        await nextMsg(socket, (p) => p.msgId === after.msgId);
        socket.close();
      } finally {
        await server.close();
      }
    });
  });

  describe('shutdown', () => {
    it('closes every socket with 1001 going-away', async () => {
      const server = await startTestServer(dialect);
      const ivy = await seed(server.url).user('ivy');
      const a = await TestSocket.forSession(server.url, ivy.token);
      const b = await TestSocket.forSession(server.url, await seed(server.url).login(ivy.chatNo));
      await Promise.all([a.ready(), b.ready()]);
      await server.close();
      const [closedA, closedB] = await Promise.all([a.closed, b.closed]);
      expect(closedA).toEqual({ code: CloseCode.GOING_AWAY, reason: 'Server shutting down' });
      expect(closedB.code).toBe(CloseCode.GOING_AWAY);
      await expect(fetch(`${server.url}/healthz`)).rejects.toThrow();
    });
  });
});
