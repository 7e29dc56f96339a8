import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { FriendApply } from '@paichat/protocol';
import { configureRequest, resetRequest } from '../../api/request';
import { friendListKey } from '../../api/queries/friendList';
import { installReact19Render } from '../../lib/ui';
import type { QueryClient } from '@tanstack/react-query';
import { friendApplyCount } from '../../api/queries/notices';
import { renderScreen } from '../../test/render';
import { fakeServer, refusal } from '../../test/fakeServer';
import { NewFriendsScreen } from './NewFriendsScreen';

const apply = (over: Partial<FriendApply>): FriendApply => ({
  applyId: '1',
  userId: '11',
  nickName: 'Ben',
  portrait: '',
  chatNo: 'ben',
  reason: "Hi, I'm Ben",
  source: 'search',
  status: 'pending',
  direction: 'received',
  createTime: 3,
  updateTime: 3,
  ...over,
});

/** A server with pending requests from Ben and Chen, and two of ours. */
function serve() {
  let pending = 2;
  const list = [
    apply({ applyId: '1', userId: '11', nickName: 'Ben' }),
    apply({ applyId: '2', userId: '12', nickName: 'Chen', reason: '' }),
    apply({ applyId: '3', userId: '13', nickName: 'Dora', direction: 'sent', reason: 'Hello Dora' }),
    // Ignoring is private: the sender keeps seeing "waiting".
    apply({ applyId: '4', userId: '14', nickName: 'Eve', direction: 'sent', status: 'ignored' }),
    apply({ applyId: '5', userId: '15', nickName: 'Finn', direction: 'sent', status: 'rejected' }),
  ];
  const decide = () => {
    pending -= 1;
    return null;
  };
  const api = fakeServer({
    listFriendApplies: () => ({ list }),
    getNotices: () => ({
      friendApply: { count: pending },
      topicReply: { count: 0 },
      topicRed: { portrait: '', userId: '', nickName: '' },
    }),
    agreeFriend: (body) => (
      decide(),
      { userId: (body as { applyId: string }).applyId === '1' ? '11' : '12' }
    ),
    refuseFriend: decide,
    ignoreFriend: decide,
    listFriends: () => ({ list: [] }),
  });
  const toast = vi.fn();
  configureRequest({ fetch: api.fetch, toast });
  return { api, toast };
}

const row = (name: string) => within(screen.getByRole('article', { name }));
let client: QueryClient | undefined;
/** The Contact tab's badge: the pending count in the screen's query cache. */
const badge = () => client && friendApplyCount(client);

function renderNewFriends() {
  const rendered = renderScreen(<NewFriendsScreen searchUrl="/search" contactInfoUrl="/info" />);
  client = rendered.client;
  return rendered;
}

beforeAll(() => installReact19Render());
beforeEach(() => resetRequest());
afterEach(() => {
  resetRequest();
  client = undefined;
});

describe('NewFriendsScreen', () => {
  it('lists received and sent requests with their messages and states', async () => {
    serve();
    renderNewFriends();
    const received = within(await screen.findByRole('region', { name: 'Received' }));
    expect(received.getAllByRole('article')).toHaveLength(2);
    expect(row('Ben').getByText("Hi, I'm Ben")).toBeTruthy();
    for (const name of ['Accept', 'Reject', 'Ignore'])
      expect(row('Ben').getByRole('button', { name })).toBeTruthy();

    const sent = within(screen.getByRole('region', { name: 'Sent' }));
    expect(sent.getAllByRole('article')).toHaveLength(3);
    expect(row('Dora').getByText('Waiting for verification')).toBeTruthy();
    expect(row('Eve').getByText('Waiting for verification')).toBeTruthy();
    expect(row('Finn').getByText('Rejected')).toBeTruthy();
    expect(row('Dora').queryByRole('button', { name: 'Accept' })).toBeNull();
    expect(row('Ben').getByRole('link').getAttribute('href')).toBe('#/info?userId=11');
  });

  it('accepts: the row, the badge and the contact list change at once', async () => {
    const { api } = serve();
    const { client } = renderNewFriends();
    client.setQueryData(friendListKey, []);
    await screen.findByRole('article', { name: 'Ben' });
    await userEvent.click(row('Ben').getByRole('button', { name: 'Accept' }));

    expect(await row('Ben').findByText('Accepted')).toBeTruthy();
    expect(row('Ben').queryByRole('button', { name: 'Accept' })).toBeNull();
    expect(api.called('agreeFriend').map((c) => c.body)).toEqual([{ applyId: '1' }]);
    await waitFor(() => expect(badge()).toBe(1));
    expect(api.called('getNotices').length).toBeGreaterThan(0);
    expect(client.getQueryState(friendListKey)?.isInvalidated).toBe(true);
    // Chen is still waiting for an answer.
    expect(row('Chen').getByRole('button', { name: 'Accept' })).toBeTruthy();
  });

  it('rejects and ignores, each through its own call', async () => {
    const { api } = serve();
    renderNewFriends();
    await screen.findByRole('article', { name: 'Ben' });
    await userEvent.click(row('Ben').getByRole('button', { name: 'Reject' }));
    expect(await row('Ben').findByText('Rejected')).toBeTruthy();
    await userEvent.click(row('Chen').getByRole('button', { name: 'Ignore' }));
    expect(await row('Chen').findByText('Ignored')).toBeTruthy();
    expect(api.called('refuseFriend').map((c) => c.body)).toEqual([{ applyId: '1' }]);
    expect(api.called('ignoreFriend').map((c) => c.body)).toEqual([{ applyId: '2' }]);
    expect(api.called('agreeFriend')).toEqual([]);
    await waitFor(() => expect(badge()).toBe(0));
  });

  it('a request decided elsewhere: the reason is shown and the list and badge follow the server', async () => {
    const { api, toast } = serve();
    let list = [apply({ applyId: '1' })];
    const answer = api.fetch;
    configureRequest({
      toast,
      fetch: async (url, init) => {
        if (url.startsWith('/friend/agree')) {
          list = [apply({ applyId: '1', status: 'accepted' })];
          return refusal('applyNotFound');
        }
        if (url.startsWith('/friend/applyList'))
          return new Response(JSON.stringify({ code: 200, msg: 'ok', data: { list } }));
        if (url.startsWith('/my/notices'))
          return new Response(
            JSON.stringify({
              code: 200,
              msg: 'ok',
              data: {
                friendApply: { count: 0 },
                topicReply: { count: 0 },
                topicRed: { portrait: '', userId: '', nickName: '' },
              },
            }),
          );
        return answer(url, init);
      },
    });
    renderNewFriends();
    await screen.findByRole('article', { name: 'Ben' });
    await userEvent.click(row('Ben').getByRole('button', { name: 'Accept' }));
    await waitFor(() => expect(toast).toHaveBeenCalledWith('The friend request could not be found', 'top'));
    expect(await row('Ben').findByText('Accepted')).toBeTruthy();
    await waitFor(() => expect(badge()).toBe(0));
  });

  it('shows an empty state without requests, with the way to search', async () => {
    const api = fakeServer({ listFriendApplies: () => ({ list: [] }) });
    configureRequest({ fetch: api.fetch, toast: vi.fn() });
    const { nav } = renderNewFriends();
    expect(await screen.findByText('No friend requests yet')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Add friends by PipID' }));
    expect(nav.navigateTo).toHaveBeenCalledWith('/search');
  });
});
