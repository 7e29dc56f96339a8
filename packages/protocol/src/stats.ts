import { z } from 'zod';
import { endpoint } from './endpoint';
import { LANGUAGES } from './limits';
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
 * app key it is configured with (STAT_APP_KEY); without one it answers `enable: false`. It
 * counts only the app's own events (`isAppStatEvent`), and answers how many it counted.
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

/** The events the app sends (apps/web/src/lib/analytics.ts). */
export const StatEventName = {
  /** The value: the app's version. */
  SESSION_START: 'session_start',
  /** The value: the interface language, one of LANGUAGES ('' when the app could not tell). */
  LANGUAGE: 'language',
  /** The value: the session's length, as a band of STAT_SESSION_BANDS. */
  SESSION_END: 'session_end',
  /** The value: the page's path (STAT_UNKNOWN_PAGE for one that is not the app's). */
  PAGE_VIEW: 'page_view',
} as const;

/** A session's length as `session_end` tells it: the first band it is shorter than (seconds), else the last. */
export const STAT_SESSION_BANDS: readonly (readonly [number, string])[] = [
  [10, '0-10s'],
  [30, '10-30s'],
  [60, '30-60s'],
  [180, '1-3min'],
  [600, '3-10min'],
  [1800, '10-30min'],
];
export const STAT_SESSION_LONGEST = '30min+';
/** The value of a page view whose path is not one of the app's. */
export const STAT_UNKNOWN_PAGE = 'not-found';
/** A page view's path is at most this many characters (the app's longest has 31). */
export const STAT_PATH_MAX = 64;

const VERSION = /^\d{1,6}(?:\.\d{1,6}){0,3}$/;
/** `/`, or `/`-separated words of letters, digits, `_` and `-` (`/wx/tabbar1/index`). */
const PATH = /^\/(?:[\w-]+\/)*[\w-]*$/;
const BANDS = new Set([...STAT_SESSION_BANDS.map(([, band]) => band), STAT_SESSION_LONGEST]);
const LANGUAGE_VALUES = new Set<string>(['', ...LANGUAGES]);

/**
 * Whether an event is one the app sends, its value of that event's shape: a version, a
 * language code, a band, a path. The server's collector counts no other, so whoever calls it
 * cannot make it keep names or values of their choosing.
 */
export function isAppStatEvent({ name, value }: { name: string; value: string }): boolean {
  switch (name) {
    case StatEventName.SESSION_START:
      return VERSION.test(value);
    case StatEventName.LANGUAGE:
      return LANGUAGE_VALUES.has(value);
    case StatEventName.SESSION_END:
      return BANDS.has(value);
    case StatEventName.PAGE_VIEW:
      return value === STAT_UNKNOWN_PAGE || (value.length <= STAT_PATH_MAX && PATH.test(value));
    default:
      return false;
  }
}

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
