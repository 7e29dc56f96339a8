import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AuthProviders, MyIdentities } from '@paichat/protocol';
import { installReact19Render } from '../../lib/ui';
import { dialogClosed, dialogShowing } from '../../test/dialogs';
import { fakeServer, refusal } from '../../test/fakeServer';
import { me } from '../../test/people';
import { renderScreen } from '../../test/render';
import { AccountsScreen } from './AccountsScreen';

const PI_BROWSER = 'Mozilla/5.0 (Linux; Android 13) Chrome/120 Mobile PiBrowser/1.7.0';
const CHROME = 'Mozilla/5.0 (Linux; Android 13) Chrome/120 Mobile';
const providers: AuthProviders = { pi: true, piSandbox: false, google: true, twitter: false };
const linkedToPi: MyIdentities = {
  password: true,
  list: [{ provider: 'pi', name: 'ada_pi', linkedAt: 1 }],
};

const user = userEvent.setup({ pointerEventsCheck: 0 });
beforeAll(() => installReact19Render());
afterEach(() => {
  vi.restoreAllMocks();
  delete window.Pi;
});

function renderAccounts(userAgent = CHROME, path = '/wx/system/accounts') {
  const leave = vi.fn<(url: string) => void>();
  const rendered = renderScreen(<AccountsScreen passwordUrl="/pass" leave={leave} userAgent={userAgent} />, {
    path,
  });
  return { ...rendered, leave };
}

const rowOf = async (name: string) => within((await screen.findByText(name)).closest('li') as HTMLElement);

describe('AccountsScreen', () => {
  it('lists the password and each offered or linked service, and unlinks one after asking', async () => {
    const server = fakeServer({
      getAuthProviders: () => providers,
      getMyIdentities: () => linkedToPi,
      getMyInfo: () => me,
      unlinkIdentity: () => ({ password: true, list: [] }),
    });
    renderAccounts();
    expect(await (await rowOf('Chat ID and password')).findByText('ada_1815')).toBeTruthy();
    expect(await (await rowOf('Pi Network')).findByText('ada_pi')).toBeTruthy();
    expect(await (await rowOf('Google')).findByText('Not linked')).toBeTruthy();
    expect(screen.queryByText('Twitter')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Unlink Pi Network' }));
    const dialog = await dialogShowing('Unlink Pi Network?');
    await user.click(within(dialog).getByRole('button', { name: 'Unlink' }));
    await dialogClosed('Unlink Pi Network?');
    expect(server.called('unlinkIdentity')[0]?.request).toEqual({ provider: 'pi' });
    // Pi can be linked again only in the Pi Browser: this one no longer offers it.
    await waitFor(() => expect(screen.queryByText('Pi Network')).toBeNull());
    expect(screen.getByRole('button', { name: 'Link Google' })).toBeTruthy();
  });

  it('refuses to take the last way in, with the server’s reason', async () => {
    const server = fakeServer({
      getAuthProviders: () => providers,
      getMyIdentities: () => ({ ...linkedToPi, password: false }),
      getMyInfo: () => ({ ...me, chatNo: '' }),
      unlinkIdentity: () => refusal('lastSignInMethod', 409),
    });
    renderAccounts();
    expect(await (await rowOf('Chat ID and password')).findByText('Not set')).toBeTruthy();
    await user.click(await screen.findByRole('button', { name: 'Unlink Pi Network' }));
    await user.click(
      within(await dialogShowing('Unlink Pi Network?')).getByRole('button', { name: 'Unlink' }),
    );
    // The request function shows the server's reason.
    await vi.waitFor(() =>
      expect(server.toast).toHaveBeenCalledWith(
        'This is your only way to sign in: set a chat ID and password or link another account first',
        'top',
      ),
    );
    expect(screen.getByRole('button', { name: 'Unlink Pi Network' })).toBeTruthy();
  });

  it('links Google through Google’s page, and says how it went on the way back', async () => {
    const server = fakeServer({
      getAuthProviders: () => providers,
      getMyIdentities: () => linkedToPi,
      getMyInfo: () => me,
      startOAuthLink: () => ({ url: 'https://accounts.example/authorize' }),
    });
    const { leave } = renderAccounts();
    await user.click(await screen.findByRole('button', { name: 'Link Google' }));
    await vi.waitFor(() => expect(leave).toHaveBeenCalledWith('https://accounts.example/authorize'));
    expect(server.called('startOAuthLink')[0]?.request).toEqual({ provider: 'google' });
  });

  it.each([
    ['?provider=google&linked=1', 'status', 'Google linked'],
    [
      '?provider=google&error=identityInUse',
      'alert',
      'Linking Google failed (This account is already linked to another PaiChat account)',
    ],
  ])('back with %s says so', async (query, role, text) => {
    fakeServer({ getAuthProviders: () => providers, getMyIdentities: () => linkedToPi, getMyInfo: () => me });
    renderAccounts(CHROME, `/wx/system/accounts${query}`);
    expect((await screen.findByRole(role)).textContent).toBe(text);
  });

  it('links Pi with a token of the Pi SDK, in the Pi Browser only', async () => {
    window.Pi = { init: vi.fn(), authenticate: vi.fn(async () => ({ accessToken: 'pi-access' })) };
    const server = fakeServer({
      getAuthProviders: () => providers,
      getMyIdentities: () => ({ password: true, list: [] }),
      getMyInfo: () => me,
      linkPi: () => linkedToPi,
    });
    renderAccounts(PI_BROWSER);
    await user.click(await screen.findByRole('button', { name: 'Link Pi Network' }));
    expect(await screen.findByText('Pi Network linked')).toBeTruthy();
    expect(server.called('linkPi')[0]?.request).toEqual({ accessToken: 'pi-access' });
    expect(await screen.findByRole('button', { name: 'Unlink Pi Network' })).toBeTruthy();
    // Google cannot work in the Pi Browser: it is not offered there.
    expect(screen.queryByText('Google')).toBeNull();
  });
});
