import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { VirtuosoMockContext } from 'react-virtuoso';
import type { Friend } from '@paichat/protocol';
import { configureRequest, resetRequest } from '../../api/request';
import { friendListKey } from '../../api/queries/friendList';
import { noticesKey } from '../../api/queries/notices';
import { renderScreen } from '../../test/render';
import { fakeServer } from '../../test/fakeServer';
import { goOffline } from '../../test/network';
import { ContactsScreen } from './ContactsScreen';

const friend = (userId: string, nickName: string, remark = ''): Friend => ({
  userId,
  nickName,
  remark,
  portrait: '',
  userType: 'user',
  chatNo: `u${userId}`,
  tags: [],
  isBlocked: false,
});

const urls = {
  newFriendsUrl: '/new',
  groupChatsUrl: '/groups',
  searchUrl: '/search',
  contactInfoUrl: '/info',
};

// jsdom has no layout: tell the virtual list how tall its viewport and rows are.
const sized = (ui: ReactNode) => (
  <VirtuosoMockContext.Provider value={{ viewportHeight: 2000, itemHeight: 56 }}>
    {ui}
  </VirtuosoMockContext.Provider>
);

function serve(list: Friend[]) {
  const api = fakeServer({ listFriends: () => ({ list }) });
  configureRequest({ fetch: api.fetch, toast: vi.fn() });
  return api;
}

beforeEach(() => resetRequest());
afterEach(() => resetRequest());

/** The cached `/my/notices`, with this many pending friend requests. */
const notices = (count: number) => ({
  friendApply: { count },
  topicReply: { count: 0 },
  topicRed: { portrait: '', userId: '', nickName: '' },
});

const OFFLINE = "You're offline. This page updates by itself once the network is back.";

describe('ContactsScreen', () => {
  it('offline, says so and keeps the contacts it has; back online, it loads them again by itself', async () => {
    const list = [friend('1', 'Bob')];
    serve(list);
    renderScreen(sized(<ContactsScreen {...urls} />));
    await screen.findByText('Bob');

    const network = goOffline();
    expect(screen.getByRole('status').textContent).toBe(OFFLINE);
    expect(screen.getByText('Bob')).toBeTruthy();

    // Carol became a friend meanwhile: back online, she shows without a tap.
    list.push(friend('2', 'Carol'));
    network.back();
    expect(await screen.findByText('Carol')).toBeTruthy();
    expect(screen.queryByText(OFFLINE)).toBeNull();
  });

  it('opened offline, says so instead of failing, and shows the contacts once the network is back', async () => {
    const network = goOffline();
    const api = serve([friend('1', 'Bob')]);
    renderScreen(sized(<ContactsScreen {...urls} />));
    expect(await screen.findByText(OFFLINE)).toBeTruthy();
    expect(screen.queryByText('Could not load your contacts')).toBeNull();
    expect(api.called('listFriends')).toHaveLength(0);

    network.back();
    expect(await screen.findByText('Bob')).toBeTruthy();
    expect(screen.queryByText(OFFLINE)).toBeNull();
  });

  it('groups contacts by letter, A–Z then #, under their remark', async () => {
    serve([
      friend('1', 'Zoe'),
      friend('2', '张三'),
      friend('3', 'amy'),
      friend('4', '7eleven'),
      friend('5', 'Xavier', 'Boss'),
      friend('6', 'Élodie'),
    ]);
    renderScreen(sized(<ContactsScreen {...urls} />));

    const headings = await screen.findAllByRole('heading', { level: 2 });
    expect(headings.map((h) => h.textContent)).toEqual(['A', 'B', 'E', 'Z', '#']);
    // What each link reads as: its text, the avatar's initials (hidden) left out.
    const names = screen
      .getAllByRole('link')
      .map((link) =>
        [...link.children].filter((child) => !child.hasAttribute('aria-hidden')).map((c) => c.textContent),
      );
    expect(names.flat()).toEqual(['amy', 'Boss', 'Élodie', '张三', 'Zoe', '7eleven']);
    expect(screen.getByRole('link', { name: '张三' })).toBeTruthy();
    // The remark replaces the nickname; each contact opens its Info page.
    expect(screen.queryByRole('link', { name: 'Xavier' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Boss' }).getAttribute('href')).toBe('#/info?userId=5');
    expect(screen.getByText('Contacts: 6')).toBeTruthy();
  });

  it('keeps a blocked contact listed, marked as blocked', async () => {
    serve([friend('1', 'amy'), { ...friend('2', 'Zoe'), isBlocked: true }]);
    renderScreen(sized(<ContactsScreen {...urls} />));
    const zoe = await screen.findByRole('link', { name: /^Zoe/ });
    expect(within(zoe).getByText('Blocked')).toBeTruthy();
    expect(within(screen.getByRole('link', { name: 'amy' })).queryByText('Blocked')).toBeNull();
  });

  it('offers the whole A–Z index as buttons, once there are contacts', async () => {
    serve([friend('1', 'amy'), friend('2', 'Zoe')]);
    renderScreen(sized(<ContactsScreen {...urls} />));
    await screen.findByRole('link', { name: 'amy' });
    const index = screen.getByRole('navigation', { name: 'Alphabet index' });
    const letters = within(index)
      .getAllByRole('button')
      .map((b) => b.textContent);
    expect(letters.join('')).toBe('ABCDEFGHIJKLMNOPQRSTUVWXYZ#');
  });

  it('shows New Friends with the pending count, Group Chats and Search', async () => {
    serve([]);
    const { nav, client } = renderScreen(sized(<ContactsScreen {...urls} />));
    act(() => client.setQueryData(noticesKey, notices(3)));
    const newFriends = await screen.findByRole('button', { name: 'New Friends', description: '3 new' });
    await userEvent.click(newFriends);
    expect(nav.navigateTo).toHaveBeenCalledWith('/new');
    await userEvent.click(screen.getByRole('button', { name: 'Group Chats' }));
    expect(nav.navigateTo).toHaveBeenCalledWith('/groups');
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(nav.navigateTo).toHaveBeenCalledWith('/search');

    act(() => client.setQueryData(noticesKey, notices(0)));
    await waitFor(() => expect(newFriends.getAttribute('aria-describedby')).toBeNull());
    expect(await screen.findByText('No contacts yet')).toBeTruthy();
  });

  it('regroups a contact at once when the cached list changes (a new remark)', async () => {
    serve([friend('1', 'amy'), friend('2', 'Zoe')]);
    const { client } = renderScreen(sized(<ContactsScreen {...urls} />));
    await screen.findByRole('link', { name: 'Zoe' });
    act(() =>
      client.setQueryData<Friend[]>(friendListKey, (list) =>
        list?.map((f) => (f.userId === '2' ? { ...f, remark: 'Bestie' } : f)),
      ),
    );
    await waitFor(() =>
      expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual(['A', 'B']),
    );
    expect(screen.getByRole('link', { name: 'Bestie' })).toBeTruthy();
  });

  it('shows grey rows, not "No contacts yet", until the list arrives', async () => {
    let answer: (response: Response) => void = () => undefined;
    configureRequest({ fetch: () => new Promise<Response>((resolve) => (answer = resolve)), toast: vi.fn() });
    renderScreen(sized(<ContactsScreen {...urls} />));
    expect(await screen.findByRole('status', { name: 'Loading…' })).toBeTruthy();
    expect(screen.queryByText('No contacts yet')).toBeNull();
    answer(new Response(JSON.stringify({ code: 200, msg: 'ok', data: { list: [] } })));
    expect(await screen.findByText('No contacts yet')).toBeTruthy();
    expect(screen.queryByRole('status', { name: 'Loading…' })).toBeNull();
  });

  it('offers a retry when the list cannot load', async () => {
    let fail = true;
    configureRequest({
      fetch: async () =>
        fail
          ? new Response('', { status: 500 })
          : new Response(JSON.stringify({ code: 200, msg: 'ok', data: { list: [friend('1', 'amy')] } })),
      toast: vi.fn(),
    });
    renderScreen(sized(<ContactsScreen {...urls} />));
    const retry = await screen.findByRole('button', { name: 'Retry' });
    fail = false;
    await userEvent.click(retry);
    expect(await screen.findByRole('link', { name: 'amy' })).toBeTruthy();
  });
});
