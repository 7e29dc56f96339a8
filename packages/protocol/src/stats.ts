import { z } from 'zod';
import { endpoint } from './endpoint';
import { text } from './text';

/**
 * Usage statistics (spec 4 "Analytics session", 7 "Statistics calls", 9 "Analytics"): not
 * product data. The web app's analytics module (apps/web/src/lib/analytics.ts), off unless
 * configured, asks a collector whether to report (`/stat/config`, with the app key and version;
 * it answers `ret` and `enable`, and is asked again every 24 h), then reports its events in
 * batches every 10 s (`POST /stat/report`), retrying a failed batch 3 times 1 s apart before
 * sending it as an image beacon (`GET /stat/beacon`, the batch as JSON in `d`).
 *
 * An event is a name and an optional value (page views: `page_view` and the route's path), at
 * most 255 characters each: never message content, never a user id. The server's own collector
 * (apps/server/src/modules/stats) counts them per UTC day, app key, name and value, for the
 * app key it is configured with (STAT_APP_KEY); without one it answers `enable: false`.
 */

/** An event's name and value are at most this many characters (spec 9). */
export const STAT_NAME_MAX = 255;
export const STAT_VALUE_MAX = 255;
export const STAT_APP_KEY_MAX = 64;
export const STAT_VERSION_MAX = 32;
/** A report carries at most this many events. */
export const STAT_BATCH_MAX = 20;
/** The beacon's batch (`d`, JSON) is at most this many characters. */
export const STAT_BEACON_MAX = 8_000;
/**
 * A report's body limit: a full batch of the longest names and values, every character written
 * as a `\uXXXX` escape, is about 62 KiB.
 */
export const STAT_REPORT_BODY_LIMIT = 64 * 1024;

/** Spec 9's timing of the client. */
export const STAT_REPORT_INTERVAL_MS = 10_000;
export const STAT_RETRIES = 3;
export const STAT_RETRY_DELAY_MS = 1_000;
/** An app session ends after this long in the background (spec 4). */
export const STAT_APP_TIMEOUT_MS = 300_000;
/** A page session ends after this long on one page (spec 4). */
export const STAT_PAGE_TIMEOUT_MS = 1_800_000;
/** The collector's answer to the config check holds this long. */
export const STAT_RECHECK_MS = 24 * 60 * 60 * 1000;

export const StatEvent = z.object({
  name: text(STAT_NAME_MAX).min(1, 'an event needs a name'),
  value: text(STAT_VALUE_MAX).default(''),
});
export type StatEvent = z.input<typeof StatEvent>;

const StatEvents = z
  .array(StatEvent)
  .min(1, 'a report needs at least one event')
  .max(STAT_BATCH_MAX, `at most ${STAT_BATCH_MAX} events per report`);

const appKey = text(STAT_APP_KEY_MAX).min(1, 'appKey is required');
const version = text(STAT_VERSION_MAX);

export const StatConfig = z.object({
  /** 0: the collector answered. */
  ret: z.number().int(),
  /** Whether this app key and version should report. */
  enable: z.boolean(),
});
export type StatConfig = z.infer<typeof StatConfig>;

export const StatReportResult = z.object({ counted: z.number().int().nonnegative() });

export const statConfig = endpoint({
  method: 'GET',
  path: '/stat/config',
  request: z.object({ appKey, version }),
  response: StatConfig,
  auth: false,
  summary: 'Whether an app key and version should report statistics',
});

export const statReport = endpoint({
  method: 'POST',
  path: '/stat/report',
  request: z.object({ appKey, events: StatEvents }),
  response: StatReportResult,
  auth: false,
  summary: 'Count a batch of statistics events',
  bodyLimit: STAT_REPORT_BODY_LIMIT,
});

/**
 * The batch of a beacon, `d`: a JSON list of events. It is parsed and checked inside the string's
 * own schema (after its maximum), so a problem is named `d.<index>.<field>`.
 */
const BeaconEvents = text(STAT_BEACON_MAX).transform((raw, ctx) => {
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    ctx.addIssue({ code: 'custom', message: 'must be a JSON list of events' });
    return z.NEVER;
  }
  const events = StatEvents.safeParse(parsed);
  if (events.success) return events.data;
  for (const issue of events.error.issues)
    ctx.addIssue({ code: 'custom', message: issue.message, path: issue.path });
  return z.NEVER;
});

/** The image-beacon form of /stat/report (an `<img>` GET, answered like any request). */
export const statBeacon = endpoint({
  method: 'GET',
  path: '/stat/beacon',
  request: z.object({ appKey, d: BeaconEvents }),
  response: StatReportResult,
  auth: false,
  summary: 'Count a batch of statistics events sent as an image beacon',
});
