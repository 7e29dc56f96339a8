import type { PersonView } from '@paichat/protocol';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { configureRequest, resetRequest } from '../../api/request';
import { renderScreen } from '../../test/render';
import { AddFriendDetailScreen } from './AddFriendDetailScreen';
import { fakeServer, refusal } from '../../test/fakeServer';
import { FriendRequestScreen } from './FriendRequestScreen';

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

function serve() {
  const api = fakeServer({
    // Like the server: a stranger opens only with the reference the card carried.
    friendInfo: ({ id, ref }) => (id === '77' && ref === 'cZoe' ? zoe : refusal('userNotFound', 404)),
    getMyInfo: () => ({ ...zoe, userId: '1', nickName: 'Me', chatNo: 'me', shareRef: 'cMe' }),
    getDict: ({ type }) => (type === 'friend_apply_reason' ? [] : refusal('notFound', 404)),
    applyFriend: () => ({ applyId: '5', status: 'pending' }),
  });
  configureRequest({ fetch: api.fetch, toast: () => {} });
  return api;
}

beforeEach(() => resetRequest());
afterEach(() => resetRequest());

describe('a stranger opened through a reference', () => {
  it('shows their page without a chat ID row and passes the reference on to the request', async () => {
    serve();
    const { nav } = renderScreen(<AddFriendDetailScreen friendRequestUrl="/req" chatWindowUrl="/chat" />, {
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
