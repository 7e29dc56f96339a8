import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import { SessionContext } from '../../store/session';
import { stubSession } from '../../test/render';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { NavContext, type Nav } from '../../nav';
import { configureRequest, resetRequest } from '../../api/request';
import { firstTextsOnly } from '../../test/firstTexts';
import { LoginScreen } from './LoginScreen';

const session = stubSession(null);
const { signIn } = session;

const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200 });
const captcha = (enabled: boolean, id = 'c1') =>
  json({
    code: 200,
    msg: 'ok',
    data: { enabled, captchaId: enabled ? id : '', image: enabled ? 'data:image/svg+xml,x' : '' },
  });

function stubNav(): Nav {
  const ok = (to: string) => ({ ok: true as const, to, notFound: false });
  return {
    navigateTo: vi.fn(ok),
    redirectTo: vi.fn(ok),
    switchTab: vi.fn(ok),
    reLaunch: vi.fn(ok),
    navigateBack: vi.fn(() => ok('')),
  };
}

function renderLogin(nav = stubNav()) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <SessionContext value={session}>
        <NavContext value={nav}>
          <MemoryRouter>
            <LoginScreen
              header="brand"
              homeUrl="/home"
              signUpUrl="/signup"
              agreementUrl="/agreement"
              introUrl="/intro"
              piLoginUrl="/pi"
            />
          </MemoryRouter>
        </NavContext>
      </SessionContext>
    </QueryClientProvider>,
  );
  return nav;
}

let fetchMock: ReturnType<typeof vi.fn<(url: string, init: RequestInit) => Promise<Response>>>;
let toast: ReturnType<typeof vi.fn<(message: string, position: 'center' | 'top') => void>>;

beforeEach(() => {
  resetRequest();
  fetchMock = vi.fn<(url: string, init: RequestInit) => Promise<Response>>();
  toast = vi.fn();
  configureRequest({ fetch: fetchMock, toast, getToken: () => null, getLocale: () => 'en' });
  vi.mocked(signIn).mockClear();
});
afterEach(() => resetRequest());

const noOtherWays = { pi: false, piSandbox: false, google: false, twitter: false };
const calls = (path: string) => fetchMock.mock.calls.filter(([url]) => url.startsWith(path));

/** The form, once the server has said whether it wants a code (and which other ways it offers). */
const accountField = () => screen.findByRole('textbox', { name: 'Account' });

/** Fills in the form and submits it (the code too, when given). */
async function logInAs(user: ReturnType<typeof userEvent.setup>, code?: string) {
  await user.type(await accountField(), 'alice');
  await user.type(screen.getByLabelText('Password'), 'longenough1');
  if (code) await user.type(screen.getByRole('textbox', { name: 'Verification code' }), code);
  await user.click(screen.getByRole('checkbox', { name: /^I have read and agree/ }));
  await user.click(screen.getByRole('button', { name: 'Log in' }));
}

describe('LoginScreen', () => {
  it('draws with the texts bundled with the first page (the rest of English loads after)', async () => {
    fetchMock.mockImplementation(async () => captcha(true));
    const texts = firstTextsOnly();
    try {
      renderLogin();
      await waitFor(() =>
        expect(screen.getByRole('button', { name: 'Refresh verification code' })).toBeTruthy(),
      );
      expect(texts.missing).toEqual([]);
    } finally {
      texts.restore();
    }
  });

  it('shows the spec rule messages in order, then logs in', async () => {
    const user = userEvent.setup();
    fetchMock.mockImplementation(async (url) =>
      url.startsWith('/auth/captcha')
        ? captcha(true)
        : json({ code: 200, msg: 'ok', data: { token: 'tok' } }),
    );
    const nav = renderLogin();

    const account = await accountField();
    const password = screen.getByLabelText('Password');
    const code = screen.getByRole('textbox', { name: 'Verification code' });
    const agreement = screen.getByRole('checkbox', { name: /^I have read and agree/ });
    const logIn = screen.getByRole('button', { name: 'Log in' });
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Refresh verification code' })).toBeTruthy(),
    );
    const alertText = () => screen.getByRole('alert').textContent;

    await user.click(logIn);
    expect(alertText()).toBe('Please enter your account');

    await user.type(account, 'bad id!');
    await user.click(logIn);
    expect(alertText()).toBe('Please enter your password');

    await user.type(password, 'short');
    await user.click(logIn);
    expect(alertText()).toBe('The password must be 8 to 20 characters');

    await user.clear(password);
    await user.type(password, 'longenough1');
    await user.click(logIn);
    expect(alertText()).toBe('Please enter the verification code');

    await user.type(code, 'ab12');
    await user.click(logIn);
    expect(alertText()).toBe('Please read and accept the Privacy & Service Agreement first');

    await user.click(agreement);
    await user.click(logIn);
    expect(alertText()).toBe('Please enter a valid PipID');
    expect(calls('/auth/login')).toHaveLength(0);

    await user.clear(account);
    await user.type(account, 'alice_01');
    await user.click(logIn);
    await waitFor(() => expect(nav.reLaunch).toHaveBeenCalledWith('/home'));
    expect(screen.queryByRole('alert')).toBeNull();

    const [, init] = calls('/auth/login')[0] ?? [];
    expect(JSON.parse(String(init?.body))).toEqual({
      account: 'alice_01',
      password: 'longenough1',
      captchaId: 'c1',
      captchaCode: 'ab12',
    });
    expect(signIn).toHaveBeenCalledWith('tok');
  });

  it('says a wrong password under the fields, not over them, and refreshes the code', async () => {
    const user = userEvent.setup();
    let n = 0;
    fetchMock.mockImplementation(async (url) =>
      url.startsWith('/auth/captcha')
        ? captcha(true, `c${++n}`)
        : json({ code: 400, msg: 'wrong', data: null, err: 'badCredentials' }),
    );
    const nav = renderLogin();
    await logInAs(user, 'zzzz');

    const said = await screen.findByRole('alert');
    expect(said.textContent).toBe('Login failed, please check your credentials');
    // In the form, after every field: no toast at the top over the Account field.
    const form = screen.getByRole('button', { name: 'Log in' }).closest('form');
    expect(form?.contains(said)).toBe(true);
    for (const field of screen.getAllByRole('textbox'))
      expect(field.compareDocumentPosition(said)).toBe(Node.DOCUMENT_POSITION_FOLLOWING);
    expect(toast).not.toHaveBeenCalled();

    await waitFor(() => expect(calls('/auth/captcha')).toHaveLength(2));
    expect(screen.getByRole<HTMLInputElement>('textbox', { name: 'Verification code' }).value).toBe('');
    expect(nav.reLaunch).not.toHaveBeenCalled();
    expect(signIn).not.toHaveBeenCalled();
  });

  it('hides the code field and does not require it when the server has no captcha', async () => {
    const user = userEvent.setup();
    fetchMock.mockImplementation(async (url) =>
      url.startsWith('/auth/captcha')
        ? captcha(false)
        : json({ code: 200, msg: 'ok', data: { token: 't2' } }),
    );
    const nav = renderLogin();
    await user.type(await accountField(), 'alice');
    expect(screen.queryByRole('textbox', { name: 'Verification code' })).toBeNull();
    await user.type(screen.getByLabelText('Password'), 'longenough1');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(screen.getByRole('alert').textContent).toBe(
      'Please read and accept the Privacy & Service Agreement first',
    );

    await user.click(screen.getByRole('checkbox', { name: /^I have read and agree/ }));
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(nav.reLaunch).toHaveBeenCalledWith('/home'));
    const [, init] = calls('/auth/login')[0] ?? [];
    expect(JSON.parse(String(init?.body))).toEqual({ account: 'alice', password: 'longenough1' });
  });

  /** The server offers no other ways in, and says whether it wants a code only when told to. */
  function captchaOnHold(): (response: Response) => void {
    let answer: (response: Response) => void = () => undefined;
    fetchMock.mockImplementation((url) =>
      url.startsWith('/auth/captcha')
        ? new Promise<Response>((resolve) => (answer = resolve))
        : Promise.resolve(json({ code: 200, msg: 'ok', data: noOtherWays })),
    );
    return (response) => answer(response);
  }

  it('never shows the code field when codes are off, not even while the setting loads', async () => {
    const answer = captchaOnHold();
    renderLogin();
    await waitFor(() => expect(calls('/auth/captcha')).toHaveLength(1));
    expect(screen.queryByRole('textbox', { name: 'Verification code' })).toBeNull();

    answer(captcha(false));
    await accountField();
    expect(screen.queryByRole('textbox', { name: 'Verification code' })).toBeNull();
  });

  it('draws the form once, with the code field, when codes are on', async () => {
    const answer = captchaOnHold();
    renderLogin();
    await waitFor(() => expect(calls('/auth/captcha')).toHaveLength(1));
    // Nothing to push down yet: the form waits for the setting.
    expect(screen.queryByRole('textbox', { name: 'Account' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Log in' })).toBeNull();

    answer(captcha(true));
    await accountField();
    expect(screen.getByRole('textbox', { name: 'Verification code' })).toBeTruthy();
  });

  it('shows the code field once the server asks for one for this account, though it started hidden', async () => {
    const user = userEvent.setup();
    let asked = 0;
    fetchMock.mockImplementation(async (url, init) => {
      if (url.startsWith('/auth/captcha')) {
        // Asked with the account, the server issues a real code; without, it uses none.
        return url.includes('account=alice') ? captcha(true, `c${++asked}`) : captcha(false);
      }
      const body = JSON.parse(String(init.body)) as { captchaCode?: string };
      if (!body.captchaCode) {
        return json({
          code: 400,
          msg: 'Please enter the verification code',
          data: null,
          err: 'captchaRequired',
        });
      }
      return body.captchaCode === 'ab12'
        ? json({ code: 200, msg: 'ok', data: { token: 't3' } })
        : json({ code: 400, msg: 'wrong code', data: null, err: 'captchaWrong' });
    });
    const nav = renderLogin();
    await accountField();
    expect(screen.queryByRole('textbox', { name: 'Verification code' })).toBeNull();

    await logInAs(user);
    expect((await screen.findByRole('alert')).textContent).toBe('Please enter the verification code');
    const code = await screen.findByRole('textbox', { name: 'Verification code' });
    await waitFor(() => expect(calls('/auth/captcha?account=alice')).toHaveLength(1));

    // A wrong code: a new one is loaded.
    await user.type(code, 'zzzz');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(calls('/auth/captcha?account=alice')).toHaveLength(2));
    await user.type(screen.getByRole('textbox', { name: 'Verification code' }), 'ab12');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(nav.reLaunch).toHaveBeenCalledWith('/home'));
    const sent = calls('/auth/login').map(([, init]) => JSON.parse(String(init.body)) as object);
    expect(sent.at(-1)).toEqual({
      account: 'alice',
      password: 'longenough1',
      captchaId: 'c2',
      captchaCode: 'ab12',
    });
  });

  it('says how long to wait when the server makes sign-ins from this address wait, and keeps the form', async () => {
    const user = userEvent.setup();
    fetchMock.mockImplementation(async (url) =>
      url.startsWith('/auth/captcha')
        ? captcha(false)
        : json({
            code: 429,
            msg: 'Too many failed sign-ins (server text)',
            data: { seconds: 30 },
            err: 'signInWait',
          }),
    );
    const nav = renderLogin();
    await logInAs(user);

    expect((await screen.findByRole('alert')).textContent).toBe(
      'Too many failed sign-ins, please try again in 30 s',
    );
    expect(screen.getByRole<HTMLInputElement>('textbox', { name: 'Account' }).value).toBe('alice');
    expect(nav.reLaunch).not.toHaveBeenCalled();
  });

  it('shows and hides the password', async () => {
    const user = userEvent.setup();
    fetchMock.mockImplementation(async () => captcha(false));
    renderLogin();
    await accountField();
    const password = screen.getByLabelText<HTMLInputElement>('Password');
    expect(password.type).toBe('password');
    await user.click(screen.getByRole('button', { name: 'Show password' }));
    expect(password.type).toBe('text');
    await user.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(password.type).toBe('password');
  });

  it('links to sign-up, to the agreement and to what PaiChat is through navigateTo', async () => {
    const user = userEvent.setup();
    fetchMock.mockImplementation(async () => captcha(false));
    const nav = renderLogin();
    await user.click(await screen.findByRole('link', { name: 'Create account' }));
    expect(nav.navigateTo).toHaveBeenCalledWith('/signup');
    await user.click(screen.getByRole('link', { name: 'Privacy & Service Agreement' }));
    expect(nav.navigateTo).toHaveBeenCalledWith('/agreement');
    await user.click(screen.getByRole('link', { name: 'What is PaiChat?' }));
    expect(nav.navigateTo).toHaveBeenCalledWith('/intro');
    expect(screen.getByRole('heading', { name: 'PaiChat' })).toBeTruthy();
  });
});
