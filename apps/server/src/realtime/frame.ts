/**
 * A push framed once for all its recipients. `socket.send` frames its data again for every
 * socket and writes header and payload as two buffers (cork, writev); a group message to 1,000
 * members would pay that 1,000 times. Here the whole WebSocket text frame is built once and each
 * socket gets it in one write, through ws's own Sender (8.x) so its bookkeeping stays right.
 */
import type { Socket } from 'node:net';
import * as ws from 'ws';
import type { WebSocket } from 'ws';

/** ws's public `Sender` (exported by its ES module; its type definitions do not declare it). */
const { Sender } = ws as unknown as {
  Sender: {
    frame(
      data: Buffer,
      options: { fin: boolean; opcode: number; mask: boolean; readOnly: boolean; rsv1: boolean },
    ): Buffer[];
  };
};

/** What of a socket's ws Sender the write uses: its queue state and its raw frame write. */
interface SenderState {
  /** 0 while nothing (a compression, a blob) waits ahead of new frames. */
  _state: number;
  _queue: unknown[];
  sendFrame(list: Buffer[]): void;
}

const TEXT = 1;

/** A whole unmasked, unfragmented text frame (server to client) around `payload`, as one buffer. */
export function textFrame(payload: Buffer): Buffer {
  return Buffer.concat(
    Sender.frame(payload, { fin: true, opcode: TEXT, mask: false, readOnly: true, rsv1: false }),
  );
}

/**
 * Writes `frame` (textFrame of `payload`) to an open socket. When ws still holds frames to send
 * first (one being compressed), it goes through `send` so it keeps its place after them.
 */
export function writeFrame(socket: WebSocket, frame: Buffer, payload: Buffer): void {
  const sender = (socket as unknown as { _sender: SenderState })._sender;
  if (sender._state === 0 && sender._queue.length === 0) sender.sendFrame([frame]);
  else socket.send(payload, { binary: false });
}

/**
 * Returns `hold(socket)`: what is written to the socket from now until the end of this turn of
 * the event loop (its check phase, setImmediate) leaves in one writev. Each write to a TCP socket
 * is a system call, the largest cost of a fan-out (over half the server's time, a group at
 * 25,000 deliveries/s); the pushes released together (one disk flush's, one batch's) thus cost a
 * socket one call, not one each. Every write meanwhile (an ack, a heartbeat's answer) is held in
 * the same queue, so nothing overtakes anything.
 */
export function turnCorker(): (socket: WebSocket) => void {
  const held: Socket[] = [];
  const release = () => {
    for (const tcp of held.splice(0)) tcp.uncork();
  };
  return (socket) => {
    const tcp = (socket as unknown as { _socket: Socket })._socket;
    if (tcp.writableCorked > 0) return;
    tcp.cork();
    if (held.push(tcp) === 1) setImmediate(release);
  };
}
