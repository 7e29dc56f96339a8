/**
 * The realtime channel (spec section 4, protocol `socket.ts`).
 *
 * connect(token) first asks for a fresh single-use ticket (`ticket`, POST /auth/socketTicket),
 * then opens `ws(s)://<origin>/ws?Authorization=<ticket>`: the session token itself never goes
 * in a URL. The status turns 'open' only with the server's first frame, SOCKET_READY (the socket
 * is registered, so catching up from then on misses nothing; pings may go out before it).
 * While open, a heartbeat `{"type":"ping"}` goes out every 5 s and the server answers the text
 * `ok`. Each ping sent counts as missed until an `ok` arrives; when 5 have gone unanswered the
 * socket is presumed dead: it is dropped and reopened. After any close or error, or a ticket
 * that could not be had, the client tries again in 2 s (with a new ticket), unless:
 * - it was closed on purpose (close(): sign-out, session end), or
 * - the server closed with 4001 (ticket refused: the session is unknown or expired) or 4002
 *   (token revoked, signed out elsewhere): reconnecting cannot help, the session is over and
 *   `onExpired` is told, or
 * - the server closed with 4009: the account opened more sockets than allowed and this was
 *   its oldest. Reconnecting at once would close another of the person's tabs in turn, so the
 *   status is 'suspended' until the person comes back to this page (`onPageReturn`).
 *
 * Sends (`sendFrame`, protocol `SendFrame`) go over the socket only while it is open (after
 * SOCKET_READY); each resolves with its `ack`, or with null when there is none to wait for: the
 * socket is not open, closes first, or the ack takes longer than `ackTimeoutMs`. The caller then
 * sends over HTTP with the same clientMsgId, and the server answers a repeat with the original.
 *
 * Other frames are JSON server pushes (MSG or NOTICE); valid ones go to `onPush` listeners,
 * anything else is dropped. React reads the status through subscribe/getSnapshot
 * (useSyncExternalStore); the class knows nothing of React.
 */
import {
  CloseCode,
  HEARTBEAT_INTERVAL_MS,
  HEARTBEAT_MAX_MISSED,
  HEARTBEAT_REPLY,
  NoticeType,
  RECONNECT_DELAY_MS,
  WS_PATH,
  type AckFrame,
  type ClientFrame,
  type SendFrame,
  type TypingFrame,
  type ServerPush,
  type SocketSendPath,
} from '@paichat/protocol';
import { lazyModule } from '../lib/lazyModule';

/**
 * The frame schemas (and zod under them) are not on the first page's path (the bundle budget):
 * they load with the first connection, alongside the ticket, and are at hand before any frame arrives.
 */
const frameSchemas = lazyModule(() =>
  import('@paichat/protocol').then((m) => ({ push: m.ServerPush, ack: m.AckFrame })),
);

/** How long a send waits for its ack before its caller sends it over HTTP instead. */
export const SOCKET_ACK_TIMEOUT_MS = 10_000;

/** The part of the browser WebSocket the client uses; tests inject their own. */
export interface WebSocketLike {
  readonly readyState: number;
  onopen: ((event: unknown) => void) | null;
  onclose: ((event: { code: number; reason?: string }) => void) | null;
  onerror: ((event: unknown) => void) | null;
  onmessage: ((event: { data: unknown }) => void) | null;
  send(data: string): void;
  close(code?: number, reason?: string): void;
}
export type WebSocketConstructor = new (url: string) => WebSocketLike;

const OPEN = 1;
const NORMAL_CLOSURE = 1000;

export type SocketStatus =
  | 'idle'
  | 'connecting'
  | 'open'
  | 'reconnecting'
  /** Closed for the account's socket limit: back when the person returns to the page. */
  | 'suspended'
  | 'closed'
  | 'expired';

export interface SocketSnapshot {
  status: SocketStatus;
  /** 4001 or 4002 once the server ended the session. */
  expiredCode: number | null;
}

export interface SocketClientOptions {
  WebSocket?: WebSocketConstructor;
  /** A fresh single-use ticket for the session of this token (`POST /auth/socketTicket`). */
  ticket: (token: string) => Promise<string>;
  /** The socket URL for a ticket; defaults to the page's origin with ws(s). */
  url?: (ticket: string) => string;
  onExpired?: (code: number) => void;
  /**
   * What the first connection waits for, its status 'connecting' meanwhile (the app: its first
   * screen drawn, so the schema's code and the handshake do not delay that screen on a slow line).
   */
  notBefore?: Promise<void>;
  /** Calls `resume` whenever the person comes back to this page; answers how to stop listening. */
  onPageReturn?: (resume: () => void) => () => void;
  heartbeatMs?: number;
  maxMissed?: number;
  reconnectMs?: number;
  ackTimeoutMs?: number;
}

export function defaultSocketUrl(ticket: string): string {
  return `${location.origin.replace(/^http/, 'ws')}${WS_PATH}?Authorization=${encodeURIComponent(ticket)}`;
}

/** The page became visible again, or got the focus back. */
export function onPageReturn(resume: () => void): () => void {
  if (typeof document === 'undefined') return () => undefined;
  const onVisibility = () => {
    if (document.visibilityState === 'visible') resume();
  };
  document.addEventListener('visibilitychange', onVisibility);
  window.addEventListener('focus', resume);
  return () => {
    document.removeEventListener('visibilitychange', onVisibility);
    window.removeEventListener('focus', resume);
  };
}

const SESSION_OVER: ReadonlySet<number> = new Set([CloseCode.UNAUTHORIZED, CloseCode.SIGNED_OUT]);

export class SocketClient {
  private readonly WS: WebSocketConstructor;
  private readonly ticketFor: (token: string) => Promise<string>;
  private readonly urlFor: (ticket: string) => string;
  private readonly watchPageReturn: (resume: () => void) => () => void;
  private readonly onExpired: (code: number) => void;
  private readonly notBefore: Promise<void>;
  private readonly heartbeatMs: number;
  private readonly maxMissed: number;
  private readonly reconnectMs: number;
  private readonly ackTimeoutMs: number;

  private ws: WebSocketLike | null = null;
  private token: string | null = null;
  private heartbeat: ReturnType<typeof setInterval> | undefined;
  private reconnectTimer: ReturnType<typeof setTimeout> | undefined;
  /** Counts attempts, so a ticket that arrives for an attempt given up since opens nothing. */
  private attempt = 0;
  private stopWatchingPage: (() => void) | null = null;
  private missed = 0;
  private snapshot: SocketSnapshot = { status: 'idle', expiredCode: null };
  private readonly listeners = new Set<() => void>();
  private readonly pushListeners = new Set<(push: ServerPush) => void>();
  /** Sends awaiting their ack on the current socket, by frame id. */
  private readonly awaitingAck = new Map<string, (ack: AckFrame | null) => void>();
  private nextFrameId = 0;

  constructor(options: SocketClientOptions) {
    this.WS = options.WebSocket ?? (globalThis.WebSocket as unknown as WebSocketConstructor);
    this.ticketFor = options.ticket;
    this.urlFor = options.url ?? defaultSocketUrl;
    this.watchPageReturn = options.onPageReturn ?? onPageReturn;
    this.onExpired = options.onExpired ?? (() => undefined);
    this.notBefore = options.notBefore ?? Promise.resolve();
    this.heartbeatMs = options.heartbeatMs ?? HEARTBEAT_INTERVAL_MS;
    this.maxMissed = options.maxMissed ?? HEARTBEAT_MAX_MISSED;
    this.reconnectMs = options.reconnectMs ?? RECONNECT_DELAY_MS;
    this.ackTimeoutMs = options.ackTimeoutMs ?? SOCKET_ACK_TIMEOUT_MS;
  }

  // ── React binding ──────────────────────────────────────────────────────────
  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getSnapshot = (): SocketSnapshot => this.snapshot;

  /** Server pushes (MSG and NOTICE), parsed and validated. */
  onPush(listener: (push: ServerPush) => void): () => void {
    this.pushListeners.add(listener);
    return () => this.pushListeners.delete(listener);
  }

  /** Heartbeats sent since the last `ok` (exposed for tests and diagnostics). */
  get missedHeartbeats(): number {
    return this.missed;
  }

  // ── Commands ───────────────────────────────────────────────────────────────
  /** Open the channel for this token; a no-op when it is already open or opening for it. */
  connect(token: string): void {
    const live = this.snapshot.status === 'open' || this.snapshot.status === 'connecting';
    if (live && token === this.token) return;
    this.token = token;
    this.open();
  }

  /**
   * Sends `body` to `path` over the open socket: its ack, or null when there is none to wait
   * for (not open, closed first, or no ack within `ackTimeoutMs`): then send it over HTTP.
   */
  sendFrame(path: SocketSendPath, body: unknown): Promise<AckFrame | null> {
    const ws = this.ws;
    if (!ws || ws.readyState !== OPEN || this.snapshot.status !== 'open') return Promise.resolve(null);
    const id = String((this.nextFrameId += 1));
    return new Promise((resolve) => {
      const timer = setTimeout(() => settle(null), this.ackTimeoutMs);
      const settle = (ack: AckFrame | null) => {
        clearTimeout(timer);
        this.awaitingAck.delete(id);
        resolve(ack);
      };
      this.awaitingAck.set(id, settle);
      ws.send(JSON.stringify({ type: 'send', id, path, body } satisfies SendFrame));
    });
  }

  /** A frame that is never answered (typing): sent while the socket is open, else dropped. */
  signal(frame: TypingFrame): void {
    if (this.ws?.readyState === OPEN && this.snapshot.status === 'open') this.ws.send(JSON.stringify(frame));
  }

  /** Close on purpose: no reconnect until connect() is called again. */
  close(): void {
    this.token = null;
    this.clearReconnect();
    this.drop();
    this.setStatus('closed', null);
  }

  // ── Internals ──────────────────────────────────────────────────────────────
  private open(): void {
    this.clearReconnect();
    this.drop();
    const token = this.token;
    if (token === null) return;
    this.setStatus('connecting', null);
    const attempt = this.attempt;
    const current = () => attempt === this.attempt && token === this.token;
    this.notBefore
      .then(() => Promise.all([this.ticketFor(token), frameSchemas.load()]))
      .then(
        ([ticket]) => {
          if (current()) this.openWith(ticket);
        },
        () => {
          // Offline or the server is away: try again (a 401 has ended the session instead).
          if (current()) this.scheduleReconnect();
        },
      );
  }

  private openWith(ticket: string): void {
    const ws = new this.WS(this.urlFor(ticket));
    this.ws = ws;
    ws.onopen = () => this.handleOpen(ws);
    ws.onmessage = (event) => this.handleMessage(ws, event.data);
    ws.onerror = () => this.handleError(ws);
    ws.onclose = (event) => this.handleClose(ws, event.code);
  }

  /** Detach and close the current socket; its late events (and a ticket on its way) can no longer reach us. */
  private drop(): void {
    this.attempt += 1;
    this.stopPageWatch();
    this.stopHeartbeat();
    this.abandonSends();
    const ws = this.ws;
    this.ws = null;
    if (!ws) return;
    ws.onopen = ws.onmessage = ws.onerror = ws.onclose = null;
    try {
      ws.close(NORMAL_CLOSURE);
    } catch {
      // Closing a socket that never opened can throw in some browsers; it is gone either way.
    }
  }

  /** The handshake is done; the status turns 'open' with SOCKET_READY (handleMessage). */
  private handleOpen(ws: WebSocketLike): void {
    if (ws !== this.ws) return;
    this.missed = 0;
    this.stopHeartbeat();
    this.heartbeat = setInterval(() => this.beat(), this.heartbeatMs);
  }

  private beat(): void {
    const ws = this.ws;
    if (!ws) return;
    if (this.missed >= this.maxMissed) {
      // Five pings without an answer: the connection is dead even if no close event came.
      this.drop();
      this.scheduleReconnect();
      return;
    }
    this.missed += 1;
    if (ws.readyState === OPEN) ws.send(JSON.stringify({ type: 'ping' } satisfies ClientFrame));
  }

  private handleMessage(ws: WebSocketLike, data: unknown): void {
    if (ws !== this.ws) return;
    if (data === HEARTBEAT_REPLY) {
      this.missed = 0;
      return;
    }
    if (typeof data !== 'string') return;
    let raw: unknown;
    try {
      raw = JSON.parse(data);
    } catch {
      return;
    }
    // Loaded before the socket was opened (open()), so never null here.
    const schemas = frameSchemas.current();
    if (!schemas) return;
    const ack = schemas.ack.safeParse(raw);
    if (ack.success) {
      // An ack after its send gave up waiting is dropped: that send went over HTTP.
      this.awaitingAck.get(ack.data.id)?.(ack.data);
      return;
    }
    const parsed = schemas.push.safeParse(raw);
    if (!parsed.success) {
      if (import.meta.env.DEV) console.warn('[socket] dropped an unknown frame', parsed.error.issues);
      return;
    }
    const push = parsed.data;
    if (push.pushType === 'NOTICE' && push.noticeType === NoticeType.SOCKET_READY) {
      this.setStatus('open', null);
      return;
    }
    for (const listener of this.pushListeners) listener(push);
  }

  private handleError(ws: WebSocketLike): void {
    if (ws !== this.ws) return;
    // A close event normally follows; if it does not, the timer still brings the channel back.
    this.scheduleReconnect();
  }

  private handleClose(ws: WebSocketLike, code: number): void {
    if (ws !== this.ws) return;
    this.stopHeartbeat();
    this.abandonSends();
    this.ws = null;
    if (SESSION_OVER.has(code)) {
      this.clearReconnect();
      this.token = null;
      this.setStatus('expired', code);
      this.onExpired(code);
      return;
    }
    if (code === CloseCode.SOCKET_LIMIT) {
      this.clearReconnect();
      this.setStatus('suspended', null);
      this.stopWatchingPage = this.watchPageReturn(() => {
        if (this.snapshot.status === 'suspended') this.open();
      });
      return;
    }
    this.scheduleReconnect();
  }

  private scheduleReconnect(): void {
    if (this.token === null || this.reconnectTimer !== undefined) return;
    this.setStatus('reconnecting', null);
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = undefined;
      this.open();
    }, this.reconnectMs);
  }

  private clearReconnect(): void {
    if (this.reconnectTimer !== undefined) clearTimeout(this.reconnectTimer);
    this.reconnectTimer = undefined;
  }

  private stopPageWatch(): void {
    this.stopWatchingPage?.();
    this.stopWatchingPage = null;
  }

  /** The socket is gone: its sends will get no ack, so their callers send them over HTTP. */
  private abandonSends(): void {
    for (const settle of [...this.awaitingAck.values()]) settle(null);
  }

  private stopHeartbeat(): void {
    if (this.heartbeat !== undefined) clearInterval(this.heartbeat);
    this.heartbeat = undefined;
  }

  private setStatus(status: SocketStatus, expiredCode: number | null): void {
    if (this.snapshot.status === status && this.snapshot.expiredCode === expiredCode) return;
    this.snapshot = { status, expiredCode };
    for (const listener of this.listeners) listener();
  }
}
