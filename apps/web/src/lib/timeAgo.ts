import { toMillis } from './time';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * When a post was made, the way a feed says it: "just now" (`justNow`, in the interface
 * language) under a minute, then "5 minutes ago", "3 hours ago", "yesterday", "4 days ago",
 * and a date after a week (with the year when it is not this one).
 */
export function formatTimeAgo(time: number, now: number, locale: string, justNow: string): string {
  const ms = toMillis(time);
  if (!Number.isFinite(ms)) return '';
  const ago = Math.max(0, now - ms);
  const relative = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' });
  if (ago < MINUTE) return justNow;
  if (ago < HOUR) return relative.format(-Math.floor(ago / MINUTE), 'minute');
  if (ago < DAY) return relative.format(-Math.floor(ago / HOUR), 'hour');
  if (ago < 7 * DAY) return relative.format(-Math.floor(ago / DAY), 'day');
  const sameYear = new Date(ms).getFullYear() === new Date(now).getFullYear();
  return new Intl.DateTimeFormat(locale, {
    ...(sameYear ? {} : { year: 'numeric' }),
    month: 'short',
    day: 'numeric',
  }).format(ms);
}

/** The local calendar day of a time, as a key ("2026-11-24") for grouping posts by day. */
export function dayKey(time: number): string {
  const d = new Date(toMillis(time));
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}
