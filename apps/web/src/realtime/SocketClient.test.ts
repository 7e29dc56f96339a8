import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SocketClient, defaultSocketUrl, type WebSocketLike } from './SocketClient';
import { createRealtime } from './realtime';

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
  accept() {
    this.readyState = 1;
    this.onopen?.({});
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

function make(onExpired = vi.fn<(code: number) => void>()) {
  const client = new SocketClient({
    WebSocket: FakeWebSocket,
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
  it('connects with the token in the URL and reports its status', () => {
    const { client } = make();
    const seen: string[] = [];
    client.subscribe(() => seen.push(client.getSnapshot().status));
    expect(client.getSnapshot().status).toBe('idle');
    client.connect('abc');
    expect(latest().url).toBe('ws://test/ws?Authorization=abc');
    latest().accept();
    expect(seen).toEqual(['connecting', 'open']);
  });

  it('builds the default URL from the page origin, ws for http', () => {
    expect(defaultSocketUrl('a b+c')).toBe(
      `${location.origin.replace(/^http/, 'ws')}/ws?Authorization=a%20b%2Bc`,
    );
  });

  it('keeps the same snapshot object until something changes (useSyncExternalStore)', () => {
    const { client } = make();
    const first = client.getSnapshot();
    expect(client.getSnapshot()).toBe(first);
    client.connect('t');
    expect(client.getSnapshot()).not.toBe(first);
  });

  it('sends a ping every 5 s while open', () => {
    const { client } = make();
    client.connect('t');
    latest().accept();
    vi.advanceTimersByTime(4_999);
    expect(latest().sent).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(latest().sent).toEqual([PING]);
    vi.advanceTimersByTime(10_000);
    expect(latest().sent).toEqual([PING, PING, PING]);
  });

  it('stays connected as long as ok answers come', () => {
    const { client } = make();
    client.connect('t');
    const ws = latest();
    ws.accept();
    for (let i = 0; i < 20; i++) {
      vi.advanceTimersByTime(5_000);
      ws.reply('ok');
    }
    expect(FakeWebSocket.instances).toHaveLength(1);
    expect(client.missedHeartbeats).toBe(0);
    expect(client.getSnapshot().status).toBe('open');
  });

  it('after 5 heartbeats without ok, closes and reconnects 2 s later', () => {
    const { client } = make();
    client.connect('t');
    const first = latest();
    first.accept();
    vi.advanceTimersByTime(25_000);
    expect(first.sent).toHaveLength(5);
    expect(client.missedHeartbeats).toBe(5);
    expect(first.closedWith).toBeNull();

    vi.advanceTimersByTime(5_000);
    expect(first.closedWith).toBe(1000);
    expect(client.getSnapshot().status).toBe('reconnecting');
    expect(FakeWebSocket.instances).toHaveLength(1);

    vi.advanceTimersByTime(2_000);
    expect(FakeWebSocket.instances).toHaveLength(2);
    latest().accept();
    expect(client.missedHeartbeats).toBe(0);
    expect(client.getSnapshot().status).toBe('open');
  });

  it('an ok in time resets the count', () => {
    const { client } = make();
    client.connect('t');
    const ws = latest();
    ws.accept();
    vi.advanceTimersByTime(20_000);
    expect(client.missedHeartbeats).toBe(4);
    ws.reply('ok');
    vi.advanceTimersByTime(20_000);
    expect(FakeWebSocket.instances).toHaveLength(1);
  });

  it('reconnects 2 s after the server closes, not sooner', () => {
    const { client } = make();
    client.connect('t');
    latest().accept();
    latest().serverClose(1006);
    expect(client.getSnapshot().status).toBe('reconnecting');
    vi.advanceTimersByTime(1_999);
    expect(FakeWebSocket.instances).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(FakeWebSocket.instances).toHaveLength(2);
  });

  it('reconnects after 1001 (server going away) and 4008 (slow consumer)', () => {
    const { client } = make();
    client.connect('t');
    latest().accept();
    latest().serverClose(1001);
    vi.advanceTimersByTime(2_000);
    latest().accept();
    latest().serverClose(4008);
    vi.advanceTimersByTime(2_000);
    expect(FakeWebSocket.instances).toHaveLength(3);
  });

  it('reconnects once for an error followed by a close', () => {
    const { client } = make();
    client.connect('t');
    latest().fail();
    latest().serverClose(1006);
    vi.advanceTimersByTime(2_000);
    expect(FakeWebSocket.instances).toHaveLength(2);
    vi.advanceTimersByTime(10_000);
    expect(FakeWebSocket.instances).toHaveLength(2);
  });

  it('keeps trying while the server stays away', () => {
    const { client } = make();
    client.connect('t');
    for (let i = 0; i < 3; i++) {
      latest().fail();
      latest().serverClose(1006);
      vi.advanceTimersByTime(2_000);
    }
    expect(FakeWebSocket.instances).toHaveLength(4);
  });

  it('does not reconnect after a deliberate close', () => {
    const { client } = make();
    client.connect('t');
    const ws = latest();
    ws.accept();
    client.close();
    expect(ws.closedWith).toBe(1000);
    expect(client.getSnapshot().status).toBe('closed');
    ws.serverClose(1000);
    vi.advanceTimersByTime(60_000);
    expect(FakeWebSocket.instances).toHaveLength(1);
    expect(ws.sent).toEqual([]);
  });

  it('a deliberate close cancels a pending reconnect', () => {
    const { client } = make();
    client.connect('t');
    latest().serverClose(1006);
    client.close();
    vi.advanceTimersByTime(10_000);
    expect(FakeWebSocket.instances).toHaveLength(1);
  });

  it.each([4001, 4002])('close code %i ends the session: no reconnect', (code) => {
    const { client, onExpired } = make();
    client.connect('t');
    latest().accept();
    latest().serverClose(code);
    vi.advanceTimersByTime(60_000);
    expect(FakeWebSocket.instances).toHaveLength(1);
    expect(onExpired).toHaveBeenCalledExactlyOnceWith(code);
    expect(client.getSnapshot()).toEqual({ status: 'expired', expiredCode: code });
  });

  it('a 4001 after an error still cancels the reconnect', () => {
    const { client, onExpired } = make();
    client.connect('t');
    latest().fail();
    latest().serverClose(4001);
    vi.advanceTimersByTime(10_000);
    expect(FakeWebSocket.instances).toHaveLength(1);
    expect(onExpired).toHaveBeenCalledOnce();
  });

  it('connecting again with a new token replaces the socket', () => {
    const { client } = make();
    client.connect('one');
    const first = latest();
    first.accept();
    client.connect('one');
    expect(FakeWebSocket.instances).toHaveLength(1);
    client.connect('two');
    expect(first.closedWith).toBe(1000);
    expect(latest().url).toContain('Authorization=two');
    first.serverClose(1006);
    vi.advanceTimersByTime(10_000);
    expect(FakeWebSocket.instances).toHaveLength(2);
  });

  it('emits valid pushes and drops the rest', () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { client } = make();
    const pushes: unknown[] = [];
    client.onPush((p) => pushes.push(p));
    client.connect('t');
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

describe('createRealtime', () => {
  it('toasts on LOGIN_ELSEWHERE and maps close codes to session ends', () => {
    const onSessionOver = vi.fn();
    const onLoginElsewhere = vi.fn();
    const socket = createRealtime({
      WebSocket: FakeWebSocket,
      url: () => 'ws://test/ws',
      onSessionOver,
      onLoginElsewhere,
    });
    socket.connect('t');
    latest().accept();
    latest().reply(
      JSON.stringify({ pushType: 'NOTICE', noticeType: 'LOGIN_ELSEWHERE', msgContent: {}, createTime: 1 }),
    );
    latest().reply(
      JSON.stringify({ pushType: 'NOTICE', noticeType: 'LOGOUT_ELSEWHERE', msgContent: {}, createTime: 1 }),
    );
    expect(onLoginElsewhere).toHaveBeenCalledOnce();
    latest().serverClose(4002);
    expect(onSessionOver).toHaveBeenCalledExactlyOnceWith('signedOut');

    socket.connect('t2');
    latest().serverClose(4001);
    expect(onSessionOver).toHaveBeenLastCalledWith('expired');
  });
});
