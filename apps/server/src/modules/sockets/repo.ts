import type { DbOrTx, SocketRow } from '../../db';

// The sockets table (migrations/0020_sockets.ts): tickets, then the sockets they opened.

export async function insertTicket(
  db: DbOrTx,
  ticket: Pick<SocketRow, 'ticket_hash' | 'user_id' | 'session_id' | 'expires_at'>,
): Promise<void> {
  await db.insertInto('sockets').values(ticket).execute();
}

/**
 * Marks an unused, unexpired ticket as opened and answers its row. One statement, so of two
 * sockets presenting the same ticket (on any nodes) exactly one gets the row.
 */
export function redeemTicket(
  db: DbOrTx,
  ticketHash: string,
  now: number,
): Promise<Pick<SocketRow, 'id' | 'user_id' | 'session_id'> | undefined> {
  return db
    .updateTable('sockets')
    .set({ opened_at: now, seen_at: now })
    .where('ticket_hash', '=', ticketHash)
    .where('opened_at', 'is', null)
    .where('expires_at', '>', now)
    .returning(['id', 'user_id', 'session_id'])
    .executeTakeFirst();
}

/** The user's open sockets seen since `seenAfter`, newest first. */
export async function openSocketIds(db: DbOrTx, userId: number, seenAfter: number): Promise<number[]> {
  const rows = await db
    .selectFrom('sockets')
    .select('id')
    .where('user_id', '=', userId)
    .where('opened_at', 'is not', null)
    .where('seen_at', '>', seenAfter)
    .orderBy('opened_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
  return rows.map((r) => r.id);
}

export async function deleteSockets(db: DbOrTx, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  await db.deleteFrom('sockets').where('id', 'in', ids).execute();
}

/** These sockets are still open. */
export async function touchSockets(db: DbOrTx, ids: readonly number[], now: number): Promise<void> {
  if (ids.length === 0) return;
  await db.updateTable('sockets').set({ seen_at: now }).where('id', 'in', ids).execute();
}

/** Deletes tickets that expired unused and sockets no node has vouched for since `seenBefore`. */
export async function deleteDeadRows(db: DbOrTx, now: number, seenBefore: number): Promise<void> {
  await db
    .deleteFrom('sockets')
    .where((eb) =>
      eb.or([
        eb.and([eb('opened_at', 'is', null), eb('expires_at', '<=', now)]),
        eb('seen_at', '<', seenBefore),
      ]),
    )
    .execute();
}
