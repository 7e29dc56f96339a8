import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { resetRequest } from '../../api/request';
import { installReact19Render } from '../../lib/ui';
import { renderScreen } from '../../test/render';
import { EditPasswordScreen } from './EditPasswordScreen';
import { fakeServer } from '../../test/fakeServer';

beforeAll(() => installReact19Render());
beforeEach(() => resetRequest());
afterEach(() => resetRequest());

async function fill(user: UserEvent, values: { current?: string; next?: string; confirm?: string }) {
  const field = (name: string) => screen.getByLabelText<HTMLInputElement>(name, { selector: 'input' });
  for (const [name, value] of [
    ['Current password', values.current],
    ['New password', values.next],
    ['Confirm password', values.confirm],
  ] as const) {
    await user.clear(field(name));
    if (value) await user.type(field(name), value);
  }
  await user.click(screen.getByRole('button', { name: 'Done' }));
}

const message = async () => (await screen.findByRole('alert')).textContent;

describe('EditPasswordScreen', () => {
  it('checks in the spec order: current, new (8–16, digits and letters), then the confirmation', async () => {
    const api = fakeServer({ setMyPassword: () => null });
    const user = userEvent.setup();
    const { nav } = renderScreen(<EditPasswordScreen />);

    await fill(user, {});
    expect(await message()).toBe('Please enter your current password');
    await fill(user, { current: 'paichat123' });
    expect(await message()).toBe('Please enter a new password');
    await fill(user, { current: 'paichat123', next: 'abc123' });
    expect(await message()).toBe('The new password must be 8 to 16 characters');
    await fill(user, { current: 'paichat123', next: 'abcdefgh12345678x' });
    expect(await message()).toBe('The new password must be 8 to 16 characters');
    await fill(user, { current: 'paichat123', next: 'onlyletters' });
    expect(await message()).toBe('The new password must mix digits and letters');
    await fill(user, { current: 'paichat123', next: '1234567890' });
    expect(await message()).toBe('The new password must mix digits and letters');
    await fill(user, { current: 'paichat123', next: 'newpass123' });
    expect(await message()).toBe('Please enter the new password again');
    await fill(user, { current: 'paichat123', next: 'newpass123', confirm: 'newpass124' });
    expect(await message()).toBe('The two passwords do not match');

    expect(api.called('setMyPassword')).toHaveLength(0);
    expect(nav.navigateBack).not.toHaveBeenCalled();
  });

  it('sends the current and the new password, says other devices were signed out, and goes back', async () => {
    const api = fakeServer({ setMyPassword: () => null });
    const user = userEvent.setup();
    const { nav } = renderScreen(<EditPasswordScreen />);
    expect(screen.getByText(/every other device signed in to your account is signed out/)).toBeTruthy();

    await fill(user, { current: 'paichat123', next: 'newpass123', confirm: 'newpass123' });
    await waitFor(() => expect(nav.navigateBack).toHaveBeenCalledOnce());
    expect(api.called('setMyPassword').map((c) => c.body)).toEqual([
      { oldPassword: 'paichat123', newPassword: 'newpass123' },
    ]);
    expect(
      await screen.findByText('Password changed. Your other devices have been signed out.'),
    ).toBeTruthy();
  });

  it('stays on a wrong current password, which the request function shows', async () => {
    const api = fakeServer({
      setMyPassword: () =>
        new Response(JSON.stringify({ code: 400, msg: 'wrong', data: null, err: 'wrongPassword' })),
    });
    const user = userEvent.setup();
    const { nav } = renderScreen(<EditPasswordScreen />);
    await fill(user, { current: 'not-it-123', next: 'newpass123', confirm: 'newpass123' });
    await waitFor(() => expect(api.toast).toHaveBeenCalledWith('The password is wrong', 'top'));
    expect(nav.navigateBack).not.toHaveBeenCalled();
  });
});
