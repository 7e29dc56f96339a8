import { describe, expect, it } from 'vitest';
import { dayKey, formatTimeAgo } from './timeAgo';

const now = new Date(2026, 10, 24, 12, 0).getTime();
const ago = (ms: number) => formatTimeAgo(now - ms, now, 'en', 'Just now');

describe('formatTimeAgo', () => {
  it('says just now, then minutes, hours and days ago, then a date', () => {
    expect(ago(20_000)).toBe('Just now');
    expect(ago(5 * 60_000)).toBe('5 minutes ago');
    expect(ago(3 * 3_600_000)).toBe('3 hours ago');
    expect(ago(26 * 3_600_000)).toBe('yesterday');
    expect(ago(4 * 86_400_000)).toBe('4 days ago');
    expect(ago(30 * 86_400_000)).toBe('Oct 25');
    expect(formatTimeAgo(new Date(2025, 0, 3).getTime(), now, 'en', 'Just now')).toBe('Jan 3, 2025');
  });

  it('speaks the interface language', () => {
    expect(formatTimeAgo(now - 5 * 60_000, now, 'fr', 'À l’instant')).toBe('il y a 5 minutes');
  });

  it('takes server times in seconds too', () => {
    expect(formatTimeAgo(Math.floor((now - 2 * 3_600_000) / 1000), now, 'en', 'Just now')).toBe(
      '2 hours ago',
    );
  });
});

describe('dayKey', () => {
  it('names the local day', () => {
    expect(dayKey(new Date(2026, 0, 5, 23, 59).getTime())).toBe('2026-01-05');
  });
});
