/**
 * How the engine reaches the server: one `call(endpoint, input)`, injected, so tests run the
 * engine against an in-memory server exactly the way the app runs it against `api/request`.
 *
 * The app's transport calls quietly: the engine decides what a failure means (a failed send
 * shows in its row, a failed background refresh is retried on the next reconnect) instead of
 * a toast per request. A 401 still ends the session.
 */
import {
  CHAT_SESSIONS_PAGE_SIZE,
  Code,
  SOCKET_SEND_PATHS,
  getChatSessions,
  type Endpoint,
  type RequestOf,
  type ResponseOf,
  type SocketSendPath,
} from '@paichat/protocol';
import { ApiError, call, expireSession } from '../../api/request';
import { readAuthToken } from '../../lib/authToken';
import { t } from '../../i18n';
import type { SocketClient } from '../../realtime/SocketClient';

export interface ChatTransport {
  call<E extends Endpoint>(endpoint: E, input: RequestOf<E>): Promise<ResponseOf<E>>;
}

export const appTransport: ChatTransport = {
  async call(endpoint, input) {
    try {
      return await call(endpoint, input, { quiet: true });
    } catch (error) {
      if (failureOf(error).kind === 'expired') expireSession(readAuthToken(), 'expired');
      throw error;
    }
  },
};

/** What the socket-first transport needs of the socket client. */
export type FrameSender = Pick<SocketClient, 'sendFrame'>;

const isSocketSendPath = (path: string): path is SocketSendPath =>
  (SOCKET_SEND_PATHS as readonly string[]).includes(path);

/**
 * `transport`, except that a send goes over the open socket (`socket()`, null when there is none)
 * and takes its ack there when the server accepted the frame. Every other outcome goes over HTTP
 * with the same body and clientMsgId: no ack (socket not ready, closed, too slow) — the server
 * answers a repeat with the original, never stores it twice — and an ack refusing the frame
 * (validation, expired session, busy, too many in flight), so a refusal means to the engine
 * exactly what its HTTP answer means. A send's own verdict (not friends, blocked…) is an accepted
 * frame's data, as over HTTP.
 */
export function socketFirst(transport: ChatTransport, socket: () => FrameSender | null): ChatTransport {
  return {
    async call(endpoint, input) {
      const sender = socket();
      if (sender && isSocketSendPath(endpoint.path)) {
        const ack = await sender.sendFrame(endpoint.path, input);
        if (ack?.code === Code.OK) return ack.data as ResponseOf<typeof endpoint>;
      }
      return transport.call(endpoint, input);
    },
  };
}

export type SessionsPage = ResponseOf<typeof getChatSessions>;

/**
 * `transport`, except that its first call for the chat list's first page gets `answer`, asked
 * for earlier (store/chat/lifecycle.ts); if that failed, the call is made after all.
 */
export function answeringFirstPage(transport: ChatTransport, answer: Promise<SessionsPage>): ChatTransport {
  let pending: Promise<SessionsPage> | null = answer;
  return {
    call(endpoint, input) {
      const first = pending;
      const isFirstPage =
        (endpoint as Endpoint) === getChatSessions &&
        (input as RequestOf<typeof getChatSessions>).pageNum === 1 &&
        (input as RequestOf<typeof getChatSessions>).pageSize === CHAT_SESSIONS_PAGE_SIZE;
      if (!first || !isFirstPage) return transport.call(endpoint, input);
      pending = null;
      // The endpoint is getChatSessions, so its answer is this one's.
      return first.catch(() => transport.call(endpoint, input)) as Promise<ResponseOf<typeof endpoint>>;
    },
  };
}

export type FailureKind =
  /** No answer (offline, timeout): worth trying again later. */
  | 'network'
  /** The server refused the request (body code or 4xx): its message says why; retrying will not help. */
  | 'business'
  /** An answer that is not one (HTTP 5xx but 503, 408, 429, not JSON): try again later. */
  | 'http'
  /** The server is too busy to take it now (HTTP 503, with Retry-After): try again in a moment. */
  | 'busy'
  /** The session is over (401). */
  | 'expired';

export interface Failure {
  kind: FailureKind;
  /** What to tell the person (already in the interface language). */
  message: string;
}

/** What a failed call means to the engine. */
export function failureOf(error: unknown): Failure {
  if (error instanceof ApiError) {
    switch (error.kind) {
      case 'business':
      case 'http': {
        // A refusal (a body code, or a 4xx such as a validation failure) would be refused again.
        // 408, 429, 5xx and a 2xx that is not an envelope may pass later.
        const status = error.status ?? 200;
        if (status === 503) return { kind: 'busy', message: t('errors.serverBusy') };
        const retryable =
          status >= 500 || status === 408 || status === 429 || (error.kind === 'http' && status < 400);
        return retryable
          ? { kind: 'http', message: error.message }
          : { kind: 'business', message: error.message };
      }
      case 'expired':
        return { kind: 'expired', message: error.message };
      default:
        return { kind: 'network', message: error.message };
    }
  }
  // Not an answer of the request function (a bug, the browser's storage): worth another try
  // later, and its own text ("TypeError: …") means nothing to the person.
  return { kind: 'network', message: t('errors.internal') };
}
