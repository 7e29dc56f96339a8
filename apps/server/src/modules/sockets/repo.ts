import type { DbOrTx, SocketRow } from '../../db';

// The sockets table (migrations/0020_sockets.ts): tickets, then the sockets they opened, each
// held by a node lease (migrations/0040_socket_leases.ts).

export async function insertTicket(
  db: DbOrTx,
  ticket: Pick<SocketRow, 'ticket_hash' | 'user_id' | 'session_id' | 'expires_at'>,
): Promise<void> {
  await db.insertInto('sockets').values(ticket).execute();
}

/**
 * Marks an unused, unexpired ticket as opened under `leaseId` and answers its row. One
 * statement, so of two sockets presenting the same ticket (on any nodes) exactly one gets the row.
 */
export function redeemTicket(
  db: DbOrTx,
  ticketHash: string,
  leaseId: string,
  now: number,
): Promise<Pick<SocketRow, 'id' | 'user_id' | 'session_id'> | undefined> {
  return db
    .updateTable('sockets')
    .set({ opened_at: now, lease_id: leaseId })
    .where('ticket_hash', '=', ticketHash)
    .where('opened_at', 'is', null)
    .where('expires_at', '>', now)
    .returning(['id', 'user_id', 'session_id'])
    .executeTakeFirst();
}

/** The user's open sockets whose lease was renewed after `seenAfter`, newest first. */
export async function openSocketIds(db: DbOrTx, userId: number, seenAfter: number): Promise<number[]> {
  const rows = await db
    .selectFrom('sockets')
    .innerJoin('socket_leases', 'socket_leases.lease_id', 'sockets.lease_id')
    .select('sockets.id')
    .where('sockets.user_id', '=', userId)
    .where('socket_leases.seen_at', '>', seenAfter)
    .orderBy('sockets.opened_at', 'desc')
    .orderBy('sockets.id', 'desc')
    .execute();
  return rows.map((r) => r.id);
}

export async function deleteSockets(db: DbOrTx, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  await db.deleteFrom('sockets').where('id', 'in', ids).execute();
}

/** The node holding this lease is alive: one row, however many sockets it holds. */
export async function renewLease(db: DbOrTx, leaseId: string, now: number): Promise<void> {
  await db
    .insertInto('socket_leases')
    .values({ lease_id: leaseId, seen_at: now })
    .onConflict((oc) => oc.column('lease_id').doUpdateSet({ seen_at: now }))
    .execute();
}

/**
 * Deletes tickets that expired unused, leases not renewed since `seenBefore` (their nodes
 * died) and the sockets held by no live lease.
 */
export async function deleteDeadRows(db: DbOrTx, now: number, seenBefore: number): Promise<void> {
  await db.deleteFrom('socket_leases').where('seen_at', '<', seenBefore).execute();
  await db
    .deleteFrom('sockets')
    .where((eb) =>
      eb.or([
        eb.and([eb('opened_at', 'is', null), eb('expires_at', '<=', now)]),
        eb.and([
          eb('opened_at', 'is not', null),
          eb.not(
            eb.exists(
              eb
                .selectFrom('socket_leases')
                .select('socket_leases.lease_id')
                .whereRef('socket_leases.lease_id', '=', 'sockets.lease_id'),
            ),
          ),
        ]),
      ]),
    )
    .execute();
}
