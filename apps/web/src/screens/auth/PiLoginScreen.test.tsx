import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AuthProviders } from '@paichat/protocol';
import { installReact19Render } from '../../lib/ui';
import { PI_STEP_TIMEOUT_MS, type PiSdk } from '../../lib/piSdk';
import { fakeServer, refusal } from '../../test/fakeServer';
import { renderScreen, stubSession } from '../../test/render';
import { PiLoginScreen, REDIRECT_SHOWN_MS, SUCCESS_SHOWN_MS } from './PiLoginScreen';

const PI_BROWSER = 'Mozilla/5.0 (Linux; Android 13) Chrome/120 Mobile PiBrowser/1.7.0';
const CHROME = 'Mozilla/5.0 (Linux; Android 13) Chrome/120 Mobile';
const providers: AuthProviders = { pi: true, piSandbox: true, google: false, twitter: false };

beforeAll(() => installReact19Render());
afterEach(() => {
  vi.useRealTimers();
  delete window.Pi;
});

/** A stub SDK whose init and authenticate answer when the test says so. */
function stubPi(accessToken = 'pi-access') {
  let initDone = () => {};
  let authDone = () => {};
  const sdk: PiSdk = {
    init: vi.fn(() => new Promise<void>((resolve) => (initDone = resolve))),
    authenticate: vi.fn(
      () => new Promise<{ accessToken: string }>((resolve) => (authDone = () => resolve({ accessToken }))),
    ),
  };
  window.Pi = sdk;
  return { sdk, finishInit: () => act(() => initDone()), finishAuth: () => act(() => authDone()) };
}

const status = () => screen.getByText((_, el) => el?.hasAttribute('data-pi-status') ?? false);

describe('PiLoginScreen', () => {
  it('goes through initializing, authenticating, processing, success and redirecting to the Message tab', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const pi = stubPi();
    const server = fakeServer({
      getAuthProviders: () => providers,
      piLogin: () => ({ token: 'session-token' }),
    });
    const session = stubSession(null);
    const { nav } = renderScreen(<PiLoginScreen homeUrl="/home" loginUrl="/login" userAgent={PI_BROWSER} />, {
      session,
    });

    expect(await screen.findByText('Initializing Pi SDK…')).toBeTruthy();
    await vi.waitFor(() => expect(pi.sdk.init).toHaveBeenCalledWith({ version: '2.0', sandbox: true }));
    await pi.finishInit();
    expect(await screen.findByText('Authenticating…')).toBeTruthy();
    await pi.finishAuth();
    expect(await screen.findByText('Login successful')).toBeTruthy();
    expect(server.called('piLogin')[0]?.request).toEqual({ accessToken: 'pi-access' });
    expect(session.signIn).toHaveBeenCalledWith('session-token');
    await act(() => vi.advanceTimersByTimeAsync(SUCCESS_SHOWN_MS));
    expect(status().textContent).toBe('Redirecting…');
    expect(nav.reLaunch).not.toHaveBeenCalled();
    await act(() => vi.advanceTimersByTimeAsync(REDIRECT_SHOWN_MS));
    expect(nav.reLaunch).toHaveBeenCalledWith('/home');
  });

  it('shows processing while the server checks the token with Pi', async () => {
    const pi = stubPi();
    const server = fakeServer({ getAuthProviders: () => providers, piLogin: () => ({ token: 't' }) });
    // The server's answer to the token waits until the test lets it through.
    const answerAll = server.fetch.getMockImplementation();
    let letThrough = () => {};
    const held = new Promise<void>((resolve) => (letThrough = resolve));
    server.fetch.mockImplementation(async (url, init) => {
      if (url.startsWith('/auth/pi')) await held;
      return answerAll ? answerAll(url, init) : new Response(null, { status: 500 });
    });
    renderScreen(<PiLoginScreen homeUrl="/home" loginUrl="/login" userAgent={PI_BROWSER} />, {
      session: stubSession(null),
    });
    await vi.waitFor(() => expect(pi.sdk.init).toHaveBeenCalled());
    await pi.finishInit();
    await pi.finishAuth();
    expect(await screen.findByText('Processing…')).toBeTruthy();
    letThrough();
    expect(await screen.findByText('Login successful')).toBeTruthy();
  });

  it('says "PI authentication timeout" when the SDK does not answer in time, and Retry starts again', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const pi = stubPi();
    fakeServer({ getAuthProviders: () => providers, piLogin: () => ({ token: 't' }) });
    renderScreen(<PiLoginScreen homeUrl="/home" loginUrl="/login" userAgent={PI_BROWSER} />, {
      session: stubSession(null),
    });
    await vi.waitFor(() => expect(pi.sdk.init).toHaveBeenCalledOnce());
    await act(() => vi.advanceTimersByTimeAsync(PI_STEP_TIMEOUT_MS));
    expect((await screen.findByRole('alert')).textContent).toBe('PI authentication timeout');

    vi.useRealTimers();
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Initializing Pi SDK…')).toBeTruthy();
    await vi.waitFor(() => expect(pi.sdk.init).toHaveBeenCalledTimes(2));
  });

  it('says "Authentication failed, please retry" when Pi does not vouch for the token', async () => {
    const pi = stubPi('rejected');
    fakeServer({ getAuthProviders: () => providers, piLogin: () => refusal('piLoginFailed') });
    const session = stubSession(null);
    renderScreen(<PiLoginScreen homeUrl="/home" loginUrl="/login" userAgent={PI_BROWSER} />, { session });
    await vi.waitFor(() => expect(pi.sdk.init).toHaveBeenCalled());
    await pi.finishInit();
    await pi.finishAuth();
    expect((await screen.findByRole('alert')).textContent).toBe('Authentication failed, please retry');
    expect(session.signIn).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeTruthy();
  });

  it('does not start outside the Pi Browser: "Pi login unsupported in this environment"', async () => {
    const pi = stubPi();
    const server = fakeServer({ getAuthProviders: () => providers });
    const { nav } = renderScreen(<PiLoginScreen homeUrl="/home" loginUrl="/login" userAgent={CHROME} />);
    expect(screen.getByRole('alert').textContent).toBe('Pi login unsupported in this environment');
    expect(pi.sdk.init).not.toHaveBeenCalled();
    expect(server.calls).toEqual([]);
    await userEvent.click(screen.getByRole('button', { name: 'Log in with account and password' }));
    expect(nav.redirectTo).toHaveBeenCalledWith('/login');
  });
});
