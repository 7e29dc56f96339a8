import type { DbOrTx, ShakesTable } from '../../db';
import { noBlockBetween } from '../friends/repo';

export type ShakeRow = ShakesTable;

/** My new shake, replacing my previous one (and whatever it was paired with). */
export async function putShake(
  db: DbOrTx,
  shake: Pick<ShakeRow, 'user_id' | 'cell' | 'area' | 'shaken_at'>,
): Promise<void> {
  const fresh = { cell: shake.cell, area: shake.area, shaken_at: shake.shaken_at };
  await db
    .insertInto('shakes')
    .values({ ...shake, matched_with: null, matched_distance: null })
    .onConflict((oc) =>
      oc.column('user_id').doUpdateSet({ ...fresh, matched_with: null, matched_distance: null }),
    )
    .execute();
}

export function findShake(db: DbOrTx, userId: number): Promise<ShakeRow | undefined> {
  return db.selectFrom('shakes').selectAll().where('user_id', '=', userId).executeTakeFirst();
}

export type Candidate = Pick<ShakeRow, 'user_id' | 'cell' | 'shaken_at'>;

/**
 * Shakes since `since` that wait for a partner, oldest first: not `userId`'s own, nobody blocked
 * by or blocking them, and (with `areas`) only those in one of the areas or without a place.
 */
export function findCandidates(
  db: DbOrTx,
  userId: number,
  { since, areas, limit }: { since: number; areas: readonly string[] | null; limit: number },
): Promise<Candidate[]> {
  let query = db
    .selectFrom('shakes')
    .select(['shakes.user_id', 'shakes.cell', 'shakes.shaken_at'])
    .where('shakes.user_id', '!=', userId)
    .where('shakes.matched_with', 'is', null)
    .where('shakes.shaken_at', '>=', since)
    .where(noBlockBetween(userId, 'shakes.user_id'));
  if (areas) {
    const within = [...areas];
    query = query.where((eb) => eb.or([eb('shakes.area', 'in', within), eb('shakes.area', 'is', null)]));
  }
  return query.orderBy('shakes.shaken_at').orderBy('shakes.user_id').limit(limit).execute();
}

/**
 * Pairs the shake of `userId` made at `shakenAt` with `partnerId`, if it still waits (not
 * paired meanwhile, not replaced by a newer shake). Answers whether it did.
 */
export async function claimShake(
  db: DbOrTx,
  {
    userId,
    shakenAt,
    partnerId,
    distance,
  }: {
    userId: number;
    shakenAt: number;
    partnerId: number;
    distance: string | null;
  },
): Promise<boolean> {
  const result = await db
    .updateTable('shakes')
    .set({ matched_with: partnerId, matched_distance: distance })
    .where('user_id', '=', userId)
    .where('shaken_at', '=', shakenAt)
    .where('matched_with', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Forgets the places of shakes made before `before`: they can no longer be paired. */
export async function forgetPlaces(db: DbOrTx, before: number): Promise<void> {
  await db
    .updateTable('shakes')
    .set({ cell: null, area: null })
    .where('shaken_at', '<', before)
    .where('cell', 'is not', null)
    .execute();
}
