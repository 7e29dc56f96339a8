/** A tab or row badge: a count, a plain dot (muted chats), or 0 for none. */
export type BadgeValue = number | 'dot';

/** What a badge shows: '' for none, '•' never (a dot has no text), '99+' past 99. */
export function badgeText(value: BadgeValue): string {
  if (value === 'dot' || value <= 0) return '';
  return value > 99 ? '99+' : String(value);
}
