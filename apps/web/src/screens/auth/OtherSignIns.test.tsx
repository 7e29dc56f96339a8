import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AuthProviders } from '@paichat/protocol';
import type { QueryClient } from '@tanstack/react-query';
import { authProvidersQuery } from '../../api/queries/identities';
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

/** The form is drawn and the server has said which ways it offers. */
async function answered(client: QueryClient) {
  await screen.findByRole('textbox', { name: 'Account' });
  await vi.waitFor(() => expect(client.getQueryState(authProvidersQuery.queryKey)?.status).toBe('success'));
}

const others = async () => within(await screen.findByRole('region', { name: 'Or log in with' }));

describe('the other ways in on the login screen', () => {
  it('offers only what the server is configured for', async () => {
    fakeServer({ getAuthProviders: () => ({ ...all, pi: false, twitter: false }), getCaptcha: () => noCode });
    renderLogin(CHROME);
    const region = await others();
    expect(region.getAllByRole('button').map((b) => b.textContent)).toEqual(['Sign in with Google']);
  });

  it('in a normal browser: "Or log in with" Google and Twitter below the form, no Pi', async () => {
    const server = fakeServer({
      getAuthProviders: () => all,
      getCaptcha: () => noCode,
      startOAuthLogin: ({ provider }) => ({ url: `https://${provider}.example/authorize?state=s` }),
    });
    const { leave } = renderLogin(CHROME);
    const region = await others();
    // Pi login cannot work outside the Pi Browser: it is not offered.
    expect(region.getAllByRole('button').map((b) => b.textContent)).toEqual([
      'Sign in with Google',
      'Sign in with Twitter',
    ]);
    expect(screen.queryByRole('button', { name: 'Sign in with Pi' })).toBeNull();
    // Divider, then the buttons, all after the form.
    const divider = screen.getByText('Or log in with');
    const login = screen.getByRole('button', { name: 'Log in' });
    expect(login.compareDocumentPosition(divider)).toBe(Node.DOCUMENT_POSITION_FOLLOWING);
    expect(divider.compareDocumentPosition(region.getAllByRole('button')[0]!)).toBe(
      Node.DOCUMENT_POSITION_FOLLOWING,
    );

    await user.click(region.getByRole('button', { name: 'Sign in with Google' }));
    await vi.waitFor(() => expect(leave).toHaveBeenCalledWith('https://google.example/authorize?state=s'));
    expect(server.called('startOAuthLogin')[0]?.request).toEqual({ provider: 'google' });
  });

  it('in the Pi Browser: Pi alone, then "Or log in with your account" before the form', async () => {
    fakeServer({ getAuthProviders: () => all, getCaptcha: () => noCode });
    const { nav } = renderLogin(PI_BROWSER);
    const region = await others();
    // Google and Twitter cannot work inside the Pi Browser: they are not offered.
    expect(region.getAllByRole('button').map((b) => b.textContent)).toEqual(['Sign in with Pi']);
    expect(screen.queryByRole('button', { name: /Google|Twitter/ })).toBeNull();
    // Pi, then the divider, then the form: the "Or" comes between the two ways in, not first.
    const pi = region.getByRole('button', { name: 'Sign in with Pi' });
    const divider = screen.getByText('Or log in with your account');
    const account = screen.getByRole('textbox', { name: 'Account' });
    expect(pi.compareDocumentPosition(divider)).toBe(Node.DOCUMENT_POSITION_FOLLOWING);
    expect(divider.compareDocumentPosition(account)).toBe(Node.DOCUMENT_POSITION_FOLLOWING);
    expect(screen.queryByText('Or log in with')).toBeNull();

    await user.click(pi);
    expect(nav.navigateTo).toHaveBeenCalledWith('/pi');
  });

  it('offers nothing, and no divider, where none of the configured ways can work', async () => {
    fakeServer({ getAuthProviders: () => ({ ...all, pi: false }), getCaptcha: () => noCode });
    const inPiBrowser = renderLogin(PI_BROWSER);
    await answered(inPiBrowser.client);
    expect(screen.queryByRole('region', { name: 'Or log in with' })).toBeNull();
    expect(screen.queryByText(/^Or log in with/)).toBeNull();
    inPiBrowser.unmount();

    fakeServer({
      getAuthProviders: () => ({ ...all, google: false, twitter: false }),
      getCaptcha: () => noCode,
    });
    await answered(renderLogin(CHROME).client);
    expect(screen.queryByRole('region', { name: 'Or log in with' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Sign in with Pi' })).toBeNull();
  });

  it('shows the form, with no other ways, when the server cannot say which it offers', async () => {
    const server = fakeServer({
      getAuthProviders: () => new Response('bad gateway', { status: 502 }),
      getCaptcha: () => noCode,
    });
    renderLogin(CHROME);
    expect(await screen.findByRole('button', { name: 'Log in' })).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Or log in with' })).toBeNull();
    // Asked once: the failure is not asked again and again.
    expect(server.called('getAuthProviders')).toHaveLength(1);
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
