import { sql } from 'kysely';
import type { DbOrTx } from '../../db/schema';

/** How many times an event (and value) was reported. */
export interface StatCount {
  name: string;
  value: string;
  count: number;
}

/**
 * Adds counts to the day's rows of an app key, creating the missing ones, in one statement
 * (an upsert both SQLite and PostgreSQL run). Each (name, value) must appear once.
 */
export async function addStatCounts(
  db: DbOrTx,
  day: string,
  appKey: string,
  counts: readonly StatCount[],
): Promise<void> {
  if (counts.length === 0) return;
  await db
    .insertInto('stat_counts')
    .values(counts.map(({ name, value, count }) => ({ day, app_key: appKey, name, value, count })))
    .onConflict((oc) =>
      oc.columns(['day', 'app_key', 'name', 'value']).doUpdateSet({
        count: sql<number>`${sql.ref('stat_counts.count')} + ${sql.ref('excluded.count')}`,
      }),
    )
    .execute();
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
