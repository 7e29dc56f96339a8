import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { WebSocketLike } from '../realtime/SocketClient';

/** The browser WebSocket, replaced before the session module makes its socket. */
class FakeWebSocket implements WebSocketLike {
  static instances: FakeWebSocket[] = [];
  readyState = 0;
  onopen: WebSocketLike['onopen'] = null;
  onclose: WebSocketLike['onclose'] = null;
  onerror: WebSocketLike['onerror'] = null;
  onmessage: WebSocketLike['onmessage'] = null;
  closedWith: number | null = null;
  constructor(readonly url: string) {
    FakeWebSocket.instances.push(this);
  }
  send() {}
  close(code = 1000) {
    this.closedWith = code;
    events.push(`ws closed ${code}`);
  }
}
vi.stubGlobal('WebSocket', FakeWebSocket);

const events: string[] = [];
const { configureRequest, request, resetRequest } = await import('../api/request');
const session = await import('./session');
const { readAuthToken, writeAuthToken } = await import('../lib/authToken');
const { useBadges } = await import('./badges');
const { CHAT_DB_NAME, openChatStorage } = await import('./chat/storage');

/** Chats stored on this browser by user u1: a list entry, a message, an unsent outbox item. */
async function storeChatsOfU1(): Promise<void> {
  const store = await openChatStorage('u1');
  await store.write([
    {
      op: 'putOutbox',
      item: {
        clientMsgId: 'local_1',
        chatId: 'c1',
        userId: 'u2',
        msgType: 'TEXT',
        content: {},
        createTime: 1,
      },
    },
  ]);
  store.close();
}

const chatStoreExists = async () => (await indexedDB.databases()).some((d) => d.name === CHAT_DB_NAME);

/** The server has revoked every token (a 401 for any request). */
let revoked = false;
const me = {
  userId: 'u1',
  nickName: 'Ada',
  portrait: '',
  userType: 'user',
  chatNo: 'ada',
  gender: 'female',
  intro: '',
};
const goToLogin = vi.fn(() => events.push('login'));
const toast = vi.fn((message: string) => events.push(`toast ${message}`));

beforeEach(() => {
  events.length = 0;
  revoked = false;
  FakeWebSocket.instances = [];
  resetRequest();
  goToLogin.mockClear();
  toast.mockClear();
  configureRequest({
    toast,
    onSessionExpired: session.endExpiredSession,
    fetch: async (url, init) => {
      events.push(`${init.method} ${url}`);
      if (revoked) return new Response(JSON.stringify({ code: 401, msg: 'no' }), { status: 401 });
      if (url === '/my/getInfo') return new Response(JSON.stringify({ code: 200, msg: 'ok', data: me }));
      if (url === '/auth/socketTicket') {
        const ticket = { ticket: `ticket-${FakeWebSocket.instances.length + 1}`, expiresAt: 0 };
        return new Response(JSON.stringify({ code: 200, msg: 'ok', data: ticket }));
      }
      return new Response(JSON.stringify({ code: 200, msg: 'ok', data: null }));
    },
  });
  session.configureSession({ goToLogin });
});
afterEach(() => session.clearSession());

/** Signs in and waits for the socket, which opens once its ticket has come. */
async function signedIn(token: string): Promise<FakeWebSocket> {
  const before = FakeWebSocket.instances.length;
  await session.signIn(token);
  await vi.waitFor(() => expect(FakeWebSocket.instances.length).toBeGreaterThan(before));
  return FakeWebSocket.instances.at(-1) as FakeWebSocket;
}

describe('session', () => {
  it('signs in: stores the token, loads user info, then opens the socket with a ticket, never the token', async () => {
    await signedIn('tok+1');
    expect(readAuthToken()).toBe('tok+1');
    expect(session.useSession.getState().token).toBe('tok+1');
    expect(events.slice(0, 2)).toEqual(['GET /my/getInfo', 'POST /auth/socketTicket']);
    expect(FakeWebSocket.instances.at(-1)?.url).toMatch(/\/ws\?Authorization=ticket-1$/);
    expect(FakeWebSocket.instances.at(-1)?.url).not.toContain('tok');
  });

  it('signs out: closes the socket on purpose first, revokes the token, clears storage but the language', async () => {
    await signedIn('tok');
    localStorage.setItem('locale', 'fr');
    localStorage.setItem('tok_chatlistData', '[]');
    sessionStorage.setItem('x', '1');
    useBadges.getState().setBadge(0, 4);
    events.length = 0;

    await session.signOut();
    expect(events).toEqual(['ws closed 1000', 'POST /auth/logout', 'login']);
    expect(readAuthToken()).toBeNull();
    expect(session.useSession.getState().token).toBeNull();
    expect(localStorage.getItem('locale')).toBe('fr');
    expect(localStorage.getItem('tok_chatlistData')).toBeNull();
    expect(sessionStorage.length).toBe(0);
    expect(useBadges.getState().badges).toEqual([0, 0, 0, 0]);
    expect(toast).not.toHaveBeenCalled();
  });

  it('signs out: the chats stored on this browser are deleted', async () => {
    await signedIn('tok');
    await storeChatsOfU1();
    expect(await chatStoreExists()).toBe(true);

    await session.signOut();
    await vi.waitFor(async () => expect(await chatStoreExists()).toBe(false));
  });

  it('an expired session deletes the chats stored on this browser', async () => {
    await signedIn('tok');
    await storeChatsOfU1();
    revoked = true;

    await request('/my/getInfo').catch(() => undefined);
    expect(goToLogin).toHaveBeenCalledOnce();
    await vi.waitFor(async () => expect(await chatStoreExists()).toBe(false));
  });

  it('ends an expired session once: toast, socket closed, storage cleared, login', async () => {
    await signedIn('tok');
    FakeWebSocket.instances.at(-1)?.onopen?.({});
    revoked = true;
    events.length = 0;
    await Promise.allSettled([request('/my/getInfo'), request('/chat/getChatSessions', { method: 'POST' })]);
    expect(toast).toHaveBeenCalledExactlyOnceWith('Login expired, please login again', 'center');
    expect(goToLogin).toHaveBeenCalledOnce();
    expect(events).toContain('ws closed 1000');
    expect(readAuthToken()).toBeNull();
  });

  it('ends the session when the server closes the socket with 4002 (signed out elsewhere)', async () => {
    await signedIn('tok');
    const ws = FakeWebSocket.instances.at(-1);
    ws?.onopen?.({});
    ws?.onclose?.({ code: 4002 });
    expect(toast).toHaveBeenCalledExactlyOnceWith('You have been signed out, please login again', 'center');
    expect(goToLogin).toHaveBeenCalledOnce();
    expect(session.useSession.getState().token).toBeNull();
  });

  it('resumes a stored session: user info first, then the socket', async () => {
    session.resumeSession('stored');
    expect(FakeWebSocket.instances).toHaveLength(0);
    await vi.waitFor(() => expect(FakeWebSocket.instances).toHaveLength(1));
    expect(events[0]).toBe('GET /my/getInfo');
  });

  it('does not open the socket when the stored token turns out expired', async () => {
    writeAuthToken('stale');
    revoked = true;
    session.resumeSession('stale');
    await vi.waitFor(() => expect(goToLogin).toHaveBeenCalled());
    await new Promise((r) => setTimeout(r, 0));
    expect(FakeWebSocket.instances).toHaveLength(0);
  });
});
