import {
  ClientFrame,
  HEARTBEAT_INTERVAL_MS,
  HEARTBEAT_MAX_MISSED,
  MAX_CLIENT_FRAME_BYTES,
} from '@paichat/protocol';
import type { Connection, ConnectionRegistry } from './registry';

/**
 * A client pings every 5 s and reconnects after 5 missed answers. The server drops a socket
 * that has sent nothing for a little longer than that (its peer is gone without a FIN, e.g. a
 * phone that lost signal), so the registry does not fill with dead connections.
 */
export const DEFAULT_IDLE_TIMEOUT_MS = HEARTBEAT_INTERVAL_MS * (HEARTBEAT_MAX_MISSED + 1);

/** Parses a client frame; anything that is not a valid frame is `null` (and ignored). */
export function parseClientFrame(data: unknown): ClientFrame | null {
  if (typeof data !== 'string' || data.length > MAX_CLIENT_FRAME_BYTES) return null;
  let json: unknown;
  try {
    json = JSON.parse(data);
  } catch {
    return null;
  }
  const frame = ClientFrame.safeParse(json);
  return frame.success ? frame.data : null;
}

export interface SweepOptions {
  idleTimeoutMs: number;
  /** The wall clock token expiry is measured by. */
  now: () => number;
  /** A silent socket was dropped. */
  onDrop: (userId: string) => void;
  /** A socket's token expired (it is already out of the registry): close it so the client signs in again. */
  onExpired: (connection: Connection) => void;
}

/**
 * Starts the sweep that drops silent sockets (on the monotonic clock, `lastSeen` is
 * `performance.now()`) and those whose token has expired; returns its stop function.
 */
export function startIdleSweep(registry: ConnectionRegistry, options: SweepOptions): () => void {
  const { idleTimeoutMs, now, onDrop, onExpired } = options;
  const interval = Math.max(50, Math.min(HEARTBEAT_INTERVAL_MS, Math.floor(idleTimeoutMs / 2)));
  const timer = setInterval(() => {
    const cutoff = performance.now() - idleTimeoutMs;
    const wallClock = now();
    for (const connection of registry.all()) {
      if (connection.lastSeen < cutoff) {
        registry.remove(connection);
        connection.socket.terminate();
        onDrop(connection.userId);
      } else if (connection.expiresAt <= wallClock) {
        registry.remove(connection);
        onExpired(connection);
      }
    }
  }, interval);
  timer.unref();
  return () => clearInterval(timer);
}
