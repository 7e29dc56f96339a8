/**
 * How chat times read (the Message tab and the separators of the chat window), in the
 * interface language: today "14:05", yesterday "Yesterday", within the last week the weekday,
 * otherwise the date. Times may be seconds or milliseconds (the spec's rule, see `toMillis`).
 * Pure: the caller passes "now" and the locale, so tests and every screen agree.
 */
import { toMillis } from './time';

const DAY_MS = 86_400_000;
/** Messages further apart than this get a time separator between them in the chat window. */
export const TIME_SEPARATOR_GAP_MS = 5 * 60_000;

function startOfDay(ms: number): number {
  const d = new Date(ms);
  d.setHours(0, 0, 0, 0);
  return d.getTime();
}

/** Whole calendar days from `ms` to `now` (0 today, 1 yesterday; negative in the future). */
function daysBefore(ms: number, now: number): number {
  // Rounding absorbs the 23- and 25-hour days of daylight-saving changes.
  return Math.round((startOfDay(now) - startOfDay(ms)) / DAY_MS);
}

function capitalize(text: string, locale: string): string {
  return text.charAt(0).toLocaleUpperCase(locale) + text.slice(1);
}

/**
 * One formatter per locale and options, made once: building an Intl formatter costs far more
 * than using one, and a long chat or a full chat list formats hundreds of times.
 */
const formatters = new Map<string, Intl.DateTimeFormat | Intl.RelativeTimeFormat>();
function cached<F extends Intl.DateTimeFormat | Intl.RelativeTimeFormat>(key: string, make: () => F): F {
  let formatter = formatters.get(key);
  if (!formatter) formatters.set(key, (formatter = make()));
  return formatter as F;
}

const dateFormat = (locale: string, options: Intl.DateTimeFormatOptions) =>
  cached(`${locale} ${JSON.stringify(options)}`, () => new Intl.DateTimeFormat(locale, options));

type Locale = string | undefined;

/**
 * A time of day, "14:05". Every interface language writes a 24-hour clock this way (the test
 * checks it against the browser's formatter for each), so it needs no formatter: the browser's
 * first date formatter costs a slow phone tens of milliseconds (its locale data), which the
 * Message tab, its rows mostly from today, would otherwise wait for.
 */
function clock(ms: number): string {
  const d = new Date(ms);
  return `${String(d.getHours()).padStart(2, '0')}:${String(d.getMinutes()).padStart(2, '0')}`;
}

function yesterday(locale: string): string {
  const relative = cached(
    `${locale} relative`,
    () => new Intl.RelativeTimeFormat(locale, { numeric: 'auto' }),
  );
  return capitalize(relative.format(-1, 'day'), locale);
}

function weekday(ms: number, locale: string): string {
  return capitalize(dateFormat(locale, { weekday: 'long' }).format(ms), locale);
}

function date(ms: number, now: number, locale: string): string {
  const sameYear = new Date(ms).getFullYear() === new Date(now).getFullYear();
  return dateFormat(
    locale,
    sameYear ? { month: 'numeric', day: 'numeric' } : { year: 'numeric', month: 'numeric', day: 'numeric' },
  ).format(ms);
}

/** A chat-list time: "14:05", "Yesterday", "Monday" (within the last week) or a date. */
export function formatChatTime(time: number | string, now: number, locale: Locale = 'en'): string {
  const ms = toMillis(time);
  if (!Number.isFinite(ms) || ms <= 0) return '';
  const lang = locale ?? 'en';
  const days = daysBefore(ms, now);
  if (days === 0) return clock(ms);
  if (days === 1) return yesterday(lang);
  if (days > 1 && days < 7) return weekday(ms, lang);
  return date(ms, now, lang);
}

/**
 * The clock time alone ("00:15"), for a moment within the next hours such as the end of a
 * nearby listing: past midnight it is still a time, not tomorrow's date.
 */
export function formatClockTime(time: number | string): string {
  const ms = toMillis(time);
  return Number.isFinite(ms) && ms > 0 ? clock(ms) : '';
}

/** A separator in the chat window: the same words as the list, with the clock time added. */
export function formatMessageTime(time: number | string, now: number, locale: Locale = 'en'): string {
  const ms = toMillis(time);
  if (!Number.isFinite(ms) || ms <= 0) return '';
  const lang = locale ?? 'en';
  const days = daysBefore(ms, now);
  if (days === 0) return clock(ms);
  return `${formatChatTime(ms, now, lang)} ${clock(ms)}`;
}

/** Whether a message sent at `time` needs a separator after one sent at `previous`. */
export function needsTimeSeparator(previous: number | undefined, time: number): boolean {
  if (previous === undefined) return true;
  return Math.abs(toMillis(time) - toMillis(previous)) > TIME_SEPARATOR_GAP_MS;
}

/** A call or voice length: "0:42", "12:05", "1:02:03". */
export function formatDuration(seconds: number): string {
  const total = Math.max(0, Math.round(seconds));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = String(total % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}

/**
 * A call's length the spec's way (section 4, call end): in seconds under a minute, otherwise in
 * (whole) minutes, spelled out in the interface language ("42 seconds", "3 minutes").
 */
export function formatCallDuration(seconds: number, locale: Locale = 'en'): string {
  const total = Math.max(0, Math.round(seconds));
  const [value, unit] = total < 60 ? [total, 'second'] : [Math.round(total / 60), 'minute'];
  return new Intl.NumberFormat(locale ?? 'en', { style: 'unit', unit, unitDisplay: 'long' }).format(value);
}
