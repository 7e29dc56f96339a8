import { sql } from 'kysely';
import { isPostgres } from '../../db/dialect';
import type { DbOrTx, Tx } from '../../db/schema';

/** How many times an event (and value) was reported. */
export interface StatCount {
  name: string;
  value: string;
  count: number;
}

const pairKey = ({ name, value }: { name: string; value: string }) => JSON.stringify([name, value]);

/** Which of these (name, value) pairs the day's rows of an app key hold. */
async function storedPairs(trx: Tx, day: string, appKey: string, counts: readonly StatCount[]) {
  const rows = await trx
    .selectFrom('stat_counts')
    .select(['name', 'value'])
    .where('day', '=', day)
    .where('app_key', '=', appKey)
    .where((eb) => eb.or(counts.map((c) => eb.and([eb('name', '=', c.name), eb('value', '=', c.value)]))))
    .execute();
  return new Set(rows.map(pairKey));
}

async function countPairs(trx: Tx, day: string, appKey: string): Promise<number> {
  const row = await trx
    .selectFrom('stat_counts')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .where('day', '=', day)
    .where('app_key', '=', appKey)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * Adds counts to the day's rows of an app key and answers those it kept. A pair the day already
 * holds always grows; a new one gets a row only while the day holds fewer than `maxPairs`, and
 * is dropped past that. New rows are made by one transaction at a time (on PostgreSQL under an
 * advisory lock on the day and key; SQLite has one writer anyway), so concurrent reports
 * cannot pass the cap together, while reports of known pairs, nearly all of them, take no lock.
 * `counts` must hold each (name, value) once, in a fixed order: concurrent batches that touch
 * the same rows then lock them in the same order (no deadlock on PostgreSQL).
 */
export async function addStatCounts(
  trx: Tx,
  day: string,
  appKey: string,
  counts: readonly StatCount[],
  maxPairs: number,
): Promise<readonly StatCount[]> {
  if (counts.length === 0) return [];
  let kept = counts;
  if ((await storedPairs(trx, day, appKey, counts)).size < counts.length) {
    if (isPostgres(trx))
      await sql`select pg_advisory_xact_lock(hashtext(${`stat_counts ${day} ${appKey}`}))`.execute(trx);
    // Under the lock: what earlier reports stored by now.
    const stored = await storedPairs(trx, day, appKey, counts);
    let room = maxPairs - (await countPairs(trx, day, appKey));
    kept = counts.filter((count) => {
      if (stored.has(pairKey(count))) return true;
      room -= 1;
      return room >= 0;
    });
  }
  if (kept.length === 0) return [];
  await trx
    .insertInto('stat_counts')
    .values(kept.map(({ name, value, count }) => ({ day, app_key: appKey, name, value, count })))
    .onConflict((oc) =>
      oc.columns(['day', 'app_key', 'name', 'value']).doUpdateSet({
        count: sql<number>`${sql.ref('stat_counts.count')} + ${sql.ref('excluded.count')}`,
      }),
    )
    .execute();
  return kept;
}

export interface StatCountRow extends StatCount {
  day: string;
  app_key: string;
}

/** The counts from a day on (`YYYY-MM-DD`), newest day first, then the most counted. */
export function listStatCounts(db: DbOrTx, sinceDay: string): Promise<StatCountRow[]> {
  return db
    .selectFrom('stat_counts')
    .select(['day', 'app_key', 'name', 'value', 'count'])
    .where('day', '>=', sinceDay)
    .orderBy('day', 'desc')
    .orderBy('app_key')
    .orderBy('count', 'desc')
    .orderBy('name')
    .orderBy('value')
    .execute();
}
