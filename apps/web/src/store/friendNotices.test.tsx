import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import { MessageOutline, UserOutline } from 'antd-mobile-icons';
import { NoticeType } from '@paichat/protocol';
import type { QueryClient } from '@tanstack/react-query';
import { PushRouter } from '../realtime/pushRouter';
import { SocketClient, type WebSocketLike } from '../realtime/SocketClient';
import { configureRequest, resetRequest } from '../api/request';
import { createQueryClient } from '../api/queryClient';
import { friendListKey } from '../api/queries/friendList';
import { friendApplyCount } from '../api/queries/notices';
import { installReact19Render, showToast } from '../lib/ui';
import { TabBar, type TabDef } from '../components/TabBar';
import { renderScreen } from '../test/render';
import { fakeServer } from '../test/fakeServer';
import { attachFriendNotices, NOTICE_REFRESH_THROTTLE_MS } from './friendNotices';

/** The server side of the socket, driven by hand. */
class FakeWebSocket implements WebSocketLike {
  static latest: FakeWebSocket | null = null;
  readyState = 0;
  onopen: WebSocketLike['onopen'] = null;
  onclose: WebSocketLike['onclose'] = null;
  onerror: WebSocketLike['onerror'] = null;
  onmessage: WebSocketLike['onmessage'] = null;
  constructor(readonly url: string) {
    FakeWebSocket.latest = this;
  }
  send() {}
  close() {
    this.readyState = 3;
  }
  /** The handshake, then the server's first frame: the socket is registered. */
  accept() {
    this.readyState = 1;
    this.onopen?.({});
    this.notice(NoticeType.SOCKET_READY, {});
  }
  notice(noticeType: string, msgContent: Record<string, unknown>) {
    this.onmessage?.({
      data: JSON.stringify({ pushType: 'NOTICE', noticeType, msgContent, createTime: Date.now() }),
    });
  }
}

const tabs: TabDef[] = [
  { url: '/t/1', label: 'tabs.message', Icon: MessageOutline, ActiveIcon: MessageOutline },
  { url: '/t/2', label: 'tabs.contact', Icon: UserOutline, ActiveIcon: UserOutline },
  { url: '/t/3', label: 'tabs.discover', Icon: UserOutline, ActiveIcon: UserOutline },
  { url: '/t/4', label: 'tabs.me', Icon: UserOutline, ActiveIcon: UserOutline },
];

let pending = 2;
const api = fakeServer({
  getNotices: () => ({
    friendApply: { count: pending },
    topicReply: { count: 0 },
    topicRed: { portrait: '', userId: '', nickName: '' },
  }),
});

let queryClient: QueryClient = createQueryClient();

/** The app's socket with friend notices attached, as the bootstrap wires them. */
async function connect(client = queryClient) {
  queryClient = client;
  FakeWebSocket.latest = null;
  const socket = new SocketClient({
    WebSocket: FakeWebSocket,
    ticket: async (token) => `ticket-for-${token}`,
    url: (ticket) => `ws://test/ws?Authorization=${ticket}`,
  });
  const pushes = new PushRouter();
  socket.onPush((push) => pushes.dispatch(push));
  attachFriendNotices(socket, pushes, { client, toast: (message) => showToast(message, { role: 'status' }) });
  socket.connect('token');
  await waitFor(() => expect(FakeWebSocket.latest).not.toBeNull());
  const ws = FakeWebSocket.latest as FakeWebSocket | null;
  if (!ws) throw new Error('no socket');
  return { socket, ws };
}

/** The Contact tab's badge: the pending count in the query cache. */
const badge = () => friendApplyCount(queryClient) ?? 0;

beforeAll(() => installReact19Render());
beforeEach(() => {
  pending = 2;
  api.calls.length = 0;
  configureRequest({ fetch: api.fetch, toast: vi.fn() });
});
afterEach(() => {
  resetRequest();
  queryClient = createQueryClient();
});

describe('friend notices through the socket', () => {
  it('loads the pending count when the socket opens, then follows FRIEND_APPLY pushes live', async () => {
    const { client } = renderScreen(<TabBar tabs={tabs} />, { path: '/t/1' });
    const { socket, ws } = await connect(client);
    act(() => ws.accept());
    await waitFor(() => expect(badge()).toBe(2));
    expect(api.called('getNotices')).toHaveLength(1);
    expect(await screen.findByRole('button', { name: 'Contact', description: '2 new' })).toBeTruthy();

    act(() => ws.notice(NoticeType.FRIEND_APPLY, { count: 3, userId: '9', nickName: 'Dora' }));
    expect(badge()).toBe(3);
    expect(await screen.findByRole('button', { name: 'Contact', description: '3 new' })).toBeTruthy();

    act(() => ws.notice(NoticeType.FRIEND_APPLY, { count: 0, userId: '9', nickName: 'Dora' }));
    expect(badge()).toBe(0);
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Contact' }).getAttribute('aria-describedby')).toBeNull(),
    );
    // Pushes set the count themselves: no extra request.
    expect(api.called('getNotices')).toHaveLength(1);
    socket.close();
  });

  it('refreshes the count when the app regains focus, at most once a second, while the session is live', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const { socket, ws } = await connect();
      act(() => ws.accept());
      await waitFor(() => expect(badge()).toBe(2));
      pending = 5;
      // Within a second of the last refresh the next one waits (spec: once per second).
      window.dispatchEvent(new Event('focus'));
      expect(api.called('getNotices')).toHaveLength(1);
      await act(() => vi.advanceTimersByTimeAsync(NOTICE_REFRESH_THROTTLE_MS));
      await waitFor(() => expect(badge()).toBe(5));
      expect(api.called('getNotices')).toHaveLength(2);

      // Signed out (the socket closed on purpose): focus asks nothing.
      socket.close();
      pending = 7;
      await act(() => vi.advanceTimersByTimeAsync(NOTICE_REFRESH_THROTTLE_MS));
      window.dispatchEvent(new Event('focus'));
      await act(() => vi.advanceTimersByTimeAsync(NOTICE_REFRESH_THROTTLE_MS));
      expect(api.called('getNotices')).toHaveLength(2);
      expect(badge()).toBe(5);
    } finally {
      vi.useRealTimers();
    }
  });

  it('tells of "now friends" and "declined", and refreshes the contact list', async () => {
    const { socket, ws } = await connect();
    act(() => ws.accept());
    queryClient.setQueryData(friendListKey, []);

    act(() => ws.notice(NoticeType.FRIEND_ACCEPTED, { userId: '9', nickName: 'Dora' }));
    expect(await screen.findByText('Dora accepted your friend request — you are now friends')).toBeTruthy();
    expect(queryClient.getQueryState(friendListKey)?.isInvalidated).toBe(true);

    act(() => ws.notice(NoticeType.FRIEND_REJECTED, { userId: '10', nickName: 'Eve' }));
    expect(await screen.findByText('Eve declined your friend request')).toBeTruthy();

    queryClient.setQueryData(friendListKey, []);
    act(() => ws.notice(NoticeType.CONTACTS_CHANGED, {}));
    expect(queryClient.getQueryState(friendListKey)?.isInvalidated).toBe(true);
    await waitFor(() => expect(api.called('getNotices').length).toBeGreaterThanOrEqual(2));
    socket.close();
  });
});
