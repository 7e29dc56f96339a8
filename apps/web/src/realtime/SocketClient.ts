/**
 * The realtime channel (spec section 4, protocol `socket.ts`).
 *
 * connect(token) opens `ws(s)://<origin>/ws?Authorization=<token>`. While open, a heartbeat
 * `{"type":"ping"}` goes out every 5 s and the server answers the text `ok`. Each ping sent
 * counts as missed until an `ok` arrives; when 5 have gone unanswered the socket is presumed
 * dead: it is dropped and reopened. After any close or error the client reopens in 2 s, unless:
 * - it was closed on purpose (close(): sign-out, session end), or
 * - the server closed with 4001 (token unknown or expired) or 4002 (token revoked, signed out
 *   elsewhere): reconnecting cannot help, the session is over and `onExpired` is told.
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
  RECONNECT_DELAY_MS,
  ServerPush,
  WS_PATH,
  type ClientFrame,
} from '@paichat/protocol';

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

export type SocketStatus = 'idle' | 'connecting' | 'open' | 'reconnecting' | 'closed' | 'expired';

export interface SocketSnapshot {
  status: SocketStatus;
  /** 4001 or 4002 once the server ended the session. */
  expiredCode: number | null;
}

export interface SocketClientOptions {
  WebSocket?: WebSocketConstructor;
  /** The socket URL for a token; defaults to the page's origin with ws(s). */
  url?: (token: string) => string;
  onExpired?: (code: number) => void;
  heartbeatMs?: number;
  maxMissed?: number;
  reconnectMs?: number;
}

export function defaultSocketUrl(token: string): string {
  return `${location.origin.replace(/^http/, 'ws')}${WS_PATH}?Authorization=${encodeURIComponent(token)}`;
}

const SESSION_OVER: ReadonlySet<number> = new Set([CloseCode.UNAUTHORIZED, CloseCode.SIGNED_OUT]);

export class SocketClient {
  private readonly WS: WebSocketConstructor;
  private readonly urlFor: (token: string) => string;
  private readonly onExpired: (code: number) => void;
  private readonly heartbeatMs: number;
  private readonly maxMissed: number;
  private readonly reconnectMs: number;

  private ws: WebSocketLike | null = null;
  private token: string | null = null;
  private heartbeat: ReturnType<typeof setInterval> | undefined;
  private reconnectTimer: ReturnType<typeof setTimeout> | undefined;
  private missed = 0;
  private snapshot: SocketSnapshot = { status: 'idle', expiredCode: null };
  private readonly listeners = new Set<() => void>();
  private readonly pushListeners = new Set<(push: ServerPush) => void>();

  constructor(options: SocketClientOptions = {}) {
    this.WS = options.WebSocket ?? (globalThis.WebSocket as unknown as WebSocketConstructor);
    this.urlFor = options.url ?? defaultSocketUrl;
    this.onExpired = options.onExpired ?? (() => undefined);
    this.heartbeatMs = options.heartbeatMs ?? HEARTBEAT_INTERVAL_MS;
    this.maxMissed = options.maxMissed ?? HEARTBEAT_MAX_MISSED;
    this.reconnectMs = options.reconnectMs ?? RECONNECT_DELAY_MS;
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
    const ws = new this.WS(this.urlFor(token));
    this.ws = ws;
    ws.onopen = () => this.handleOpen(ws);
    ws.onmessage = (event) => this.handleMessage(ws, event.data);
    ws.onerror = () => this.handleError(ws);
    ws.onclose = (event) => this.handleClose(ws, event.code);
  }

  /** Detach and close the current socket; its late events can no longer reach us. */
  private drop(): void {
    this.stopHeartbeat();
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

  private handleOpen(ws: WebSocketLike): void {
    if (ws !== this.ws) return;
    this.missed = 0;
    this.setStatus('open', null);
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
    const parsed = ServerPush.safeParse(raw);
    if (!parsed.success) {
      if (import.meta.env.DEV) console.warn('[socket] dropped an unknown frame', parsed.error.issues);
      return;
    }
    for (const listener of this.pushListeners) listener(parsed.data);
  }

  private handleError(ws: WebSocketLike): void {
    if (ws !== this.ws) return;
    // A close event normally follows; if it does not, the timer still brings the channel back.
    this.scheduleReconnect();
  }

  private handleClose(ws: WebSocketLike, code: number): void {
    if (ws !== this.ws) return;
    this.stopHeartbeat();
    this.ws = null;
    if (SESSION_OVER.has(code)) {
      this.clearReconnect();
      this.token = null;
      this.setStatus('expired', code);
      this.onExpired(code);
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
