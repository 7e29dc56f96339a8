import type { PersonView } from '@paichat/protocol';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { configureRequest, resetRequest } from '../../api/request';
import { renderScreen } from '../../test/render';
import { AddFriendDetailScreen } from './AddFriendDetailScreen';
import { fakeServer, refusal } from '../../test/fakeServer';
import { dialogClosed, dialogShowing } from '../../test/dialogs';
import { FriendRequestScreen } from './FriendRequestScreen';
import { ProfileSettingsScreen } from './ProfileSettingsScreen';

/** Zoe as a stranger sees her: no chat ID (her login name). */
const zoe: PersonView = {
  userId: '77',
  nickName: 'Zoe',
  portrait: '',
  userType: 'normal',
  chatNo: '',
  gender: 'female',
  intro: 'Hi',
  address: { country: '', province: '', city: '' },
  isSelf: false,
  isFriend: false,
  isBlocked: false,
  requestSent: false,
  remark: '',
  tags: [],
};

function serve({ requestSent = false } = {}) {
  // Like the server: once asked, Zoe's page says the request waits.
  let pending = requestSent;
  const api = fakeServer({
    // Like the server: a stranger opens only with the reference the card carried.
    friendInfo: ({ id, ref }) =>
      id === '77' && (ref === 'cZoe' || ref === 'nZoe')
        ? { ...zoe, requestSent: pending }
        : refusal('userNotFound', 404),
    getMyInfo: () => ({ ...zoe, userId: '1', nickName: 'Me', chatNo: 'me', shareRef: 'cMe' }),
    getDict: ({ type }) => (type === 'friend_apply_reason' ? [] : refusal('notFound', 404)),
    applyFriend: () => {
      pending = true;
      return { applyId: '5', status: 'pending' };
    },
    // Like the server: a stranger is blocked only with the reference that showed them.
    blockUser: ({ userId, ref }) => (userId === '77' && ref === 'nZoe' ? null : refusal('userNotFound', 404)),
    listFriends: () => ({ list: [] }),
    listFriendApplies: () => ({ list: [] }),
    getNotices: () => ({
      friendApply: { count: 0 },
      topicReply: { count: 0 },
      topicRed: { portrait: '', userId: '', nickName: '' },
    }),
  });
  configureRequest({ fetch: api.fetch, toast: () => {} });
  return api;
}

const urls = { friendRequestUrl: '/req', chatWindowUrl: '/chat', profileSettingsUrl: '/settings' };

beforeEach(() => resetRequest());
afterEach(() => resetRequest());

describe('a stranger opened through a reference', () => {
  it('shows their page without a chat ID row and passes the reference on to the request', async () => {
    serve();
    const { nav } = renderScreen(<AddFriendDetailScreen {...urls} />, {
      path: '/add?userId=77&source=card&ref=cZoe',
    });
    expect(await screen.findByRole('heading', { name: 'Zoe' })).toBeTruthy();
    expect(screen.queryByText(/Chat ID/)).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Add to contacts' }));
    expect(nav.navigateTo).toHaveBeenCalledWith('/req?userId=77&source=card&ref=cZoe');
  });

  it('sends the friend request with the reference', async () => {
    const api = serve();
    const { nav } = renderScreen(<FriendRequestScreen />, { path: '/req?userId=77&source=card&ref=cZoe' });
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    await vi.waitFor(() => expect(nav.navigateBack).toHaveBeenCalled());
    expect(api.called('applyFriend').map((c) => c.body)).toEqual([
      { userId: '77', ref: 'cZoe', reason: '', remark: '', source: 'card' },
    ]);
  });
});

describe('a friend request on its way', () => {
  it('once sent, the page says it waits for verification and no longer offers Add to contacts', async () => {
    serve();
    // The person's page, and the request page opened from it, over the same cache.
    renderScreen(
      <>
        <AddFriendDetailScreen {...urls} />
        <FriendRequestScreen />
      </>,
      { path: '/add?userId=77&source=card&ref=cZoe' },
    );
    expect(await screen.findByRole('button', { name: 'Add to contacts' })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));

    expect(await screen.findAllByText('Friend request sent, waiting for verification')).toHaveLength(2);
    expect(screen.queryByRole('button', { name: 'Add to contacts' })).toBeNull();
    // Nor is a second request offered on the request page.
    expect(screen.queryByRole('button', { name: 'Send' })).toBeNull();
  });

  it('coming back later, the page still says so, as the server tells', async () => {
    serve({ requestSent: true });
    renderScreen(<AddFriendDetailScreen {...urls} />, { path: '/add?userId=77&source=nearby&ref=nZoe' });
    expect(await screen.findByText('Friend request sent, waiting for verification')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Add to contacts' })).toBeNull();
  });
});

describe('a stranger met in People Nearby', () => {
  it('offers their settings from "…", with the reference the page was opened with', async () => {
    serve();
    const { nav } = renderScreen(<AddFriendDetailScreen {...urls} />, {
      path: '/add?userId=77&source=nearby&ref=nZoe',
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Profile Settings' }));
    expect(nav.navigateTo).toHaveBeenCalledWith('/settings?userId=77&ref=nZoe');
  });

  it('is added to the blacklist with that reference', async () => {
    // antd-mobile's dialog keeps pointer-events off while it animates in.
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    const api = serve();
    renderScreen(<ProfileSettingsScreen setRemarkUrl="/remark" contactUrl="/contacts" />, {
      path: '/settings?userId=77&ref=nZoe',
    });
    const blacklist = await screen.findByRole('switch', { name: 'Add to blacklist' });
    await user.click(blacklist);
    await user.click(
      within(await dialogShowing('Add to blacklist?')).getByRole('button', { name: 'Confirm' }),
    );
    await vi.waitFor(() => expect(blacklist.getAttribute('aria-checked')).toBe('true'));
    expect(api.called('blockUser').map((c) => c.body)).toEqual([{ userId: '77', ref: 'nZoe' }]);
    await dialogClosed('Add to blacklist?');
  });
});
