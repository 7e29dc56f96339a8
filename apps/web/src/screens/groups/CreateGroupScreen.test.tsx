import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { resetRequest } from '../../api/request';
import { installReact19Render } from '../../lib/ui';
import { renderScreen } from '../../test/render';
import { fakeServer } from '../../test/fakeServer';
import { CreateGroupScreen } from './CreateGroupScreen';
import { friend, groupOf } from './testGroup';

beforeAll(() => installReact19Render());
beforeEach(() => resetRequest());
afterEach(() => resetRequest());

const CHAT = '/wx/chatWindow/index';

describe('CreateGroupScreen', () => {
  it('needs two ticked contacts, searches them, creates the group and opens its chat', async () => {
    const api = fakeServer({
      listFriends: () => ({
        list: [friend('11', 'Ben'), friend('12', 'Chen'), friend('13', 'Dora', 'Aunt Dora')],
      }),
      createGroup: () => groupOf('OWNER'),
    });
    const user = userEvent.setup();
    const { nav } = renderScreen(<CreateGroupScreen chatWindowUrl={CHAT} />);

    // Listed A–Z under the name the user gave them.
    await screen.findByRole('checkbox', { name: 'Aunt Dora' });
    const names = screen.getAllByText(/^(Aunt Dora|Ben|Chen)$/).map((name) => name.textContent);
    expect(names).toEqual(['Aunt Dora', 'Ben', 'Chen']);
    expect(screen.getByText('Choose at least 2 contacts')).toBeTruthy();
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Done' }).disabled).toBe(true);

    await user.click(screen.getByRole('checkbox', { name: 'Ben' }));
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Done (1)' }).disabled).toBe(true);

    await user.type(screen.getByRole('searchbox', { name: 'Search contacts' }), 'che');
    expect(screen.queryByRole('checkbox', { name: 'Ben' })).toBeNull();
    await user.click(screen.getByRole('checkbox', { name: 'Chen' }));
    await user.clear(screen.getByRole('searchbox', { name: 'Search contacts' }));
    expect(screen.getByRole<HTMLInputElement>('checkbox', { name: 'Ben' }).checked).toBe(true);

    await user.click(screen.getByRole('button', { name: 'Done (2)' }));
    await waitFor(() => expect(nav.redirectTo).toHaveBeenCalledWith(`${CHAT}?chatId=70`));
    expect(api.called('createGroup').map((c) => c.body)).toEqual([{ userIds: ['11', '12'] }]);
  });

  it('says when a search matches nobody', async () => {
    fakeServer({ listFriends: () => ({ list: [friend('11', 'Ben')] }) });
    const user = userEvent.setup();
    renderScreen(<CreateGroupScreen chatWindowUrl={CHAT} />);
    await user.type(await screen.findByRole('searchbox', { name: 'Search contacts' }), 'zed');
    expect(screen.getByText('No contacts match your search')).toBeTruthy();
  });
});
