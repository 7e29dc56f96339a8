/**
 * Socket tickets and the ledger of open sockets, kept in the database so that every node
 * agrees on both (migrations/0020_sockets.ts).
 *
 * - A ticket is 32 random bytes (only its sha256 is stored), bound to the session that asked
 *   for it, redeemable once within SOCKET_TICKET_TTL_MS. Redeeming it checks that the session
 *   is still live, so a ticket outlives neither a sign-out nor the token's expiry.
 * - The redeemed row stands for the open socket and names its node's lease
 *   (migrations/0040_socket_leases.ts); it is written at open and close only. The node renews
 *   its one lease row every `refreshMs`, so idle sockets cost no writes of their own. Counting a
 *   user's rows under fresh leases counts their sockets on every node; beyond
 *   `maxSocketsPerUser` the oldest are closed with 4009, through the bus, wherever they are.
 *   A node that dies stops renewing its lease, so all its rows stop counting, and are swept.
 */
import { randomBytes } from 'node:crypto';
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
  /** Names this node's lease (config.nodeId). */
  nodeId: string;
}

/** How often a node renews the lease its sockets are held under. */
const REFRESH_MS = 30_000;
/** A lease not renewed in this long is gone (its node died), with its sockets. */
export const STALE_AFTER_MS = 4 * REFRESH_MS;
/** Dead rows are swept at most this often, when a ticket is issued. */
const SWEEP_INTERVAL_MS = 60_000;
const MAX_TICKET_LENGTH = 256;
/** Ids per statement when a node releases its sockets (bound parameters stay well under limits). */
const CHUNK = 500;

export const SOCKET_LIMIT_REASON = 'Too many open sockets: this one, the oldest, was closed';

export function createSocketsService(deps: SocketsServiceDeps) {
  const { db, clock, bus, maxSocketsPerUser } = deps;
  // One lease per process: sockets left by an earlier process of the same node never count again.
  const leaseId = `${deps.nodeId}/${randomBytes(6).toString('hex')}`;
  let lastSweep = -Infinity;
  let lastRenewal = -Infinity;

  async function renewLease(now: number): Promise<void> {
    lastRenewal = now;
    await repo.renewLease(db, leaseId, now);
  }

  const ledger: SocketLedger = {
    refreshMs: REFRESH_MS,

    async admit(ticket) {
      if (ticket.length === 0 || ticket.length > MAX_TICKET_LENGTH) return null;
      const now = clock.now();
      // Held sockets renew the lease on the gateway's timer; a node holding none may have let it lapse.
      if (now - lastRenewal >= REFRESH_MS) await renewLease(now);
      const row = await repo.redeemTicket(db, hashToken(ticket), leaseId, now);
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

    async stillOpen() {
      await renewLease(clock.now());
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
