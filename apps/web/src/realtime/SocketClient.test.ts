import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SOCKET_ACK_TIMEOUT_MS, SocketClient, defaultSocketUrl, type WebSocketLike } from './SocketClient';

/** A transport we drive by hand: the server side of each socket is these methods. */
class FakeWebSocket implements WebSocketLike {
  static instances: FakeWebSocket[] = [];
  readyState = 0;
  onopen: WebSocketLike['onopen'] = null;
  onclose: WebSocketLike['onclose'] = null;
  onerror: WebSocketLike['onerror'] = null;
  onmessage: WebSocketLike['onmessage'] = null;
  sent: string[] = [];
  closedWith: number | null = null;

  constructor(readonly url: string) {
    FakeWebSocket.instances.push(this);
  }
  send(data: string) {
    this.sent.push(data);
  }
  close(code = 1000) {
    this.readyState = 3;
    this.closedWith = code;
  }
  // server side
  /** The handshake completes; the server has not registered the socket yet. */
  handshake() {
    this.readyState = 1;
    this.onopen?.({});
  }
  /** The handshake, then the server's first frame: the socket is registered. */
  accept() {
    this.handshake();
    this.reply(READY);
  }
  reply(data: unknown) {
    this.onmessage?.({ data });
  }
  serverClose(code: number) {
    this.readyState = 3;
    this.onclose?.({ code });
  }
  fail() {
    this.onerror?.({});
  }
}

const latest = () => {
  const ws = FakeWebSocket.instances.at(-1);
  if (!ws) throw new Error('no socket opened');
  return ws;
};
const PING = '{"type":"ping"}';
const READY = JSON.stringify({
  pushType: 'NOTICE',
  noticeType: 'SOCKET_READY',
  msgContent: {},
  createTime: 1,
});
/** Lets the ticket request (a promise) settle, as the network would. */
const settle = () => vi.advanceTimersByTimeAsync(0);

function make(onExpired = vi.fn<(code: number) => void>()) {
  const client = new SocketClient({
    WebSocket: FakeWebSocket,
    ticket: async (token) => `ticket-for-${token}`,
    url: (t) => `ws://test/ws?Authorization=${t}`,
    onExpired,
  });
  return { client, onExpired };
}

beforeEach(() => {
  vi.useFakeTimers();
  FakeWebSocket.instances = [];
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('SocketClient', () => {
  it('connects with the token in the URL and reports its status', async () => {
    const { client } = make();
    const seen: string[] = [];
    client.subscribe(() => seen.push(client.getSnapshot().status));
    expect(client.getSnapshot().status).toBe('idle');
    client.connect('abc');
    await settle();
    expect(latest().url).toBe('ws://test/ws?Authorization=ticket-for-abc');
    latest().accept();
    expect(seen).toEqual(['connecting', 'open']);
  });

  it('asks for its first ticket only once what it waits for is done, connecting meanwhile', async () => {
    let firstScreen = () => {};
    const tickets: string[] = [];
    const client = new SocketClient({
      WebSocket: FakeWebSocket,
      ticket: async (token) => {
        tickets.push(token);
        return `ticket-for-${token}`;
      },
      url: (t) => `ws://test/ws?Authorization=${t}`,
      notBefore: new Promise<void>((resolve) => (firstScreen = resolve)),
    });
    client.connect('t');
    await vi.advanceTimersByTimeAsync(10_000);
    expect(client.getSnapshot().status).toBe('connecting');
    expect(tickets).toEqual([]);
    expect(FakeWebSocket.instances).toHaveLength(0);

    firstScreen();
    await settle();
    latest().accept();
    expect(client.getSnapshot().status).toBe('open');
    // A reconnect does not wait again: 2 s after the close, as ever.
    latest().serverClose(1006);
    await vi.advanceTimersByTimeAsync(2_000);
    expect(FakeWebSocket.instances).toHaveLength(2);
    expect(tickets).toEqual(['t', 't']);
  });

  it('builds the default URL from the page origin, ws for http', async () => {
    expect(defaultSocketUrl('a b+c')).toBe(
      `${location.origin.replace(/^http/, 'ws')}/ws?Authorization=a%20b%2Bc`,
    );
  });

  it('keeps the same snapshot object until something changes (useSyncExternalStore)', async () => {
    const { client } = make();
    const first = client.getSnapshot();
    expect(client.getSnapshot()).toBe(first);
    client.connect('t');
    await settle();
    expect(client.getSnapshot()).not.toBe(first);
  });

  it('sends a ping every 5 s while open', async () => {
    const { client } = make();
    client.connect('t');
    await settle();
    latest().accept();
    await vi.advanceTimersByTimeAsync(4_999);
    expect(latest().sent).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(latest().sent).toEqual([PING]);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(latest().sent).toEqual([PING, PING, PING]);
  });

  it('stays connected as long as ok answers come', async () => {
    const { client } = make();
    client.connect('t');
    await settle();
    const ws = latest();
    ws.accept();
    for (let i = 0; i < 20; i++) {
      await vi.advanceTimersByTimeAsync(5_000);
      ws.reply('ok');
    }
    expect(FakeWebSocket.instances).toHaveLength(1);
    expect(client.missedHeartbeats).toBe(0);
    expect(client.getSnapshot().status).toBe('open');
  });

  it('after 5 heartbeats without ok, closes and reconnects 2 s later', async () => {
    const { client } = make();
    client.connect('t');
    await settle();
    const first = latest();
    first.accept();
    await vi.advanceTimersByTimeAsync(25_000);
    expect(first.sent).toHaveLength(5);
    expect(client.missedHeartbeats).toBe(5);
    expect(first.closedWith).toBeNull();

    await vi.advanceTimersByTimeAsync(5_000);
    expect(first.closedWith).toBe(1000);
    expect(client.getSnapshot().status).toBe('reconnecting');
    expect(FakeWebSocket.instances).toHaveLength(1);

    await vi.advanceTimersByTimeAsync(2_000);
    expect(FakeWebSocket.instances).toHaveLength(2);
    latest().accept();
    expect(client.missedHeartbeats).toBe(0);
    expect(client.getSnapshot().status).toBe('open');
  });

  it('an ok in time resets the count', async () => {
    const { client } = make();
    client.connect('t');
    await settle();
    const ws = latest();
    ws.accept();
    await vi.advanceTimersByTimeAsync(20_000);
    expect(client.missedHeartbeats).toBe(4);
    ws.reply('ok');
    await vi.advanceTimersByTimeAsync(20_000);
    expect(FakeWebSocket.instances).toHaveLength(1);
  });

  it('reconnects 2 s after the server closes, not sooner', async () => {
    const { client } = make();
    client.connect('t');
    await settle();
    latest().accept();
    latest().serverClose(1006);
    expect(client.getSnapshot().status).toBe('reconnecting');
    await vi.advanceTimersByTimeAsync(1_999);
    expect(FakeWebSocket.instances).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(FakeWebSocket.instances).toHaveLength(2);
  });

  it('reconnects after 1001 (server going away) and 4008 (slow consumer)', async () => {
    const { client } = make();
    client.connect('t');
    await settle();
    latest().accept();
    latest().serverClose(1001);
    await vi.advanceTimersByTimeAsync(2_000);
    latest().accept();
    latest().serverClose(4008);
    await vi.advanceTimersByTimeAsync(2_000);
    expect(FakeWebSocket.instances).toHaveLength(3);
  });

  it('reconnects once for an error followed by a close', async () => {
    const { client } = make();
    client.connect('t');
    await settle();
    latest().fail();
    latest().serverClose(1006);
    await vi.advanceTimersByTimeAsync(2_000);
    expect(FakeWebSocket.instances).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(FakeWebSocket.instances).toHaveLength(2);
  });

  it('keeps trying while the server stays away', async () => {
    const { client } = make();
    client.connect('t');
    await settle();
    for (let i = 0; i < 3; i++) {
      latest().fail();
      latest().serverClose(1006);
      await vi.advanceTimersByTimeAsync(2_000);
    }
    expect(FakeWebSocket.instances).toHaveLength(4);
  });

  it('does not reconnect after a deliberate close', async () => {
    const { client } = make();
    client.connect('t');
    await settle();
    const ws = latest();
    ws.accept();
    client.close();
    expect(ws.closedWith).toBe(1000);
    expect(client.getSnapshot().status).toBe('closed');
    ws.serverClose(1000);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(FakeWebSocket.instances).toHaveLength(1);
    expect(ws.sent).toEqual([]);
  });

  it('a deliberate close cancels a pending reconnect', async () => {
    const { client } = make();
    client.connect('t');
    await settle();
    latest().serverClose(1006);
    client.close();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(FakeWebSocket.instances).toHaveLength(1);
  });

  it.each([4001, 4002])('close code %i ends the session: no reconnect', async (code) => {
    const { client, onExpired } = make();
    client.connect('t');
    await settle();
    latest().accept();
    latest().serverClose(code);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(FakeWebSocket.instances).toHaveLength(1);
    expect(onExpired).toHaveBeenCalledExactlyOnceWith(code);
    expect(client.getSnapshot()).toEqual({ status: 'expired', expiredCode: code });
  });

  it('a 4001 after an error still cancels the reconnect', async () => {
    const { client, onExpired } = make();
    client.connect('t');
    await settle();
    latest().fail();
    latest().serverClose(4001);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(FakeWebSocket.instances).toHaveLength(1);
    expect(onExpired).toHaveBeenCalledOnce();
  });

  it('connecting again with a new token replaces the socket', async () => {
    const { client } = make();
    client.connect('one');
    await settle();
    const first = latest();
    first.accept();
    client.connect('one');
    await settle();
    expect(FakeWebSocket.instances).toHaveLength(1);
    client.connect('two');
    await settle();
    expect(first.closedWith).toBe(1000);
    expect(latest().url).toContain('Authorization=ticket-for-two');
    first.serverClose(1006);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(FakeWebSocket.instances).toHaveLength(2);
  });

  it('asks for a fresh ticket before every connect and reconnect', async () => {
    const tickets: string[] = [];
    const client = new SocketClient({
      WebSocket: FakeWebSocket,
      ticket: async (token) => {
        tickets.push(token);
        return `ticket-${tickets.length}`;
      },
      url: (t) => `ws://test/ws?Authorization=${t}`,
    });
    client.connect('session-token');
    expect(FakeWebSocket.instances).toHaveLength(0);
    await settle();
    expect(latest().url).toBe('ws://test/ws?Authorization=ticket-1');
    latest().accept();
    latest().serverClose(1006);
    await vi.advanceTimersByTimeAsync(2_000);
    expect(latest().url).toBe('ws://test/ws?Authorization=ticket-2');
    expect(tickets).toEqual(['session-token', 'session-token']);
    expect(FakeWebSocket.instances.map((ws) => ws.url).join()).not.toContain('session-token');
  });

  it('is open only once the server says the socket is registered; pings may go out before', async () => {
    const { client } = make();
    client.connect('t');
    await settle();
    const ws = latest();
    ws.handshake();
    expect(client.getSnapshot().status).toBe('connecting');
    await vi.advanceTimersByTimeAsync(5_000);
    expect(ws.sent).toEqual([PING]);
    const pushes: unknown[] = [];
    client.onPush((p) => pushes.push(p));
    ws.reply(READY);
    expect(client.getSnapshot().status).toBe('open');
    // The ready frame is the channel's own business, not a push for the app.
    expect(pushes).toEqual([]);
  });

  it('tries again 2 s later when no ticket could be had (offline), then connects', async () => {
    let online = false;
    const client = new SocketClient({
      WebSocket: FakeWebSocket,
      ticket: async () => {
        if (!online) throw new Error('offline');
        return 'ticket';
      },
    });
    client.connect('t');
    await settle();
    expect(FakeWebSocket.instances).toHaveLength(0);
    expect(client.getSnapshot().status).toBe('reconnecting');
    online = true;
    await vi.advanceTimersByTimeAsync(2_000);
    expect(FakeWebSocket.instances).toHaveLength(1);
  });

  it('a ticket that arrives after a deliberate close opens nothing', async () => {
    let give: (ticket: string) => void = () => undefined;
    const client = new SocketClient({
      WebSocket: FakeWebSocket,
      ticket: () => new Promise<string>((resolve) => (give = resolve)),
    });
    client.connect('t');
    client.close();
    give('late');
    await settle();
    expect(FakeWebSocket.instances).toHaveLength(0);
    expect(client.getSnapshot().status).toBe('closed');
  });

  it('closed for the socket limit (4009), waits for the person to come back to the page', async () => {
    let resume: () => void = () => undefined;
    const stopWatching = vi.fn();
    const client = new SocketClient({
      WebSocket: FakeWebSocket,
      ticket: async () => 'ticket',
      onPageReturn: (callback) => {
        resume = callback;
        return stopWatching;
      },
    });
    client.connect('t');
    await settle();
    latest().accept();
    latest().serverClose(4009);
    expect(client.getSnapshot().status).toBe('suspended');
    // No reconnect of its own: that would close another of the person's tabs in turn.
    await vi.advanceTimersByTimeAsync(60_000);
    expect(FakeWebSocket.instances).toHaveLength(1);

    resume();
    await settle();
    expect(FakeWebSocket.instances).toHaveLength(2);
    expect(stopWatching).toHaveBeenCalledOnce();
    latest().accept();
    expect(client.getSnapshot().status).toBe('open');
  });

  it('emits valid pushes and drops the rest', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { client } = make();
    const pushes: unknown[] = [];
    client.onPush((p) => pushes.push(p));
    client.connect('t');
    await settle();
    const ws = latest();
    ws.accept();
    const msg = {
      pushType: 'MSG',
      msgId: 'm1',
      chatId: 'c1',
      seq: 1,
      msgContent: {
        msgId: 'm1',
        chatId: 'c1',
        seq: 1,
        clientMsgId: '',
        fromId: 'u1',
        toId: 'u2',
        msgType: 'TEXT',
        talkType: 'SINGLE',
        content: { text: 'hi' },
        createTime: 1_763_800_000_000,
        isSelf: false,
        fromNickName: 'Ada',
        fromPortrait: '',
      },
      fromInfo: { userId: 'u1', nickName: 'Ada', portrait: '' },
      chatInfo: { userId: 'u1', nickName: 'Ada', portrait: '' },
      createTime: 1_763_800_000_000,
    };
    ws.reply(JSON.stringify(msg));
    ws.reply('ok');
    ws.reply('not json');
    ws.reply(JSON.stringify({ pushType: 'WHAT' }));
    ws.reply(new ArrayBuffer(2));
    expect(pushes).toEqual([msg]);
  });
});

describe('SocketClient sends', () => {
  const body = { userId: '2', msgType: 'TEXT', content: { text: 'hi' }, clientMsgId: 'local_1' };
  const sendFrames = (ws: FakeWebSocket) =>
    ws.sent.filter((f) => f !== PING).map((f) => JSON.parse(f) as { type: string; id: string });
  const ack = (id: string, code = 200) =>
    JSON.stringify({ type: 'ack', id, code, msg: 'ok', data: { msgId: '9' } });

  async function ready() {
    const { client } = make();
    client.connect('t');
    await settle();
    latest().accept();
    return client;
  }

  it('sends a frame once the socket is ready and resolves with its ack', async () => {
    const client = await ready();
    const sending = client.sendFrame('/chat/sendMsg', body);
    const [frame] = sendFrames(latest());
    expect(frame).toEqual({ type: 'send', id: frame?.id, path: '/chat/sendMsg', body });
    latest().reply(ack('other')); // an ack for no send of ours changes nothing
    latest().reply(ack(frame?.id ?? ''));
    await expect(sending).resolves.toMatchObject({ id: frame?.id, code: 200, data: { msgId: '9' } });
  });

  it('sends nothing before SOCKET_READY: no ack to wait for', async () => {
    const { client } = make();
    client.connect('t');
    await settle();
    latest().handshake();
    await expect(client.sendFrame('/chat/sendMsg', body)).resolves.toBeNull();
    expect(sendFrames(latest())).toEqual([]);
  });

  it('gives up on an ack that does not come in time, and drops it when it comes late', async () => {
    const client = await ready();
    const sending = client.sendFrame('/chat/sendMsg', body);
    const [frame] = sendFrames(latest());
    await vi.advanceTimersByTimeAsync(SOCKET_ACK_TIMEOUT_MS);
    await expect(sending).resolves.toBeNull();
    latest().reply(ack(frame?.id ?? ''));
    // Still open, still answering sends.
    const next = client.sendFrame('/chat/sendMsg', body);
    latest().reply(ack(sendFrames(latest())[1]?.id ?? ''));
    await expect(next).resolves.toMatchObject({ code: 200 });
  });

  it('answers the sends awaiting their ack with null when the socket closes', async () => {
    const client = await ready();
    const sending = client.sendFrame('/group/sendMsg', body);
    latest().serverClose(1006);
    await expect(sending).resolves.toBeNull();
    // Reconnected, then closed on purpose (sign-out) with a send awaiting its ack.
    await vi.advanceTimersByTimeAsync(2_000);
    latest().accept();
    let closing: unknown = 'pending';
    void client.sendFrame('/chat/sendMsg', body).then((ack) => (closing = ack));
    client.close();
    await settle();
    expect(closing).toBeNull();
  });
});
