import { NoticeType, noticePush } from '@paichat/protocol';
import { WebSocket } from 'ws';
import { pushToUsers } from '../../src/realtime/push';
import { seed } from './seed';
import type { TestServer } from './server';

export interface Closed {
  code: number;
  reason: string;
}

/** A real client socket that records what it receives, for tests to wait on. */
export class TestSocket {
  readonly ws: WebSocket;
  readonly received: string[] = [];
  readonly closed: Promise<Closed>;
  private readonly consumed = new Set<number>();
  private waiters: { match: (m: string) => boolean; resolve: (m: string) => void }[] = [];

  constructor(url: string, headers: Record<string, string> = {}) {
    this.ws = new WebSocket(url, { headers });
    this.ws.on('message', (data) => {
      const text = data.toString();
      const index = this.received.push(text) - 1;
      const waiter = this.waiters.find((w) => w.match(text));
      if (waiter) {
        this.consumed.add(index);
        this.waiters = this.waiters.filter((w) => w !== waiter);
        waiter.resolve(text);
      }
    });
    this.closed = new Promise((resolve) => {
      this.ws.on('close', (code, reason) => resolve({ code, reason: reason.toString() }));
    });
    this.ws.on('error', () => {});
  }

  /** A socket with exactly this `?Authorization=` value (or none): for attacks on the handshake. */
  static connect(wsUrl: string, authorization?: string, headers: Record<string, string> = {}): TestSocket {
    const url = new URL(wsUrl);
    if (authorization !== undefined) url.searchParams.set('Authorization', authorization);
    return new TestSocket(url.toString(), headers);
  }

  /** A socket of the session, opened as the app opens one: a fresh ticket, then the socket. */
  static async forSession(baseUrl: string, token: string): Promise<TestSocket> {
    return new TestSocket(await seed(baseUrl).socketUrl(token));
  }

  opened(): Promise<void> {
    if (this.ws.readyState === WebSocket.OPEN) return Promise.resolve();
    return new Promise((resolve, reject) => {
      this.ws.once('open', () => resolve());
      this.ws.once('error', reject);
    });
  }

  send(frame: unknown): void {
    this.ws.send(typeof frame === 'string' ? frame : JSON.stringify(frame));
  }

  /** Resolves with the first message not yet taken by an earlier call that matches. */
  next(match: (m: string) => boolean = () => true, timeoutMs = 5_000): Promise<string> {
    const index = this.received.findIndex((m, i) => !this.consumed.has(i) && match(m));
    if (index >= 0) {
      this.consumed.add(index);
      return Promise.resolve(this.received[index] as string);
    }
    return new Promise((resolve, reject) => {
      const waiter = {
        match,
        resolve: (m: string) => {
          clearTimeout(timer);
          resolve(m);
        },
      };
      const timer = setTimeout(() => {
        this.waiters = this.waiters.filter((w) => w !== waiter);
        reject(new Error(`no matching message within ${timeoutMs} ms`));
      }, timeoutMs);
      this.waiters.push(waiter);
    });
  }

  /** The next JSON push of this notice type. */
  async nextNotice(noticeType: string, timeoutMs?: number): Promise<Record<string, unknown>> {
    const text = await this.next((m) => m.includes(`"noticeType":"${noticeType}"`), timeoutMs);
    return JSON.parse(text) as Record<string, unknown>;
  }

  /** Waits for the server's first frame, SOCKET_READY: the socket is authenticated and registered. */
  async ready(): Promise<void> {
    await this.nextNotice(NoticeType.SOCKET_READY);
  }

  close(): void {
    this.ws.close();
  }
}

let barriers = 0;

/**
 * What the socket received after `mark` (a `socket.received.length` taken before the actions
 * under test), up to a barrier: a known push sent to `userId` after those actions. Pushes reach
 * a socket in the order they were published, so whatever the actions pushed has come before
 * the barrier; nothing is waited for by the clock.
 */
export async function receivedUpToBarrier(
  server: TestServer,
  socket: TestSocket,
  userId: string,
  mark: number,
): Promise<string[]> {
  barriers += 1;
  const tag = `barrier-${barriers}-${Date.now()}`;
  const push = noticePush(NoticeType.FRIEND_ACCEPTED, { userId, nickName: tag }, 0);
  await pushToUsers(server.running.app.paichat.bus, [userId], push);
  const barrier = await socket.next((m) => m.includes(tag));
  return socket.received.slice(mark, socket.received.indexOf(barrier));
}
