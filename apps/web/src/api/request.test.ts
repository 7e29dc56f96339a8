import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getMyInfo, login, logout } from '@paichat/protocol';
import {
  ApiError,
  call,
  configureRequest,
  expireSession,
  fillPath,
  request,
  resetRequest,
  resetSessionExpiry,
} from './request';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const ok = (data: unknown) => json({ code: 200, msg: 'ok', data });

let fetchMock: ReturnType<typeof vi.fn<(url: string, init: RequestInit) => Promise<Response>>>;
let toast: ReturnType<typeof vi.fn<(message: string, position: 'center' | 'top') => void>>;
let onSessionExpired: ReturnType<typeof vi.fn<(reason: 'expired' | 'signedOut') => void>>;
let token: string | null;

beforeEach(() => {
  resetRequest();
  fetchMock = vi.fn<(url: string, init: RequestInit) => Promise<Response>>();
  vi.stubGlobal('fetch', fetchMock);
  toast = vi.fn();
  onSessionExpired = vi.fn();
  token = 'tok en';
  configureRequest({ toast, onSessionExpired, getToken: () => token, getLocale: () => 'zh-TW' });
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

const lastInit = () => fetchMock.mock.calls.at(-1)?.[1] ?? {};
const lastUrl = () => fetchMock.mock.calls.at(-1)?.[0] ?? '';
const headersOf = (init: RequestInit) => init.headers as Record<string, string>;

describe('request headers and bodies', () => {
  it('sends the spec headers with the stored token and the locale', async () => {
    fetchMock.mockResolvedValue(ok({ a: 1 }));
    await expect(request('/my/getInfo')).resolves.toEqual({ a: 1 });
    expect(headersOf(lastInit())).toMatchObject({
      Authorization: 'tok en',
      device: 'H5',
      version: '1.2.2',
      'Accept-Language': 'zh-TW',
      lang: 'zh-TW',
    });
    expect(lastInit().method).toBe('GET');
  });

  it('reads the token from the auth_token cookie by default, decoded', async () => {
    resetRequest();
    configureRequest({ toast, onSessionExpired });
    document.cookie = 'auth_token=abc%2Fdef%3D%3D; path=/';
    fetchMock.mockResolvedValue(ok(null));
    await request('/my/getInfo');
    expect(headersOf(lastInit()).Authorization).toBe('abc/def==');
    document.cookie = 'auth_token=; path=/; max-age=0';
  });

  it('leaves Authorization out without a token', async () => {
    token = null;
    fetchMock.mockResolvedValue(ok(null));
    await request('/auth/captcha');
    expect(headersOf(lastInit())).not.toHaveProperty('Authorization');
  });

  it('puts GET data in the query string', async () => {
    fetchMock.mockResolvedValue(ok(null));
    await request('/auth/checkChatNo', { data: { chatNo: 'a b&c', skip: undefined, n: 2 } });
    expect(lastUrl()).toBe('/auth/checkChatNo?chatNo=a+b%26c&n=2');
    expect(lastInit().body).toBeUndefined();
  });

  it('sends other methods as JSON', async () => {
    fetchMock.mockResolvedValue(ok({ token: 't' }));
    await request('/auth/login', { method: 'POST', data: { account: 'alice' } });
    expect(lastInit().body).toBe('{"account":"alice"}');
    expect(headersOf(lastInit())['Content-Type']).toBe('application/json');
  });

  it('sends an empty JSON object when a POST has no data', async () => {
    fetchMock.mockResolvedValue(ok(null));
    await request('/auth/logout', { method: 'POST' });
    expect(lastInit().body).toBe('{}');
  });

  it('sends FormData as is, with no content type', async () => {
    fetchMock.mockResolvedValue(ok(null));
    const form = new FormData();
    form.append('file', new Blob(['x']), 'x.txt');
    await request('/file/upload', { method: 'POST', data: form });
    expect(lastInit().body).toBe(form);
    expect(headersOf(lastInit())).not.toHaveProperty('Content-Type');
  });

  it('fills path parameters from the data', () => {
    expect(fillPath('/friend/info/{id}', { id: 'u/1', x: 1 })).toEqual({
      path: '/friend/info/u%2F1',
      data: { x: 1 },
    });
    expect(fillPath('/group/getInfo/:id', { id: 7 })).toEqual({ path: '/group/getInfo/7', data: {} });
    expect(fillPath('/plain', { id: 7 })).toEqual({ path: '/plain', data: { id: 7 } });
  });
});

describe('typed calls', () => {
  it('goes through the endpoint method and path and returns data', async () => {
    fetchMock.mockResolvedValue(ok({ token: 'new' }));
    const data = await call(login, { account: 'alice', password: 'password1' });
    expect(data.token).toBe('new');
    expect(lastUrl()).toBe('/auth/login');
    expect(lastInit().method).toBe('POST');
  });
});

describe('error catalogue', () => {
  it('HTTP 401: toasts login expired and ends the session', async () => {
    fetchMock.mockResolvedValue(json({ code: 401, msg: 'no' }, 401));
    const error = await call(getMyInfo, {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ kind: 'expired', status: 401 });
    expect(toast).toHaveBeenCalledExactlyOnceWith('Login expired, please login again', 'center');
    expect(onSessionExpired).toHaveBeenCalledExactlyOnceWith('expired');
  });

  it('body code 401 with HTTP 200: the same', async () => {
    fetchMock.mockResolvedValue(json({ code: 401, msg: 'expired', data: null }));
    await expect(request('/chat/getChatSessions', { method: 'POST' })).rejects.toMatchObject({
      kind: 'expired',
    });
    expect(toast).toHaveBeenCalledWith('Login expired, please login again', 'center');
    expect(onSessionExpired).toHaveBeenCalledTimes(1);
  });

  it('handles the expiry once for concurrent requests, and again after a new sign-in', async () => {
    fetchMock.mockImplementation(() => Promise.resolve(json({ code: 401, msg: 'no' }, 401)));
    const results = await Promise.allSettled([
      request('/my/getInfo'),
      request('/chat/x'),
      request('/friend/y'),
    ]);
    expect(results.every((r) => r.status === 'rejected')).toBe(true);
    expect(toast).toHaveBeenCalledTimes(1);
    expect(onSessionExpired).toHaveBeenCalledTimes(1);

    // Storage is cleared: a late request without a token does not repeat it.
    token = null;
    await request('/my/getInfo').catch(() => undefined);
    expect(onSessionExpired).toHaveBeenCalledTimes(1);

    resetSessionExpiry();
    token = 'second';
    await request('/my/getInfo').catch(() => undefined);
    expect(onSessionExpired).toHaveBeenCalledTimes(2);
  });

  it('shares the once-per-token guard with socket close codes', () => {
    expireSession('tok en', 'signedOut');
    expireSession('tok en', 'expired');
    expect(toast).toHaveBeenCalledExactlyOnceWith('You have been signed out, please login again', 'center');
    expect(onSessionExpired).toHaveBeenCalledExactlyOnceWith('signedOut');
  });

  const SESSION_PATHS = [
    '/my/getInfo',
    '/user/x',
    '/chat/getChatSessions',
    '/group/getInfo/1',
    '/friend/info/2',
  ];

  it.each(SESSION_PATHS)(
    'a dropped connection on %s says "Please check your network" and the session stays',
    async (path) => {
      fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
      await expect(request(path)).rejects.toMatchObject({
        kind: 'network',
        message: 'Please check your network',
      });
      expect(toast).toHaveBeenCalledExactlyOnceWith('Please check your network', 'center');
      expect(onSessionExpired).not.toHaveBeenCalled();
    },
  );

  it('a request the browser drops (the page unloading) leaves the session', async () => {
    fetchMock.mockRejectedValue(new DOMException('The user aborted a request.', 'AbortError'));
    await expect(request('/chat/getChatSessions', { method: 'POST' })).rejects.toMatchObject({
      kind: 'network',
    });
    expect(onSessionExpired).not.toHaveBeenCalled();
  });

  it('a network failure elsewhere says the same', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    await expect(request('/auth/captcha')).rejects.toMatchObject({
      kind: 'network',
      message: 'Please check your network',
    });
    expect(toast).toHaveBeenCalledExactlyOnceWith('Please check your network', 'center');
    expect(onSessionExpired).not.toHaveBeenCalled();
  });

  it('times out after 60 s as a network failure, and the session stays', async () => {
    vi.useFakeTimers();
    fetchMock.mockImplementation(
      (_url, init) =>
        new Promise((_resolve, reject) => {
          init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        }),
    );
    const pending = request('/my/getInfo').catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(59_999);
    expect(toast).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(await pending).toMatchObject({ kind: 'network' });
    expect(toast).toHaveBeenCalledExactlyOnceWith('Please check your network', 'center');
    expect(onSessionExpired).not.toHaveBeenCalled();
  });

  it('a caller abort is silent', async () => {
    fetchMock.mockImplementation(
      (_url, init) =>
        new Promise((_resolve, reject) => {
          init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        }),
    );
    const controller = new AbortController();
    const pending = request('/my/getInfo', { signal: controller.signal }).catch((e: unknown) => e);
    controller.abort();
    expect(await pending).toMatchObject({ kind: 'aborted' });
    expect(toast).not.toHaveBeenCalled();
    expect(onSessionExpired).not.toHaveBeenCalled();
  });

  it('a non-200 HTTP status toasts "Request failed"', async () => {
    fetchMock.mockResolvedValue(json({ code: 500, msg: 'boom' }, 500));
    await expect(request('/auth/login', { method: 'POST' })).rejects.toMatchObject({
      kind: 'http',
      status: 500,
    });
    expect(toast).toHaveBeenCalledExactlyOnceWith('Request failed', 'center');
  });

  it('a 4xx answered with an envelope (a validation failure) toasts the server message, not "Request failed"', async () => {
    fetchMock.mockResolvedValue(
      json({ code: 400, msg: 'content.text: text is required', data: null, err: 'validation' }, 400),
    );
    await expect(request('/chat/sendMsg', { method: 'POST' })).rejects.toMatchObject({
      kind: 'business',
      status: 400,
      code: 400,
      err: 'validation',
    });
    expect(toast).toHaveBeenCalledOnce();
    expect(toast.mock.calls[0]?.[0]).not.toBe('Request failed');
  });

  it('a 4xx without an envelope toasts "Request failed"', async () => {
    fetchMock.mockResolvedValue(new Response('<html>Not here</html>', { status: 404 }));
    await expect(request('/auth/captcha')).rejects.toMatchObject({ kind: 'http', status: 404 });
    expect(toast).toHaveBeenCalledExactlyOnceWith('Request failed', 'center');
  });

  it('a body that is not an envelope toasts "Request failed"', async () => {
    fetchMock.mockResolvedValue(new Response('<html>', { status: 200 }));
    await expect(request('/auth/captcha')).rejects.toMatchObject({ kind: 'http' });
    expect(toast).toHaveBeenCalledExactlyOnceWith('Request failed', 'center');
  });

  it('a body code other than 200 toasts the server message at the top', async () => {
    fetchMock.mockResolvedValue(json({ code: 409, msg: 'Name is on holiday', data: null }));
    await expect(request('/auth/register', { method: 'POST' })).rejects.toMatchObject({
      kind: 'business',
      code: 409,
      message: 'Name is on holiday',
    });
    expect(toast).toHaveBeenCalledExactlyOnceWith('Name is on holiday', 'top');
  });

  it('prefers the interface text for a known err id', async () => {
    fetchMock.mockResolvedValue(
      json({ code: 400, msg: 'bad credentials', data: null, err: 'badCredentials' }),
    );
    await expect(call(login, { account: 'alice', password: 'password1' })).rejects.toMatchObject({
      kind: 'business',
      err: 'badCredentials',
      message: 'Login failed, please check your credentials',
    });
    expect(toast).toHaveBeenCalledWith('Login failed, please check your credentials', 'top');
  });

  it('fills the interface text in with the values the refusal carries (how long a sign-in waits)', async () => {
    fetchMock.mockResolvedValue(
      json({ code: 429, msg: 'wait 42 s (server)', data: { seconds: 42 }, err: 'signInWait' }),
    );
    await expect(call(login, { account: 'alice', password: 'password1' })).rejects.toMatchObject({
      kind: 'business',
      err: 'signInWait',
      message: 'Too many failed sign-ins, please try again in 42 s',
    });
  });

  it('falls back to the server message for an unknown err id', async () => {
    fetchMock.mockResolvedValue(json({ code: 400, msg: 'Something new', data: null, err: 'brandNew' }));
    await expect(request('/x')).rejects.toMatchObject({ message: 'Something new' });
  });

  it('quiet calls neither toast nor end the session', async () => {
    fetchMock.mockResolvedValue(json({ code: 401, msg: 'no' }, 401));
    await expect(call(logout, {}, { quiet: true })).rejects.toMatchObject({ kind: 'expired' });
    fetchMock.mockRejectedValue(new TypeError('offline'));
    await expect(request('/auth/checkChatNo', { quiet: true })).rejects.toMatchObject({ kind: 'network' });
    expect(toast).not.toHaveBeenCalled();
    expect(onSessionExpired).not.toHaveBeenCalled();
  });
});
