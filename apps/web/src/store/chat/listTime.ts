/**
 * The chat list's time column: the time today, "Yesterday", the weekday within a week, the
 * month and day within the year, else the full date, in the interface language.
 */
const DAY = 86_400_000;

const startOfDay = (ms: number) => {
  const d = new Date(ms);
  d.setHours(0, 0, 0, 0);
  return d.getTime();
};

export function formatListTime(
  ms: number,
  now: number,
  locale: string,
  labels: { yesterday: string },
): string {
  if (!Number.isFinite(ms) || ms <= 0) return '';
  const date = new Date(ms);
  const today = startOfDay(now);
  const fmt = (options: Intl.DateTimeFormatOptions) => new Intl.DateTimeFormat(locale, options).format(date);
  if (ms >= today) return fmt({ hour: '2-digit', minute: '2-digit', hour12: false });
  if (ms >= today - DAY) return labels.yesterday;
  if (ms >= today - 6 * DAY) return fmt({ weekday: 'long' });
  if (date.getFullYear() === new Date(now).getFullYear()) return fmt({ month: 'numeric', day: 'numeric' });
  return fmt({ year: 'numeric', month: 'numeric', day: 'numeric' });
}
