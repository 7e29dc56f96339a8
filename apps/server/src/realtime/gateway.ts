/**
 * The realtime gateway: `GET /ws?Authorization=<ticket>` on the HTTP port (protocol socket.ts).
 *
 * 1. Origin: a browser page from another origin than the app's own (or ALLOWED_ORIGINS) is
 *    refused with HTTP 403 before the upgrade (origin.ts). A handshake without Origin is not
 *    a browser's and goes on.
 * 2. Ticket: the upgrade is accepted, then the ticket (from `POST /auth/socketTicket`) is
 *    redeemed through the ledger: once, before it expires, while its session is live. Anything
 *    else (a session token included) closes the socket at once with 4001 and keeps nothing.
 * 3. Ready: the node subscribes to the user's events on the bus (Redis: the user's channel), the
 *    socket joins the registry under its user, session and ledger row, and only then gets its first frame, the NOTICE `SOCKET_READY`: every push published from that
 *    moment reaches it, so a client that catches up after this frame misses nothing.
 *    Then the ledger closes the account's oldest sockets beyond the cap (4009), on any node.
 * 4. Client frames are JSON text. `{"type":"ping"}` (every 5 s) is answered with the text `ok`;
 *    pings that arrive before the ready frame are answered right after it. `{"type":"send"}`
 *    frames are answered with an `ack` (socket-sends.ts), `{"type":"typing"}` frames are handed on
 *    unanswered (modules/receipts/typing.ts). Any other or malformed frame is ignored. A socket silent for 30 s (5 missed heartbeats and one spare)
 *    is dropped as dead.
 * 5. Server frames are `ServerPush` JSON (`pushType` MSG or NOTICE). They arrive from the bus,
 *    never from a service directly, so a push reaches a user's devices on every node.
 * 6. Close codes: 1001 server going away (reconnect later), 1012 the bus link was lost and is
 *    back, so pushes may have been missed (reconnect and catch up), 4001 unauthorized and 4002 signed
 *    out (do not reconnect; sign in again), 4008 slow consumer: more than `slowConsumerBytes`
 *    waiting to be sent, so the socket is closed instead of buffering without bound (reconnect
 *    and catch up), 4009 socket limit (reconnect only when the person returns to the page).
 */
import websocket from '@fastify/websocket';
import {
  Code,
  CloseCode,
  ErrorId,
  HEARTBEAT_REPLY,
  MAX_CLIENT_FRAME_BYTES,
  NoticeType,
  WS_PATH,
  noticePush,
} from '@paichat/protocol';
import { ServerResponse } from 'node:http';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { WebSocket } from 'ws';
import { refusal } from '../http/envelope';
import { sendEnvelope } from '../http/error-handler';
import type { Bus, BusEvent } from './bus';
import { DEFAULT_IDLE_TIMEOUT_MS, parseClientFrame, startIdleSweep } from './heartbeat';
import { isAllowedOrigin, ownOrigin } from './origin';
import { textFrame, turnCorker, writeFrame } from './frame';
import { ConnectionRegistry, type Connection } from './registry';
import type { SocketSends } from './socket-sends';

export interface SocketIdentity {
  /** The socket's row in the ledger. */
  socketId: string;
  userId: string;
  sessionId: string;
  /** When the session's token stops working (ms since the epoch): the socket is closed with 4001 then. */
  expiresAt: number;
}

/** Where every node records the sockets it holds (modules/sockets): tickets, open sockets, the cap. */
export interface SocketLedger {
  /** Redeems a ticket: the socket's identity, or null when it is unknown, used, expired or its session ended. */
  admit(ticket: string): Promise<SocketIdentity | null>;
  /** The socket is registered: the account's oldest sockets beyond the cap are closed, on any node. */
  opened(identity: SocketIdentity): Promise<void>;
  closed(socketIds: string[]): Promise<void>;
  /** This node is alive and still holds these sockets (one lease write, not one per socket); due every `refreshMs`. */
  stillOpen(socketIds: string[]): Promise<void>;
  refreshMs: number;
}

export interface GatewayOptions {
  bus: Bus;
  ledger: SocketLedger;
  /** Origins besides the app's own whose pages may open a socket. */
  allowedOrigins: readonly string[];
  log: FastifyBaseLogger;
  /** What `send` frames run. */
  sends: SocketSends;
  /** Where `typing` frames go (modules/receipts/typing.ts): the socket's user and the chat named. */
  typing?: (userId: string, chatId: string) => void;
  /** The wall clock tokens expire by (ms since the epoch). */
  now?: () => number;
  /** Unsent bytes above which a socket is closed with 4008. */
  slowConsumerBytes?: number;
  idleTimeoutMs?: number;
  /** How long shutdown waits for clients to answer the 1001 close before cutting them off. */
  shutdownGraceMs?: number;
  /** Test hook: runs after the ticket is redeemed and before the socket is registered. */
  beforeRegister?: (identity: SocketIdentity) => Promise<void>;
}

export const DEFAULT_SLOW_CONSUMER_BYTES = 1024 * 1024;
const UNAUTHORIZED_REASON = 'Login expired, please login again';

export async function registerGateway(
  app: FastifyInstance,
  options: GatewayOptions,
): Promise<ConnectionRegistry> {
  const registry = new ConnectionRegistry();
  const { ledger, log } = options;
  const now = options.now ?? Date.now;
  const slowConsumerBytes = options.slowConsumerBytes ?? DEFAULT_SLOW_CONSUMER_BYTES;
  const shutdownGraceMs = options.shutdownGraceMs ?? 2_000;

  // Ledger writes run beside the sockets; shutdown waits for them before the database closes.
  const pending = new Set<Promise<void>>();
  const track = (work: Promise<void>, what: string): void => {
    const tracked = work.catch((error: unknown) => log.error({ err: error }, what));
    pending.add(tracked);
    void tracked.finally(() => pending.delete(tracked));
  };
  let shuttingDown = false;

  const dropOnError = (error: Error, socket: WebSocket): void => {
    log.warn({ err: error }, 'websocket error');
    socket.terminate();
  };
  // One listener for every socket, in place of the plugin's closure over the handshake's request.
  function onSocketError(this: WebSocket, error: Error): void {
    dropOnError(error, this);
  }

  // Registered once: a second upgrade handler answers the handshake twice and breaks it.
  await app.register(websocket, {
    options: { maxPayload: MAX_CLIENT_FRAME_BYTES },
    errorHandler: dropOnError,
    preClose: async () => {
      shuttingDown = true;
      const held = registry.all().map((connection) => connection.socketId);
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
      // One statement for all of them rather than one per socket.
      track(ledger.closed(held), 'releasing sockets at shutdown failed');
      await Promise.all([...pending]);
    },
  });

  const holdThisTurn = turnCorker();
  /** Writes one push's frame (framed once for all its recipients: frame.ts) to a socket, at the end of this turn. */
  const send = (connection: Connection, frame: Buffer, payload: Buffer): void => {
    const { socket } = connection;
    if (socket.readyState !== WebSocket.OPEN) return;
    if (socket.bufferedAmount + frame.length > slowConsumerBytes) {
      log.warn({ userId: connection.userId, buffered: socket.bufferedAmount }, 'closing slow consumer');
      registry.remove(connection);
      socket.close(CloseCode.SLOW_CONSUMER, 'Too slow: reconnect and catch up');
      return;
    }
    holdThisTurn(socket);
    writeFrame(socket, frame, payload);
  };

  const closeAll = (connections: Connection[], code: number, reason: string): void => {
    for (const connection of connections) {
      registry.remove(connection);
      connection.socket.close(code, reason);
    }
  };

  const onBusEvent = (event: BusEvent): void => {
    if (event.type === 'push') {
      // Encoded and framed once: a group push reaches hundreds of sockets with the same bytes.
      const payload = Buffer.from(event.payload);
      const frame = textFrame(payload);
      const skip = new Set(event.exceptSessionIds ?? []);
      for (const userId of event.userIds) {
        for (const connection of registry.ofUser(userId)) {
          if (!skip.has(connection.sessionId)) send(connection, frame, payload);
        }
      }
    } else if (event.type === 'closeSession') {
      closeAll(registry.forSession(event.sessionId), event.code, event.reason);
    } else {
      const ids = new Set(event.socketIds);
      const doomed = registry.forUser(event.userId).filter((c) => ids.has(c.socketId));
      closeAll(doomed, event.code, event.reason);
    }
  };
  const unsubscribe = options.bus.subscribe(onBusEvent);
  // Pushes may have been lost while the link to the other nodes was down: clients catch up.
  const stopResync = options.bus.onMissed(() => {
    const held = registry.all();
    if (held.length > 0) log.warn({ sockets: held.length }, 'bus link restored: resetting sockets');
    closeAll(held, CloseCode.RESYNC, 'Reconnect and catch up');
  });
  const stopSweep = startIdleSweep(registry, {
    idleTimeoutMs: options.idleTimeoutMs ?? DEFAULT_IDLE_TIMEOUT_MS,
    now,
    onDrop: (userId) => log.info({ userId }, 'dropped silent socket'),
    onExpired: (connection) => connection.socket.close(CloseCode.UNAUTHORIZED, UNAUTHORIZED_REASON),
  });
  const refresher = setInterval(() => {
    const held = registry.all().map((connection) => connection.socketId);
    if (held.length > 0) track(ledger.stillOpen(held), 'refreshing open sockets failed');
  }, ledger.refreshMs);
  refresher.unref();
  app.addHook('onClose', async () => {
    clearInterval(refresher);
    stopSweep();
    unsubscribe();
    stopResync();
  });

  const refuseOrigin = refusal(Code.FORBIDDEN, 'Origin not allowed', ErrorId.forbidden);
  app.get(
    WS_PATH,
    {
      websocket: true,
      schema: { hide: true },
      // Before the upgrade: a page of another site gets an HTTP answer, never a socket.
      preValidation: async (request, reply) => {
        const origin = request.headers.origin;
        if (isAllowedOrigin(origin, ownOrigin(request), options.allowedOrigins)) return;
        request.log.warn({ origin }, 'socket refused: origin not allowed');
        return sendEnvelope(reply, 403, refuseOrigin);
      },
    },
    (socket, request) => {
      // Nothing of the handshake outlives it (≈ 3 KiB a socket: the request and response with
      // their headers, logger and listeners): the plugin's error listener closes over them and
      // the response stays assigned to the TCP socket.
      socket.removeAllListeners('error').on('error', onSocketError);
      const tcp = request.raw.socket;
      const response = (tcp as { _httpMessage?: unknown })._httpMessage;
      if (response instanceof ServerResponse) response.detachSocket(tcp);
      // Listeners go on before the first await, or frames sent right after the handshake are lost.
      let connection: Connection | null = null;
      /** The user this socket asked the bus for, once it did: released when the socket closes. */
      let watching: string | null = null;
      let pendingPings = 0;
      // Made at the first send frame: a socket that only idles holds none of their state.
      let sendFrame: ReturnType<SocketSends['forSocket']> | null = null;
      socket.on('message', (data, isBinary) => {
        if (connection) connection.lastSeen = performance.now();
        const frame = isBinary ? null : parseClientFrame(data.toString());
        if (frame?.type === 'send') {
          // A closed socket (signed out, expired, capped) takes no more sends, though frames may still arrive.
          sendFrame ??= options.sends.forSocket(
            () => (socket.readyState === WebSocket.OPEN ? connection : null),
            (ack) => {
              if (socket.readyState === WebSocket.OPEN) socket.send(ack);
            },
          );
          return sendFrame(frame);
        }
        if (frame?.type === 'typing') {
          if (connection) options.typing?.(connection.userId, frame.chatId);
          return;
        }
        if (frame?.type !== 'ping') return;
        if (connection) socket.send(HEARTBEAT_REPLY);
        else pendingPings += 1;
      });
      socket.on('close', () => {
        if (watching !== null) options.bus.unwatch(watching);
        if (!connection) return;
        registry.remove(connection);
        if (!shuttingDown) track(ledger.closed([connection.socketId]), 'releasing a socket failed');
      });

      const query = request.query as Record<string, unknown>;
      const ticket = typeof query.Authorization === 'string' ? query.Authorization : '';
      // Only its id outlives the handshake: a closure over the request would hold it (and its raw
      // IncomingMessage) for as long as the socket stays open.
      const reqId = request.id;
      void (async () => {
        let identity: SocketIdentity | null;
        try {
          identity = ticket ? await ledger.admit(ticket) : null;
          if (identity) await options.beforeRegister?.(identity);
        } catch (error) {
          // Not the client's fault (e.g. the database is down): 1011 lets it retry later.
          log.error({ err: error, reqId }, 'socket authentication failed');
          if (socket.readyState === WebSocket.OPEN) socket.close(1011, 'Internal error');
          return;
        }
        if (socket.readyState !== WebSocket.OPEN) {
          if (identity) track(ledger.closed([identity.socketId]), 'releasing a socket failed');
          return;
        }
        if (!identity) {
          socket.close(CloseCode.UNAUTHORIZED, UNAUTHORIZED_REASON);
          return;
        }
        // The user's events reach this node before the ready frame: none falls in between.
        watching = identity.userId;
        await options.bus.watch(identity.userId);
        if (socket.readyState !== WebSocket.OPEN) {
          track(ledger.closed([identity.socketId]), 'releasing a socket failed');
          return;
        }
        connection = { socket, ...identity, lastSeen: performance.now() };
        registry.add(connection);
        socket.send(JSON.stringify(noticePush(NoticeType.SOCKET_READY, {}, now())));
        for (; pendingPings > 0; pendingPings -= 1) socket.send(HEARTBEAT_REPLY);
        track(ledger.opened(identity), 'enforcing the socket limit failed');
      })();
    },
  );

  return registry;
}
