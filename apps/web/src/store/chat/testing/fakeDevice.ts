/**
 * One device of a fake chat server's user: the transport the engine calls (which a test can
 * take offline, fail, or hold), the sends its socket carries (`frames`) and the queue of pushes
 * its socket received. Not for the app.
 */
import {
  groupSendMsg,
  sendMsg,
  type AckFrame,
  type Endpoint,
  type RequestOf,
  type ResponseOf,
  type ServerPush,
  type SocketSendPath,
} from '@paichat/protocol';
import { ApiError } from '../../../api/request';
import type { ChatTransport, FrameSender } from '../transport';
import type { FakeChatServer } from './fakeChatServer';

/**
 * How the next call of a device fails: before the server sees it, or after (answer lost), or
 * answered "busy" (HTTP 503) without the server taking it.
 */
export type CallFailure = 'request' | 'response' | 'busy';

/**
 * The socket's sends: 'ready' runs and acks them, 'notReady' takes none (no socket, or before
 * SOCKET_READY), 'ackLost' runs them but no ack comes back (it timed out, or the socket closed).
 */
export type FrameMode = 'ready' | 'notReady' | 'ackLost';

export class FakeDevice {
  /** Calls fail with a network error while false. */
  online = true;
  /** The socket: pushes are queued while true, lost while false. */
  connected = true;
  readonly pending: ServerPush[] = [];
  private failures: CallFailure[] = [];
  private holding = false;
  private held: (() => void)[] = [];
  readonly transport: ChatTransport;
  /** Every request this device made: [path, body]. */
  readonly calls: [string, unknown][] = [];
  frameMode: FrameMode = 'ready';
  /** The socket as the socket-first transport sees it. */
  readonly frames: FrameSender;
  /** Every send frame this device's socket carried: [path, body]. */
  readonly framesSent: [string, unknown][] = [];

  constructor(
    readonly userId: string,
    private readonly server: FakeChatServer,
  ) {
    this.transport = { call: (endpoint, input) => this.call(endpoint, input) };
    this.frames = { sendFrame: (path, body) => this.sendFrame(path, body) };
  }

  /** The next call fails this way (queued: several can be lined up). */
  failNext(how: CallFailure): void {
    this.failures.push(how);
  }

  clearFailures(): void {
    this.failures = [];
  }

  /** Answers wait until release() (the server has already acted). */
  hold(on: boolean): void {
    this.holding = on;
    if (!on) this.release();
  }

  release(): void {
    const held = this.held;
    this.held = [];
    for (const resolve of held) resolve();
  }

  get heldCount(): number {
    return this.held.length;
  }

  push(push: ServerPush): void {
    if (this.connected) this.pending.push(push);
  }

  /** Takes the next queued push (undefined when none). */
  take(): ServerPush | undefined {
    return this.pending.shift();
  }

  private async sendFrame(path: SocketSendPath, body: unknown): Promise<AckFrame | null> {
    if (this.frameMode === 'notReady') return null;
    this.framesSent.push([path, body]);
    await Promise.resolve();
    const endpoint: Endpoint = path === groupSendMsg.path ? groupSendMsg : sendMsg;
    const answer = this.server.handle(this.userId, endpoint, body);
    if (this.frameMode === 'ackLost') return null;
    const id = String(this.framesSent.length);
    return answer.ok
      ? { type: 'ack', id, code: 200, msg: 'ok', data: answer.data }
      : {
          type: 'ack',
          id,
          code: answer.code,
          msg: answer.msg,
          data: null,
          ...(answer.err && { err: answer.err }),
        };
  }

  private async call<E extends Endpoint>(endpoint: E, input: RequestOf<E>): Promise<ResponseOf<E>> {
    this.calls.push([endpoint.path, input]);
    await Promise.resolve();
    const failure = this.online ? this.failures.shift() : 'request';
    if (failure === 'request') throw new ApiError('network', 'Please check your network');
    if (failure === 'busy') throw new ApiError('http', 'Request failed', 503);
    const answer = this.server.handle(this.userId, endpoint, input);
    if (this.holding) await new Promise<void>((resolve) => this.held.push(resolve));
    if (failure === 'response' || !this.online) throw new ApiError('network', 'Please check your network');
    if (answer.ok) return answer.data as ResponseOf<E>;
    throw new ApiError('business', answer.msg, 200, answer.code, answer.err);
  }
}
