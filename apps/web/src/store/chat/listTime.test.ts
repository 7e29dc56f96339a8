import { describe, expect, it } from 'vitest';
import { formatListTime } from './listTime';

const labels = { yesterday: 'Yesterday' };
const now = new Date(2026, 10, 20, 15, 30).getTime(); // a Friday

describe('formatListTime', () => {
  it('shows the time today', () => {
    expect(formatListTime(new Date(2026, 10, 20, 9, 5).getTime(), now, 'en', labels)).toBe('09:05');
  });
  it('says yesterday', () => {
    expect(formatListTime(new Date(2026, 10, 19, 23, 59).getTime(), now, 'en', labels)).toBe('Yesterday');
  });
  it('names the weekday within a week', () => {
    expect(formatListTime(new Date(2026, 10, 16, 12, 0).getTime(), now, 'en', labels)).toBe('Monday');
  });
  it('shows month and day within the year, the full date before', () => {
    expect(formatListTime(new Date(2026, 0, 3).getTime(), now, 'en', labels)).toBe('1/3');
    expect(formatListTime(new Date(2025, 0, 3).getTime(), now, 'en', labels)).toBe('1/3/2025');
  });
  it('shows nothing for no time', () => {
    expect(formatListTime(0, now, 'en', labels)).toBe('');
  });
});
