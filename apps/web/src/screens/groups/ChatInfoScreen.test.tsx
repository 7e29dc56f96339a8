import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { GroupRole } from '@paichat/protocol';
import { resetRequest } from '../../api/request';
import { installReact19Render } from '../../lib/ui';
import { renderScreen } from '../../test/render';
import { fakeServer, refusal } from '../../test/fakeServer';
import { ChatInfoScreen, type ChatInfoLinks } from './ChatInfoScreen';
import { groupOf } from './testGroup';

beforeAll(() => installReact19Render());
beforeEach(() => resetRequest());
afterEach(() => resetRequest());

const links: ChatInfoLinks = {
  contactInfo: '/contact',
  addMembers: '/add',
  members: '/members',
  editName: '/name',
  editNotice: '/notice',
  qrCode: '/qr',
  message: '/message',
};

function renderAs(role: GroupRole) {
  const api = fakeServer({
    getGroupInfo: ({ id }) => (id === '7' ? groupOf(role) : refusal('groupNotFound', 404)),
    dismissGroup: () => ({ groupId: '7', chatId: '70' }),
  });
  return { api, ...renderScreen(<ChatInfoScreen links={links} />, { path: '/?groupId=7' }) };
}

describe('ChatInfoScreen', () => {
  it("shows the owner the member grid with add and remove, and the owner's actions", async () => {
    const user = userEvent.setup();
    const { nav } = renderAs('OWNER');
    await screen.findByRole('button', { name: 'Ben' });
    expect(screen.getByRole('region', { name: 'Group members (3)' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Remove members' }));
    expect(nav.navigateTo).toHaveBeenLastCalledWith('/members?groupId=7&action=remove');
    await user.click(screen.getByRole('button', { name: 'Add members' }));
    expect(nav.navigateTo).toHaveBeenLastCalledWith('/add?groupId=7');
    await user.click(screen.getByRole('button', { name: 'Group name' }));
    expect(nav.navigateTo).toHaveBeenLastCalledWith('/name?groupId=7');
    for (const name of ['Transfer ownership', 'Delete and Quit', 'Dismiss group'])
      expect(screen.getByRole('button', { name })).toBeTruthy();
  });

  it('gives a member no owner controls', async () => {
    renderAs('MEMBER');
    await screen.findByRole('button', { name: 'Add members' });
    for (const name of ['Remove members', 'Transfer ownership', 'Dismiss group'])
      expect(screen.queryByRole('button', { name })).toBeNull();
    expect(screen.getByRole('button', { name: 'Delete and Quit' })).toBeTruthy();
  });

  it('dismisses only once the owner confirms', async () => {
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    const { api, nav } = renderAs('OWNER');
    await user.click(await screen.findByRole('button', { name: 'Dismiss group' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('"Trip" will end for every member, and its chat becomes read-only.');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.called('dismissGroup')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Dismiss group' }));
    await user.click(await screen.findByRole('button', { name: 'Dismiss' }));
    await waitFor(() => expect(nav.navigateBack).toHaveBeenCalledOnce());
    expect(api.called('dismissGroup').map((c) => c.body)).toEqual([{ groupId: '7' }]);
  });
});
