import type { ResponseOf, searchFriend } from '@paichat/protocol';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { configureRequest, resetRequest } from '../../api/request';
import { renderScreen } from '../../test/render';
import { fakeServer, refusal } from '../../test/fakeServer';
import { SearchScreen } from './SearchScreen';

const ben: ResponseOf<typeof searchFriend> = {
  userId: '11',
  nickName: 'Ben',
  portrait: '',
  userType: 'user',
  chatNo: 'ben',
  gender: 'male',
  intro: '',
  address: { country: '', province: '', city: '' },
  isSelf: false,
  isFriend: false,
  isBlocked: false,
  requestSent: false,
  remark: '',
  tags: [],
  ref: 'sBenForMe',
};

function serve() {
  const api = fakeServer({
    searchFriend: ({ chatNo }) => (chatNo.toLowerCase() === 'ben' ? ben : refusal('userNotFound', 404)),
  });
  const toast = vi.fn();
  configureRequest({ fetch: api.fetch, toast });
  return { api, toast };
}

beforeEach(() => resetRequest());
afterEach(() => resetRequest());

describe('SearchScreen', () => {
  it('asks for a PipID when the field is empty, without asking the server', async () => {
    const { api } = serve();
    renderScreen(<SearchScreen addFriendDetailUrl="/add" />);
    await userEvent.type(screen.getByRole('textbox', { name: 'PipID' }), '   ');
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(screen.getByRole('alert').textContent).toBe('Please enter a PipID');
    expect(api.calls).toEqual([]);
  });

  it('says "User not found" for an unknown PipID and stays', async () => {
    const { api, toast } = serve();
    const { nav } = renderScreen(<SearchScreen addFriendDetailUrl="/add" />);
    await userEvent.type(screen.getByRole('textbox', { name: 'PipID' }), 'nobody{Enter}');
    expect(await screen.findByText('User not found')).toBeTruthy();
    expect(toast).toHaveBeenCalledWith('User not found', 'top');
    expect(api.calls.map((c) => c.query)).toEqual([{ chatNo: 'nobody' }]);
    expect(nav.navigateTo).not.toHaveBeenCalled();
  });

  it('opens the add-friend page of the person found, with the reference the search gave', async () => {
    serve();
    const { nav, client } = renderScreen(<SearchScreen addFriendDetailUrl="/add" />);
    await userEvent.type(screen.getByRole('textbox', { name: 'PipID' }), ' BEN ');
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    await vi.waitFor(() =>
      expect(nav.navigateTo).toHaveBeenCalledWith('/add?userId=11&source=search&ref=sBenForMe'),
    );
    // The page opens from the cache, without asking again.
    expect(client.getQueryData(['friend', 'info', '11'])).toEqual(ben);
  });
});
