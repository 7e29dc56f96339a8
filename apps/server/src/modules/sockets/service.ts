/**
 * Socket tickets and the ledger of open sockets, kept in the database so that every node
 * agrees on both (migrations/0020_sockets.ts).
 *
 * - A ticket is 32 random bytes (only its sha256 is stored), bound to the session that asked
 *   for it, redeemable once within SOCKET_TICKET_TTL_MS. Redeeming it checks that the session
 *   is still live, so a ticket outlives neither a sign-out nor the token's expiry.
 * - The redeemed row stands for the open socket: its node refreshes `seen_at` every
 *   `refreshMs` and deletes it on close. Counting a user's fresh rows counts their sockets on
 *   every node; beyond `maxSocketsPerUser` the oldest are closed with 4009, through the bus,
 *   wherever they are. A node that dies stops refreshing, so its rows stop counting.
 */
import { CloseCode, SOCKET_TICKET_TTL_MS, type SocketTicket } from '@paichat/protocol';
import type { Clock } from '../../clock';
import type { Db } from '../../db';
import type { Bus } from '../../realtime/bus';
import type { SocketIdentity, SocketLedger } from '../../realtime/gateway';
import { closeSockets } from '../../realtime/push';
import * as authRepo from '../auth/repo';
import { hashToken, newToken } from '../auth/tokens';
import * as repo from './repo';

export interface SocketsServiceDeps {
  db: Db;
  clock: Clock;
  bus: Bus;
  maxSocketsPerUser: number;
}

/** How often a node vouches for the sockets it holds. */
const REFRESH_MS = 30_000;
/** A socket no node has vouched for in this long is gone (its node died). */
export const STALE_AFTER_MS = 4 * REFRESH_MS;
/** Dead rows are swept at most this often, when a ticket is issued. */
const SWEEP_INTERVAL_MS = 60_000;
const MAX_TICKET_LENGTH = 256;
/** Ids per statement when a node refreshes its sockets (bound parameters stay well under limits). */
const CHUNK = 500;

export const SOCKET_LIMIT_REASON = 'Too many open sockets: this one, the oldest, was closed';

export function createSocketsService(deps: SocketsServiceDeps) {
  const { db, clock, bus, maxSocketsPerUser } = deps;
  let lastSweep = -Infinity;

  const ledger: SocketLedger = {
    refreshMs: REFRESH_MS,

    async admit(ticket) {
      if (ticket.length === 0 || ticket.length > MAX_TICKET_LENGTH) return null;
      const now = clock.now();
      const row = await repo.redeemTicket(db, hashToken(ticket), now);
      if (!row) return null;
      const session = await authRepo.findSessionById(db, row.session_id);
      if (!session || session.revoked_at !== null || session.expires_at <= now) {
        await repo.deleteSockets(db, [row.id]);
        return null;
      }
      return {
        socketId: String(row.id),
        userId: String(row.user_id),
        sessionId: String(row.session_id),
        expiresAt: session.expires_at,
      } satisfies SocketIdentity;
    },

    async opened(identity) {
      const open = await repo.openSocketIds(db, Number(identity.userId), clock.now() - STALE_AFTER_MS);
      const beyond = open.slice(maxSocketsPerUser);
      if (beyond.length === 0) return;
      // Deleted here, not by the node that holds them: a row of a node that died goes too.
      await repo.deleteSockets(db, beyond);
      await closeSockets(
        bus,
        identity.userId,
        beyond.map(String),
        CloseCode.SOCKET_LIMIT,
        SOCKET_LIMIT_REASON,
      );
    },

    async closed(socketIds) {
      for (let i = 0; i < socketIds.length; i += CHUNK)
        await repo.deleteSockets(db, socketIds.slice(i, i + CHUNK).map(Number));
    },

    async stillOpen(socketIds) {
      const now = clock.now();
      for (let i = 0; i < socketIds.length; i += CHUNK)
        await repo.touchSockets(db, socketIds.slice(i, i + CHUNK).map(Number), now);
    },
  };

  return {
    ledger,

    /** A ticket for one socket of this session. */
    async issueTicket(identity: { userId: number; sessionId: number }): Promise<SocketTicket> {
      const now = clock.now();
      if (now - lastSweep >= SWEEP_INTERVAL_MS) {
        lastSweep = now;
        await repo.deleteDeadRows(db, now, now - STALE_AFTER_MS);
      }
      const ticket = newToken();
      const expiresAt = now + SOCKET_TICKET_TTL_MS;
      await repo.insertTicket(db, {
        ticket_hash: hashToken(ticket),
        user_id: identity.userId,
        session_id: identity.sessionId,
        expires_at: expiresAt,
      });
      return { ticket, expiresAt };
    },
  };
}

export type SocketsService = ReturnType<typeof createSocketsService>;
