import type { Gender } from '@paichat/protocol';
import type { DbOrTx, Tx, UserRow } from '../../db';
import type { NearbyLocationsTable } from '../../db/schema';
import { noBlockBetween } from '../friends/repo';

export type NearbyLocationRow = NearbyLocationsTable;

/** A user's place (live, expired or cleared), or undefined when none is remembered. */
export function findLocation(db: DbOrTx, userId: number): Promise<NearbyLocationRow | undefined> {
  return db.selectFrom('nearby_locations').selectAll().where('user_id', '=', userId).executeTakeFirst();
}

/**
 * Stores `next` in place of `previous`, only if the row is still `previous` (null: there is no
 * row yet): a share judged against one place cannot overwrite another that a concurrent share
 * stored meanwhile. Answers whether it was stored.
 */
export async function replaceLocation(
  db: DbOrTx,
  next: NearbyLocationRow,
  previous: Pick<NearbyLocationRow, 'cell' | 'shared_at'> | null,
): Promise<boolean> {
  if (!previous) {
    const inserted = await db
      .insertInto('nearby_locations')
      .values(next)
      .onConflict((oc) => oc.column('user_id').doNothing())
      .returning('user_id')
      .executeTakeFirst();
    return inserted !== undefined;
  }
  const { numUpdatedRows } = await db
    .updateTable('nearby_locations')
    .set({ cell: next.cell, area: next.area, shared_at: next.shared_at, expires_at: next.expires_at })
    .where('user_id', '=', next.user_id)
    .where('cell', '=', previous.cell)
    .where('shared_at', '=', previous.shared_at)
    .executeTakeFirst();
  return numUpdatedRows > 0n;
}

/**
 * A user's place, locked until the transaction ends (on PostgreSQL; SQLite has one writer at a
 * time anyway): two lists of one account at once are answered one after the other.
 */
export function lockLocation(trx: Tx, userId: number): Promise<NearbyLocationRow | undefined> {
  return trx
    .updateTable('nearby_locations')
    .set((eb) => ({ cell: eb.ref('cell') }))
    .where('user_id', '=', userId)
    .returningAll()
    .executeTakeFirst();
}

/** Hides a user's place from now on; the row stays for judging their next share. */
export async function expireLocation(db: DbOrTx, userId: number, now: number): Promise<void> {
  await db
    .updateTable('nearby_locations')
    .set({ expires_at: now })
    .where('user_id', '=', userId)
    .where('expires_at', '>', now)
    .execute();
}

/** Forgets places that expired before `before` (they no longer constrain any share). */
export async function deleteExpiredBefore(db: DbOrTx, before: number): Promise<void> {
  await db.deleteFrom('nearby_locations').where('expires_at', '<', before).execute();
}

/** Someone sharing a place: their user row, their cell and when they shared it. */
export type NearbyCandidate = UserRow & Pick<NearbyLocationRow, 'cell' | 'shared_at'>;

/**
 * Who shares a live place in one of `areas`, other than the viewer and anyone blocked either
 * way, of `gender` when given: the `limit` most recently shared. Distances are the service's.
 */
export function listCandidates(
  db: DbOrTx,
  query: {
    viewerId: number;
    areas: string[];
    now: number;
    gender: Exclude<Gender, 'unknown'> | null;
    limit: number;
  },
): Promise<NearbyCandidate[]> {
  const { viewerId, areas, now, gender, limit } = query;
  let select = db
    .selectFrom('nearby_locations as n')
    .innerJoin('users as u', 'u.id', 'n.user_id')
    .selectAll('u')
    .select(['n.cell', 'n.shared_at'])
    .where('n.area', 'in', areas)
    .where('n.expires_at', '>', now)
    .where('n.user_id', '!=', viewerId)
    .where(noBlockBetween(viewerId, 'n.user_id'));
  if (gender) select = select.where('u.gender', '=', gender);
  return select.orderBy('n.shared_at', 'desc').orderBy('n.user_id').limit(limit).execute();
}

// Whom each account was shown (the hourly cap on different people, service.ts).

/** The people `viewerId` was shown since `since`. */
export async function listShownSince(db: DbOrTx, viewerId: number, since: number): Promise<Set<number>> {
  const rows = await db
    .selectFrom('nearby_sightings')
    .select('person_id')
    .where('viewer_id', '=', viewerId)
    .where('shown_at', '>', since)
    .execute();
  return new Set(rows.map((row) => Number(row.person_id)));
}

/** Notes that `viewerId` was shown `personIds` at `now`. */
export async function recordShown(
  db: DbOrTx,
  viewerId: number,
  personIds: number[],
  now: number,
): Promise<void> {
  if (personIds.length === 0) return;
  await db
    .insertInto('nearby_sightings')
    .values(personIds.map((person_id) => ({ viewer_id: viewerId, person_id, shown_at: now })))
    .onConflict((oc) => oc.columns(['viewer_id', 'person_id']).doUpdateSet({ shown_at: now }))
    .execute();
}

/** Forgets showings from before `before`, when they no longer count. */
export async function deleteSightingsBefore(db: DbOrTx, before: number): Promise<void> {
  await db.deleteFrom('nearby_sightings').where('shown_at', '<=', before).execute();
}
