import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AuthProviders } from '@paichat/protocol';
import { installReact19Render } from '../../lib/ui';
import { fakeServer, refusal } from '../../test/fakeServer';
import { renderScreen } from '../../test/render';
import { LoginScreen } from './LoginScreen';

const PI_BROWSER = 'Mozilla/5.0 (Linux; Android 13) Chrome/120 Mobile PiBrowser/1.7.0';
const CHROME = 'Mozilla/5.0 (Linux; Android 13) Chrome/120 Mobile';
const all: AuthProviders = { pi: true, piSandbox: false, google: true, twitter: true };

const user = userEvent.setup({ pointerEventsCheck: 0 });
beforeAll(() => installReact19Render());
afterEach(() => vi.restoreAllMocks());

function renderLogin(userAgent: string, path = '/wx/login/index') {
  const leave = vi.fn<(url: string) => void>();
  const rendered = renderScreen(
    <LoginScreen
      header="brand"
      homeUrl="/home"
      signUpUrl="/signup"
      agreementUrl="/agreement"
      introUrl="/intro"
      piLoginUrl="/pi"
      userAgent={userAgent}
      leave={leave}
    />,
    { path },
  );
  return { ...rendered, leave };
}

const others = async () => within(await screen.findByRole('region', { name: 'Or log in with' }));

describe('the other ways in on the login screen', () => {
  it('offers only what the server is configured for', async () => {
    fakeServer({ getAuthProviders: () => ({ ...all, pi: false, twitter: false }), getCaptcha: () => noCode });
    renderLogin(CHROME);
    const region = await others();
    expect(region.getAllByRole('button').map((b) => b.textContent)).toEqual(['Sign in with Google']);
  });

  it('in a normal browser: Google and Twitter below the form, opening the provider’s page; Pi refused', async () => {
    const server = fakeServer({
      getAuthProviders: () => all,
      getCaptcha: () => noCode,
      startOAuthLogin: ({ provider }) => ({ url: `https://${provider}.example/authorize?state=s` }),
    });
    const { leave, nav } = renderLogin(CHROME);
    const region = await others();
    expect(region.getAllByRole('button').map((b) => b.textContent)).toEqual([
      'Sign in with Google',
      'Sign in with Twitter',
      'Sign in with Pi',
    ]);
    await user.click(region.getByRole('button', { name: 'Sign in with Google' }));
    await vi.waitFor(() => expect(leave).toHaveBeenCalledWith('https://google.example/authorize?state=s'));
    expect(server.called('startOAuthLogin')[0]?.request).toEqual({ provider: 'google' });

    await user.click(region.getByRole('button', { name: 'Sign in with Pi' }));
    expect(await screen.findByText('Pi login unsupported in this environment')).toBeTruthy();
    expect(nav.navigateTo).not.toHaveBeenCalled();
  });

  it('in the Pi Browser: Pi first, above the form; Google and Twitter refused', async () => {
    const server = fakeServer({ getAuthProviders: () => all, getCaptcha: () => noCode });
    const { nav } = renderLogin(PI_BROWSER);
    const region = await others();
    const buttons = region.getAllByRole('button');
    expect(buttons.map((b) => b.textContent)).toEqual([
      'Sign in with Pi',
      'Sign in with Google',
      'Sign in with Twitter',
    ]);
    // Before the form's own Log in button.
    const login = screen.getByRole('button', { name: 'Log in' });
    expect(buttons[0]?.compareDocumentPosition(login)).toBe(Node.DOCUMENT_POSITION_FOLLOWING);
    await user.click(region.getByRole('button', { name: 'Sign in with Twitter' }));
    expect(
      await screen.findByText('Google and Twitter login not supported inside the Pi browser'),
    ).toBeTruthy();
    expect(server.called('startOAuthLogin')).toEqual([]);
    await user.click(region.getByRole('button', { name: 'Sign in with Pi' }));
    expect(nav.navigateTo).toHaveBeenCalledWith('/pi');
  });

  it('says "Failed to get Twitter login link" when the link cannot be had', async () => {
    fakeServer({
      getAuthProviders: () => all,
      getCaptcha: () => noCode,
      startOAuthLogin: () => new Response('bad gateway', { status: 502 }),
    });
    const { leave } = renderLogin(CHROME);
    await user.click((await others()).getByRole('button', { name: 'Sign in with Twitter' }));
    expect(await screen.findByText('Failed to get Twitter login link')).toBeTruthy();
    expect(leave).not.toHaveBeenCalled();
  });

  it('shows the server’s own reason for a refused link', async () => {
    fakeServer({
      getAuthProviders: () => all,
      getCaptcha: () => noCode,
      startOAuthLogin: () => refusal('googleLoginLinkFailed', 500),
    });
    renderLogin(CHROME);
    await user.click((await others()).getByRole('button', { name: 'Sign in with Google' }));
    expect(await screen.findByText('Failed to get Google login link')).toBeTruthy();
  });

  it('says "Google login failed" back from a refused Google callback', async () => {
    fakeServer({ getAuthProviders: () => all, getCaptcha: () => noCode });
    renderLogin(CHROME, '/wx/login/index?provider=google&error=failed');
    expect((await screen.findByRole('alert')).textContent).toBe('Google login failed');
  });
});

const noCode = { enabled: false, captchaId: '', image: '' };
