/**
 * The realtime gateway: `GET /ws?Authorization=<token>` on the HTTP port.
 *
 * 1. The upgrade is always accepted, then the token is checked. Missing, unknown, expired or
 *    revoked: the socket is closed at once with 4001 UNAUTHORIZED and a reason, and nothing is
 *    kept. Otherwise it joins the registry under its user and its session (token).
 * 2. Client frames are JSON text. `{"type":"ping"}` (every 5 s) is answered with the text `ok`.
 *    Any other or malformed frame is ignored. A socket silent for 30 s (5 missed heartbeats
 *    and one spare) is dropped as dead.
 * 3. Server frames are `ServerPush` JSON (`pushType` MSG or NOTICE). They arrive from the bus,
 *    never from a service directly, so a push reaches a user's devices on every node.
 * 4. Close codes: 1001 server going away (reconnect later), 4001 unauthorized and 4002 signed
 *    out (do not reconnect; sign in again), 4008 slow consumer: more than `slowConsumerBytes`
 *    waiting to be sent, so the socket is closed instead of buffering without bound (reconnect
 *    and catch up).
 */
import websocket from '@fastify/websocket';
import { CloseCode, HEARTBEAT_REPLY, WS_PATH } from '@paichat/protocol';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { WebSocket } from 'ws';
import type { Bus, BusEvent } from './bus';
import { DEFAULT_IDLE_TIMEOUT_MS, parseClientFrame, startIdleSweep } from './heartbeat';
import { ConnectionRegistry, type Connection } from './registry';

export interface SocketIdentity {
  userId: string;
  sessionId: string;
  /** When the token stops working (ms since the epoch): the socket is closed with 4001 then. */
  expiresAt: number;
}

export interface GatewayOptions {
  bus: Bus;
  /** Resolves a token to its live session, or null when missing, unknown, expired or revoked. */
  resolveToken: (token: string) => Promise<SocketIdentity | null>;
  log: FastifyBaseLogger;
  /** The wall clock tokens expire by (ms since the epoch). */
  now?: () => number;
  /** Unsent bytes above which a socket is closed with 4008. */
  slowConsumerBytes?: number;
  idleTimeoutMs?: number;
  /** How long shutdown waits for clients to answer the 1001 close before cutting them off. */
  shutdownGraceMs?: number;
}

export const DEFAULT_SLOW_CONSUMER_BYTES = 1024 * 1024;
const MAX_CLIENT_FRAME_BYTES = 4 * 1024;
const UNAUTHORIZED_REASON = 'Login expired, please login again';

export async function registerGateway(
  app: FastifyInstance,
  options: GatewayOptions,
): Promise<ConnectionRegistry> {
  const registry = new ConnectionRegistry();
  const log = options.log;
  const slowConsumerBytes = options.slowConsumerBytes ?? DEFAULT_SLOW_CONSUMER_BYTES;
  const shutdownGraceMs = options.shutdownGraceMs ?? 2_000;

  // Registered once: a second upgrade handler answers the handshake twice and breaks it.
  await app.register(websocket, {
    options: { maxPayload: MAX_CLIENT_FRAME_BYTES },
    errorHandler: (error, socket) => {
      log.warn({ err: error }, 'websocket error');
      socket.terminate();
    },
    preClose: async () => {
      const clients = [...app.websocketServer.clients];
      const closed = clients.map(
        (socket) =>
          new Promise<void>((resolve) => {
            if (socket.readyState === WebSocket.CLOSED) return resolve();
            socket.once('close', () => resolve());
          }),
      );
      for (const socket of clients) socket.close(CloseCode.GOING_AWAY, 'Server shutting down');
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([
        Promise.all(closed),
        new Promise<void>((resolve) => {
          timer = setTimeout(resolve, shutdownGraceMs);
        }),
      ]);
      clearTimeout(timer);
      for (const socket of clients) if (socket.readyState !== WebSocket.CLOSED) socket.terminate();
      await new Promise<void>((resolve) => app.websocketServer.close(() => resolve()));
    },
  });

  /** Sends one encoded text frame's payload (shared by every recipient of a push, never copied per socket). */
  const send = (connection: Connection, frame: Buffer): void => {
    const { socket } = connection;
    if (socket.readyState !== WebSocket.OPEN) return;
    if (socket.bufferedAmount + frame.length > slowConsumerBytes) {
      log.warn({ userId: connection.userId, buffered: socket.bufferedAmount }, 'closing slow consumer');
      registry.remove(connection);
      socket.close(CloseCode.SLOW_CONSUMER, 'Too slow: reconnect and catch up');
      return;
    }
    socket.send(frame, { binary: false });
  };

  const onBusEvent = (event: BusEvent): void => {
    if (event.type === 'push') {
      // Encoded once: a group push reaches hundreds of sockets with the same bytes.
      const frame = Buffer.from(event.payload);
      const skip = new Set(event.exceptSessionIds ?? []);
      for (const userId of event.userIds) {
        for (const connection of registry.forUser(userId)) {
          if (!skip.has(connection.sessionId)) send(connection, frame);
        }
      }
    } else {
      for (const connection of registry.forSession(event.sessionId)) {
        registry.remove(connection);
        connection.socket.close(event.code, event.reason);
      }
    }
  };
  const unsubscribe = options.bus.subscribe(onBusEvent);
  const stopSweep = startIdleSweep(registry, {
    idleTimeoutMs: options.idleTimeoutMs ?? DEFAULT_IDLE_TIMEOUT_MS,
    now: options.now ?? Date.now,
    onDrop: (userId) => log.info({ userId }, 'dropped silent socket'),
    onExpired: (connection) => connection.socket.close(CloseCode.UNAUTHORIZED, UNAUTHORIZED_REASON),
  });
  app.addHook('onClose', async () => {
    stopSweep();
    unsubscribe();
  });

  app.get(WS_PATH, { websocket: true, schema: { hide: true } }, (socket, request) => {
    // Listeners go on before the first await, or frames sent right after the handshake are lost.
    let connection: Connection | null = null;
    let pendingPings = 0;
    socket.on('message', (data, isBinary) => {
      if (connection) connection.lastSeen = performance.now();
      const frame = isBinary ? null : parseClientFrame(data.toString());
      if (frame?.type !== 'ping') return;
      if (connection) socket.send(HEARTBEAT_REPLY);
      else pendingPings += 1;
    });
    socket.on('close', () => {
      if (connection) registry.remove(connection);
    });

    const query = request.query as Record<string, unknown>;
    const token = typeof query.Authorization === 'string' ? query.Authorization : '';
    void (async () => {
      let identity: SocketIdentity | null;
      try {
        identity = token ? await options.resolveToken(token) : null;
      } catch (error) {
        // Not the client's fault (e.g. the database is down): 1011 lets it retry later.
        request.log.error({ err: error }, 'socket authentication failed');
        if (socket.readyState === WebSocket.OPEN) socket.close(1011, 'Internal error');
        return;
      }
      if (socket.readyState !== WebSocket.OPEN) return;
      if (!identity) {
        socket.close(CloseCode.UNAUTHORIZED, UNAUTHORIZED_REASON);
        return;
      }
      connection = { socket, ...identity, lastSeen: performance.now() };
      registry.add(connection);
      for (; pendingPings > 0; pendingPings -= 1) socket.send(HEARTBEAT_REPLY);
    })();
  });

  return registry;
}
