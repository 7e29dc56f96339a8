/**
 * The one request function (spec sections 7 and 8).
 *
 * Every call carries `Authorization` (the `auth_token` cookie, decoded), `device: H5`,
 * `version: 1.2.2` and the interface language; GET data goes in the query string, other methods
 * send JSON (FormData goes as is, with no content type, so the browser sets the boundary).
 * Requests time out after 60 s.
 *
 * Failures follow the spec's catalogue, and every one rejects with an ApiError whose message
 * is what the person was shown:
 * - HTTP 401 or body code 401: 'Login expired, please login again', then the session ends
 *   (socket closed, storage cleared, back to login). Once per token, not once per request
 *   that was in flight with it. Only the server ends a session: this answer (or the socket's
 *   close codes 4001/4002) is the only thing that does.
 * - a network failure (no answer, a reset connection, the timeout, a request the browser
 *   dropped as the page unloaded): 'Please check your network', on every path. The spec reads
 *   one on /my/, /user/, /chat/, /group/, /friend/ as an expired login; here it is not (a blip
 *   would sign the person out and delete their unsent messages: docs/architecture.md).
 * - another HTTP status: 'Request failed', except a 4xx answered with an envelope (a validation
 *   failure is HTTP 400), which is a refusal like the next case.
 * - body code other than 200: the server's message at the top, in the interface language when
 *   the answer names a known `err` (filled in with the values its `data` carries, such as how
 *   many seconds a sign-in must wait).
 */
import {
  APP_VERSION,
  Code,
  DEVICE,
  REQUEST_TIMEOUT_MS,
  type Endpoint,
  type ErrorId,
  type RequestOf,
  type ResponseOf,
} from '@paichat/protocol';
import { readAuthToken } from '../lib/authToken';
import { currentLocale, i18n, t } from '../i18n';
import { showToast } from '../lib/ui';
import type { UploadProgress } from './xhrFetch';

export type ApiErrorKind = 'network' | 'expired' | 'http' | 'business' | 'aborted';

export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    readonly kind: ApiErrorKind,
    message: string,
    /** HTTP status, when an answer arrived. */
    readonly status: number | null = null,
    /** Body code, when the body was an envelope. */
    readonly code: number | null = null,
    readonly err?: ErrorId,
  ) {
    super(message);
  }
}

export type ExpiryReason = 'expired' | 'signedOut';

export interface RequestDeps {
  /** `onUploadProgress` is given only when the caller asked to hear how the body goes up. */
  fetch: (url: string, init: RequestInit, onUploadProgress?: UploadProgress) => Promise<Response>;
  /** Prefix of every path; '' means the page's own origin (the dev server proxies). */
  baseUrl: string;
  getToken: () => string | null;
  getLocale: () => string;
  toast: (message: string, position: 'center' | 'top') => void;
  /** Close the socket, clear storage, go to login. Called once per expired token. */
  onSessionExpired: (reason: ExpiryReason) => void;
  timeoutMs: number;
}

const defaults: RequestDeps = {
  // Late-bound so a stubbed global fetch is seen. fetch cannot report an upload's progress;
  // what can is loaded when an upload first asks (it is no part of the first page).
  fetch: (url, init, onUploadProgress) =>
    onUploadProgress
      ? import('./xhrFetch').then((m) => m.xhrFetch(url, init, onUploadProgress))
      : globalThis.fetch(url, init),
  baseUrl: '',
  getToken: () => readAuthToken(),
  getLocale: () => currentLocale(),
  toast: (message, position) => showToast(message, { position }),
  onSessionExpired: () => undefined,
  timeoutMs: REQUEST_TIMEOUT_MS,
};

let deps: RequestDeps = defaults;

export function configureRequest(patch: Partial<RequestDeps>): void {
  deps = { ...deps, ...patch };
}

/** Back to the defaults (tests). */
export function resetRequest(): void {
  deps = defaults;
  expiredToken = undefined;
}

/**
 * The token whose expiry has been handled. Requests still in flight with it, or sent without a
 * token after the storage was cleared, do not toast and redirect a second time.
 */
let expiredToken: string | null | undefined;

/**
 * Ends the session once for a given token, with the spec's toast. The socket client reports
 * close codes 4001/4002 through here too, so a 401 and a close code arriving together toast once.
 */
export function expireSession(token: string | null, reason: ExpiryReason = 'expired'): void {
  const handled = expiredToken !== undefined && (token === expiredToken || token === null);
  if (handled) return;
  expiredToken = token;
  deps.toast(t(reason === 'signedOut' ? 'errors.signedOutElsewhere' : 'errors.loginExpired'), 'center');
  deps.onSessionExpired(reason);
}

/** A new sign-in: a later expiry of the new token is handled again. */
export function resetSessionExpiry(): void {
  expiredToken = undefined;
}

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RequestOptions {
  method?: HttpMethod;
  /** Query values for GET, the body otherwise. */
  data?: unknown;
  /** No toast and no session expiry: the caller handles every failure itself. */
  quiet?: boolean;
  signal?: AbortSignal;
  headers?: Record<string, string>;
  /** Told how much of the body has gone up (an upload's progress bar). */
  onUploadProgress?: UploadProgress;
}

function appendQuery(url: string, data: unknown): string {
  if (!data || typeof data !== 'object') return url;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(data)) {
    if (value === undefined || value === null) continue;
    const values: unknown[] = Array.isArray(value) ? value : [value];
    for (const v of values) params.append(key, typeof v === 'object' ? JSON.stringify(v) : String(v));
  }
  const query = params.toString();
  return query ? `${url}${url.includes('?') ? '&' : '?'}${query}` : url;
}

/** Fills `{id}` or `:id` segments from the data and drops those keys from it. */
export function fillPath(path: string, data: unknown): { path: string; data: unknown } {
  if (!data || typeof data !== 'object' || data instanceof FormData || !/[{:]/.test(path))
    return { path, data };
  const rest: Record<string, unknown> = { ...(data as Record<string, unknown>) };
  const filled = path.replace(/\{(\w+)\}|:(\w+)/g, (match, braced?: string, colon?: string) => {
    const key = braced ?? colon ?? '';
    if (!(key in rest)) return match;
    const value = rest[key];
    delete rest[key];
    return encodeURIComponent(String(value));
  });
  return { path: filled, data: rest };
}

function isEnvelope(body: unknown): body is { code: number; msg?: unknown; data?: unknown; err?: unknown } {
  return !!body && typeof body === 'object' && typeof (body as { code?: unknown }).code === 'number';
}

/** The refusal's text in the interface language, filled in with its `data` (signInWait's seconds). */
function businessMessage(msg: unknown, err: unknown, data: unknown): string {
  if (typeof err === 'string') {
    const key = `errors.${err}`;
    const values = data && typeof data === 'object' ? (data as Record<string, unknown>) : {};
    if (i18n.exists(key)) return i18n.t(key as 'errors.internal', values);
  }
  return typeof msg === 'string' && msg ? msg : t('errors.requestFailed');
}

export async function request<T = unknown>(rawPath: string, options: RequestOptions = {}): Promise<T> {
  const method = options.method ?? 'GET';
  const { path, data } = fillPath(rawPath, options.data);
  const token = deps.getToken();
  const quiet = options.quiet === true;
  const locale = deps.getLocale();

  const headers: Record<string, string> = {
    device: DEVICE,
    version: APP_VERSION,
    'Accept-Language': locale,
    lang: locale,
    ...options.headers,
  };
  if (token) headers.Authorization = token;

  let url = deps.baseUrl + path;
  let body: BodyInit | undefined;
  if (method === 'GET') {
    url = appendQuery(url, data);
  } else if (data instanceof FormData) {
    body = data;
  } else {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(data ?? {});
  }

  const fail = (kind: ApiErrorKind, message: string, extra: Partial<ApiError> = {}): never => {
    throw new ApiError(kind, message, extra.status ?? null, extra.code ?? null, extra.err);
  };
  const expired = (status: number | null, code: number | null): never => {
    if (!quiet) expireSession(token, 'expired');
    return fail('expired', t('errors.loginExpired'), { status, code });
  };
  const toast = (message: string, position: 'center' | 'top' = 'center') => {
    if (!quiet) deps.toast(message, position);
  };

  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), deps.timeoutMs);
  const onCallerAbort = () => controller.abort();
  options.signal?.addEventListener('abort', onCallerAbort, { once: true });

  let response: Response;
  try {
    const init = { method, headers, body, signal: controller.signal };
    response = await deps.fetch(url, init, options.onUploadProgress);
  } catch {
    if (options.signal?.aborted) return fail('aborted', 'aborted');
    toast(t('errors.network'));
    return fail('network', t('errors.network'));
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', onCallerAbort);
  }

  if (response.status === Code.UNAUTHORIZED) return expired(response.status, null);
  // A 4xx with an envelope is the server refusing this request (validation answers HTTP 400):
  // its message says why. Anything else that is not a 2xx is "Request failed".
  const refusal = response.status >= 400 && response.status < 500;
  if (!response.ok && !refusal) {
    toast(t('errors.requestFailed'));
    return fail('http', t('errors.requestFailed'), { status: response.status });
  }

  let envelope: unknown;
  try {
    envelope = await response.json();
  } catch {
    toast(t('errors.requestFailed'));
    return fail('http', t('errors.requestFailed'), { status: response.status });
  }
  if (!isEnvelope(envelope) || (refusal && envelope.code === Code.OK)) {
    toast(t('errors.requestFailed'));
    return fail('http', t('errors.requestFailed'), { status: response.status });
  }
  if (envelope.code === Code.UNAUTHORIZED) return expired(response.status, envelope.code);
  if (envelope.code !== Code.OK) {
    const message = businessMessage(envelope.msg, envelope.err, envelope.data);
    toast(message, 'top');
    return fail('business', message, {
      status: response.status,
      code: envelope.code,
      err: typeof envelope.err === 'string' ? (envelope.err as ErrorId) : undefined,
    });
  }
  return envelope.data as T;
}

/** A typed call through a protocol endpoint: `call(endpoints.login, body)` gives `data`. */
export function call<E extends Endpoint>(
  endpoint: E,
  data: RequestOf<E>,
  options: Omit<RequestOptions, 'method' | 'data'> = {},
): Promise<ResponseOf<E>> {
  return request<ResponseOf<E>>(endpoint.path, { ...options, method: endpoint.method, data });
}
