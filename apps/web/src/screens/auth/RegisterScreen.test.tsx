import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { configureRequest, resetRequest } from '../../api/request';
import { envelope, renderScreen, stubSession } from '../../test/render';
import { RegisterScreen } from './RegisterScreen';
import { localChatNoState } from './useChatNoCheck';

const session = stubSession(null);
const { signIn } = session;

let fetchMock: ReturnType<typeof vi.fn<(url: string, init: RequestInit) => Promise<Response>>>;
const taken = new Set(['alice']);
/** Whether the server uses verification codes; each code it issues has a new id. */
let codes = false;
let issued = 0;

beforeEach(() => {
  resetRequest();
  codes = false;
  issued = 0;
  fetchMock = vi.fn(async (url: string) => {
    if (url.startsWith('/auth/captcha')) {
      return envelope(
        codes
          ? { enabled: true, captchaId: `c${++issued}`, image: 'data:image/svg+xml,x' }
          : { enabled: false, captchaId: '', image: '' },
      );
    }
    if (url.startsWith('/auth/checkChatNo')) {
      const chatNo = new URL(url, 'http://x').searchParams.get('chatNo') ?? '';
      const free = !taken.has(chatNo);
      return envelope({ available: free, status: free ? 'available' : 'taken' });
    }
    if (url.startsWith('/auth/register')) return envelope({ token: 'new-token', userId: 'u1' });
    return envelope(null, 404);
  });
  configureRequest({ fetch: fetchMock, toast: vi.fn(), getToken: () => null });
  vi.mocked(signIn).mockClear();
});
afterEach(() => resetRequest());

const hint = () => screen.getByRole('status').textContent;

describe('localChatNoState', () => {
  it('judges what it can without the server', () => {
    expect(localChatNoState('')).toBe('idle');
    expect(localChatNoState('ab')).toBe('tooShort');
    expect(localChatNoState('a b')).toBe('invalid');
    expect(localChatNoState('名字abc')).toBe('invalid');
    expect(localChatNoState('a'.repeat(21))).toBe('tooLong');
    expect(localChatNoState('ok_id-1')).toBeNull();
  });
});

describe('RegisterScreen', () => {
  it('checks the chat ID live: too short, invalid, checking, available, in use', async () => {
    const user = userEvent.setup();
    renderScreen(<RegisterScreen homeUrl="/home" agreementUrl="/agreement" />, { session });
    const chatNo = await screen.findByRole('textbox', { name: 'Chat ID' });

    await user.type(chatNo, 'ab');
    expect(hint()).toBe('Too short: at least 3 characters');
    await user.type(chatNo, '!');
    expect(hint()).toBe('Invalid characters: only letters, numbers, underscore and hyphen');

    await user.clear(chatNo);
    await user.type(chatNo, 'bob_1');
    expect(hint()).toBe('Checking…');
    await waitFor(() => expect(hint()).toBe('This chat ID is available'));

    await user.clear(chatNo);
    await user.type(chatNo, 'alice');
    await waitFor(() => expect(hint()).toBe('This chat ID is already in use'));
    // Typing pauses are debounced: one check per settled value, none for the ones in between.
    const checked = fetchMock.mock.calls.map(([url]) => url).filter((u) => u.startsWith('/auth/checkChatNo'));
    expect(checked).toEqual(['/auth/checkChatNo?chatNo=bob_1', '/auth/checkChatNo?chatNo=alice']);
  });

  it('validates, then signs up and goes to the Message tab', async () => {
    const user = userEvent.setup();
    const { nav } = renderScreen(<RegisterScreen homeUrl="/home" agreementUrl="/agreement" />, { session });
    const alert = () => screen.getByRole('alert').textContent;
    const submit = await screen.findByRole('button', { name: 'Sign up' });

    await user.click(submit);
    expect(alert()).toBe('Please enter a chat ID');
    await user.type(screen.getByRole('textbox', { name: 'Chat ID' }), 'alice');
    await user.type(screen.getByRole('textbox', { name: 'Nickname' }), 'Alice');
    // The rule of a password change: 8 to 16 characters mixing digits and letters.
    await user.type(screen.getByLabelText('Password'), 'password');
    await user.click(screen.getByRole('checkbox', { name: /^I have read and agree/ }));
    await user.click(submit);
    expect(alert()).toBe('The new password must mix digits and letters');
    await user.type(screen.getByLabelText('Password'), '123456789');
    await user.click(submit);
    expect(alert()).toBe('The new password must be 8 to 16 characters');
    await user.clear(screen.getByLabelText('Password'));
    await user.type(screen.getByLabelText('Password'), 'password123');
    await user.type(screen.getByLabelText('Confirm password'), 'password124');
    await user.click(submit);
    expect(alert()).toBe('The two passwords do not match');

    await user.clear(screen.getByLabelText('Confirm password'));
    await user.type(screen.getByLabelText('Confirm password'), 'password123');
    await waitFor(() => expect(hint()).toBe('This chat ID is already in use'));
    await user.click(submit);
    expect(alert()).toBe('This chat ID is already in use');

    await user.clear(screen.getByRole('textbox', { name: 'Chat ID' }));
    await user.type(screen.getByRole('textbox', { name: 'Chat ID' }), 'alice_2');
    await user.click(submit);
    await waitFor(() => expect(nav.reLaunch).toHaveBeenCalledWith('/home'));
    expect(signIn).toHaveBeenCalledWith('new-token');
    const body = fetchMock.mock.calls.find(([url]) => url === '/auth/register')?.[1]?.body;
    expect(JSON.parse(String(body))).toEqual({
      chatNo: 'alice_2',
      nickName: 'Alice',
      password: 'password123',
    });
  });

  it('asks for the verification code when the server uses one, and loads a new one after a refusal', async () => {
    codes = true;
    const user = userEvent.setup();
    const serve = fetchMock.getMockImplementation()!;
    let refusals = 1;
    fetchMock.mockImplementation(async (url, init) => {
      if (url === '/auth/register' && refusals-- > 0)
        return envelope(null, 400, { msg: 'Wrong or expired verification code', err: 'captchaWrong' });
      return serve(url, init);
    });
    const { nav } = renderScreen(<RegisterScreen homeUrl="/home" agreementUrl="/agreement" />, { session });
    const alert = () => screen.getByRole('alert').textContent;
    await user.type(await screen.findByRole('textbox', { name: 'Chat ID' }), 'carol_1');
    await user.type(screen.getByRole('textbox', { name: 'Nickname' }), 'Carol');
    await user.type(screen.getByLabelText('Password'), 'password123');
    await user.type(screen.getByLabelText('Confirm password'), 'password123');
    await user.click(screen.getByRole('checkbox', { name: /^I have read and agree/ }));
    await user.click(screen.getByRole('button', { name: 'Sign up' }));
    expect(alert()).toBe('Please enter the verification code');

    const code = screen.getByRole('textbox', { name: 'Verification code' });
    await user.type(code, 'zzzz');
    await user.click(screen.getByRole('button', { name: 'Sign up' }));
    // The code was used up: the field is cleared and a new image loaded.
    await waitFor(() => expect(issued).toBe(2));
    expect(screen.getByRole<HTMLInputElement>('textbox', { name: 'Verification code' }).value).toBe('');
    await user.type(screen.getByRole('textbox', { name: 'Verification code' }), 'ab12');
    await user.click(screen.getByRole('button', { name: 'Sign up' }));
    await waitFor(() => expect(nav.reLaunch).toHaveBeenCalledWith('/home'));
    const bodies = fetchMock.mock.calls
      .filter(([url]) => url === '/auth/register')
      .map(([, init]) => JSON.parse(String(init.body)) as object);
    expect(bodies).toEqual([
      { chatNo: 'carol_1', nickName: 'Carol', password: 'password123', captchaId: 'c1', captchaCode: 'zzzz' },
      { chatNo: 'carol_1', nickName: 'Carol', password: 'password123', captchaId: 'c2', captchaCode: 'ab12' },
    ]);
  });

  it('never shows the code field when codes are off, not even while the setting loads', async () => {
    const serve = fetchMock.getMockImplementation()!;
    let answer: () => void = () => undefined;
    fetchMock.mockImplementation((url, init) =>
      url.startsWith('/auth/captcha')
        ? new Promise<Response>((resolve) => (answer = () => void serve(url, init).then(resolve)))
        : serve(url, init),
    );
    renderScreen(<RegisterScreen homeUrl="/home" agreementUrl="/agreement" />, { session });
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    expect(screen.queryByRole('textbox', { name: 'Verification code' })).toBeNull();

    answer();
    await screen.findByRole('textbox', { name: 'Chat ID' });
    expect(screen.queryByRole('textbox', { name: 'Verification code' })).toBeNull();
  });

  it('goes back to login', async () => {
    const user = userEvent.setup();
    const { nav } = renderScreen(<RegisterScreen homeUrl="/home" agreementUrl="/agreement" />, { session });
    await user.click(await screen.findByRole('button', { name: 'Back to login' }));
    expect(nav.navigateBack).toHaveBeenCalled();
  });
});
