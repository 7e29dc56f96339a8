import { isAppStatEvent, type RequestOf, type StatConfig, type statConfig } from '@paichat/protocol';
import type { Clock } from '../../clock';
import type { Db } from '../../db';
import { StatsNotCollectedError } from '../../errors';
import { addStatCounts, type StatCount } from './repo';

export interface StatsServiceDeps {
  db: Db;
  clock: Clock;
  /** The one app key counted (STAT_APP_KEY); null: nothing is. */
  appKey: string | null;
}

/**
 * A UTC day of the app key keeps at most this many distinct (event, value) pairs: the app's own
 * are about a hundred (versions, 15 languages, 7 bands, its pages), so this is room for new
 * versions and pages, not for whatever a caller makes up. Past it, new pairs are dropped and
 * the counts of the day's pairs still grow.
 */
export const STAT_PAIRS_PER_DAY = 1_000;

/** The UTC day of a time, as the counts are kept: `YYYY-MM-DD`. */
export const utcDay = (ms: number): string => new Date(ms).toISOString().slice(0, 10);

/** Each (name, value) once with its number of occurrences, in a fixed order (see addStatCounts). */
function tally(events: readonly { name: string; value: string }[]): StatCount[] {
  const counts = new Map<string, StatCount>();
  for (const { name, value } of events) {
    const key = JSON.stringify([name, value]);
    const entry = counts.get(key);
    if (entry) entry.count += 1;
    else counts.set(key, { name, value, count: 1 });
  }
  return [...counts.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, count]) => count);
}

/**
 * The self-hosted statistics collector: says whether an app key should report, and counts the
 * events of its reports per UTC day (of the server's clock), name and value. It counts only the
 * app's own events (isAppStatEvent), at most STAT_PAIRS_PER_DAY pairs a day, and keeps nothing
 * else of a report: no address, no time of day, no device.
 */
export function createStatsService({ db, clock, appKey }: StatsServiceDeps) {
  return {
    /** Every version of the configured key reports (the version is part of the spec's check). */
    config(input: RequestOf<typeof statConfig>): StatConfig {
      return { ret: 0, enable: appKey !== null && input.appKey === appKey };
    },

    async report(
      key: string,
      events: readonly { name: string; value: string }[],
    ): Promise<{ counted: number }> {
      if (appKey === null || key !== appKey) throw new StatsNotCollectedError();
      const counts = tally(events.filter(isAppStatEvent));
      const day = utcDay(clock.now());
      const kept = await db
        .transaction()
        .execute((trx) => addStatCounts(trx, day, appKey, counts, STAT_PAIRS_PER_DAY));
      return { counted: kept.reduce((sum, { count }) => sum + count, 0) };
    },
  };
}

export type StatsService = ReturnType<typeof createStatsService>;
