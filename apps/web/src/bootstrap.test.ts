import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { NoticeType, noticePush } from '@paichat/protocol';
import type { WebSocketLike } from './realtime/SocketClient';

/** The browser WebSocket, replaced before the app makes its socket. */
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
const { configureRequest, request, resetRequest } = await import('./api/request');
const { bootstrap } = await import('./bootstrap');
const { readAuthToken, writeAuthToken } = await import('./lib/authToken');
const { CHAT_DB_NAME, openChatStorage } = await import('./store/chat/storage');
const { installReact19Render } = await import('./lib/ui');
type App = ReturnType<typeof bootstrap>;

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
const toast = vi.fn((message: string) => events.push(`toast ${message}`));
let app: App;
const goToLogin = vi.fn<(to: string) => void>();

beforeEach(() => {
  events.length = 0;
  revoked = false;
  FakeWebSocket.instances = [];
  resetRequest();
  toast.mockClear();
  configureRequest({
    toast,
    fetch: async (url, init) => {
      events.push(`${init.method} ${url}`);
      if (revoked) return new Response(JSON.stringify({ code: 401, msg: 'no' }), { status: 401 });
      if (url === '/my/getInfo') return new Response(JSON.stringify({ code: 200, msg: 'ok', data: me }));
      if (url === '/auth/socketTicket') {
        const ticket = { ticket: `ticket-${FakeWebSocket.instances.length + 1}`, expiresAt: 0 };
        return new Response(JSON.stringify({ code: 200, msg: 'ok', data: ticket }));
      }
      if (url === '/chat/getChatSessions') {
        const page = { list: [], total: 0, pageNum: 1, pageSize: 20, pages: 0 };
        return new Response(JSON.stringify({ code: 200, msg: 'ok', data: page }));
      }
      return new Response(JSON.stringify({ code: 200, msg: 'ok', data: null }));
    },
  });
  app = bootstrap();
  goToLogin.mockClear();
  app.nav.reLaunch = (to) => {
    events.push('login');
    goToLogin(to);
    return { ok: true, to, notFound: false };
  };
});
afterEach(() => app.session.clear());

/** Signs in and waits for the socket, which opens once its ticket has come. */
async function signedIn(token: string): Promise<FakeWebSocket> {
  const before = FakeWebSocket.instances.length;
  await app.session.signIn(token);
  await vi.waitFor(() => expect(FakeWebSocket.instances.length).toBeGreaterThan(before));
  return FakeWebSocket.instances.at(-1) as FakeWebSocket;
}

describe('the session, as the app wires it', () => {
  it('signs in: stores the token, loads user info, then opens the socket with a ticket, never the token', async () => {
    await signedIn('tok+1');
    expect(readAuthToken()).toBe('tok+1');
    expect(app.session.tokens.getState().token).toBe('tok+1');
    expect(events.slice(0, 2)).toEqual(['GET /my/getInfo', 'POST /auth/socketTicket']);
    expect(FakeWebSocket.instances.at(-1)?.url).toMatch(/\/ws\?Authorization=ticket-1$/);
    expect(FakeWebSocket.instances.at(-1)?.url).not.toContain('tok');
  });

  it('signs out: closes the socket on purpose first, revokes the token, clears storage but the settings of the device', async () => {
    await signedIn('tok');
    localStorage.setItem('locale', 'fr');
    localStorage.setItem('piBrowserDialogSeen', '1');
    localStorage.setItem('tok_chatlistData', '[]');
    sessionStorage.setItem('x', '1');
    events.length = 0;

    await app.session.signOut();
    expect(events).toEqual(['ws closed 1000', 'POST /auth/logout', 'login']);
    expect(readAuthToken()).toBeNull();
    expect(app.session.tokens.getState().token).toBeNull();
    expect(localStorage.getItem('locale')).toBe('fr');
    // The Pi Browser dialog, answered on this browser, is not asked again after the next login.
    expect(localStorage.getItem('piBrowserDialogSeen')).toBe('1');
    expect(localStorage.getItem('tok_chatlistData')).toBeNull();
    expect(sessionStorage.length).toBe(0);
    expect(toast).not.toHaveBeenCalled();
  });

  it('signs out: the chats stored on this browser are deleted', async () => {
    await signedIn('tok');
    await storeChatsOfU1();
    expect(await chatStoreExists()).toBe(true);

    await app.session.signOut();
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
    expect(app.session.tokens.getState().token).toBeNull();
  });

  it('ends the session when the server closes the socket with 4001 (expired)', async () => {
    const ws = await signedIn('tok');
    ws.onopen?.({});
    ws.onclose?.({ code: 4001 });
    expect(toast).toHaveBeenCalledExactlyOnceWith('Login expired, please login again', 'center');
    expect(goToLogin).toHaveBeenCalledOnce();
  });

  it('tells the person when their account signs in on another device, and stays signed in', async () => {
    installReact19Render();
    const ws = await signedIn('tok');
    ws.onopen?.({});
    const push = noticePush(NoticeType.LOGIN_ELSEWHERE, { device: 'iPhone · Safari', time: 1 }, 1);
    ws.onmessage?.({ data: JSON.stringify(push) });
    expect(await screen.findByText('Your account signed in on another device')).toBeTruthy();
    expect(goToLogin).not.toHaveBeenCalled();
    expect(readAuthToken()).toBe('tok');
  });

  it('resumes a stored session: user info first, then the socket', async () => {
    app.session.resume('stored');
    expect(FakeWebSocket.instances).toHaveLength(0);
    await vi.waitFor(() => expect(FakeWebSocket.instances).toHaveLength(1));
    expect(events[0]).toBe('GET /my/getInfo');
  });

  it('does not open the socket when the stored token turns out expired', async () => {
    writeAuthToken('stale');
    revoked = true;
    app.session.resume('stale');
    await vi.waitFor(() => expect(goToLogin).toHaveBeenCalled());
    await new Promise((r) => setTimeout(r, 0));
    expect(FakeWebSocket.instances).toHaveLength(0);
  });
});
