import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { UserInfo } from '@paichat/protocol';
import { myInfoKey } from '../../api/queries/myInfo';
import { resetRequest } from '../../api/request';
import { installReact19Render } from '../../lib/ui';
import { renderScreen } from '../../test/render';
import { EditChatNoScreen } from './EditChatNoScreen';
import { fakeServer } from '../../test/fakeServer';
import { me } from '../../test/people';

beforeAll(() => installReact19Render());
beforeEach(() => resetRequest());
afterEach(() => resetRequest());

describe('EditChatNoScreen', () => {
  it('shows a chat ID that is set, read-only, and says it cannot be changed', async () => {
    fakeServer({ getMyInfo: () => me });
    renderScreen(<EditChatNoScreen />);
    // Text, not a field: nothing on the page looks editable.
    expect(await screen.findByText('ada_1815')).toBeTruthy();
    expect(screen.getByText('Chat ID')).toBeTruthy();
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(screen.getByText('The chat ID cannot be changed')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Done' })).toBeNull();
  });

  it('without one: checks it live, warns, confirms, then sets it for good', async () => {
    const taken = new Set(['taken_id']);
    const api = fakeServer({
      getMyInfo: () => ({ ...me, chatNo: '' }),
      checkChatNo: () => {
        const chatNo =
          new URL(api.calls.at(-1)?.url ?? '', 'http://localhost').searchParams.get('chatNo') ?? '';
        return taken.has(chatNo)
          ? { available: false, status: 'taken' }
          : { available: true, status: 'available' };
      },
      setMyChatNo: (body) => ({ ...me, chatNo: (body as { chatNo: string }).chatNo }),
    });
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    const { nav, client } = renderScreen(<EditChatNoScreen />);
    const field = await screen.findByRole('textbox', { name: 'Chat ID' });
    expect(screen.getByText('Choose carefully: the chat ID cannot be changed later.')).toBeTruthy();

    await user.type(field, 'ab');
    expect(screen.getByRole('status').textContent).toBe('Too short: at least 3 characters');
    await user.type(field, '!');
    expect(screen.getByRole('status').textContent).toBe(
      'Invalid characters: only letters, numbers, underscore and hyphen',
    );
    await user.clear(field);
    await user.type(field, 'taken_id');
    expect(screen.getByRole('status').textContent).toBe('Checking…');
    await waitFor(() =>
      expect(screen.getByRole('status').textContent).toBe('This chat ID is already in use'),
    );
    await user.click(screen.getByRole('button', { name: 'Done' }));
    expect((await screen.findByRole('alert')).textContent).toBe('This chat ID is already in use');

    await user.clear(field);
    await user.type(field, 'ada_new');
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('This chat ID is available'));
    await user.click(screen.getByRole('button', { name: 'Done' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('Your chat ID will be ada_new. It cannot be changed later.');

    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.called('setMyChatNo')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Done' }));
    await user.click(await screen.findByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(nav.navigateBack).toHaveBeenCalledOnce());
    expect(api.called('setMyChatNo').map((c) => c.body)).toEqual([{ chatNo: 'ada_new' }]);
    expect(client.getQueryData<UserInfo>(myInfoKey)?.chatNo).toBe('ada_new');
  });
});
