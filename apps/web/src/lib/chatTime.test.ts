import { describe, expect, it } from 'vitest';
import {
  formatCallDuration,
  formatChatTime,
  formatClockTime,
  formatDuration,
  formatMessageTime,
  needsTimeSeparator,
} from './chatTime';
import { LOCALES } from '../i18n/languages';

// A Wednesday afternoon, local time.
const now = new Date(2026, 10, 18, 15, 30).getTime();
const at = (day: number, hour: number, minute: number, month = 10, year = 2026) =>
  new Date(year, month, day, hour, minute).getTime();

describe('formatClockTime', () => {
  it('is a time also past midnight (the end of a nearby listing an hour ahead)', () => {
    expect(formatClockTime(at(19, 0, 15))).toBe('00:15');
    expect(formatClockTime(at(18, 23, 59))).toBe('23:59');
    expect(formatClockTime(0)).toBe('');
  });

  it("reads as every interface language's own 24-hour clock", () => {
    for (const locale of LOCALES) {
      const intl = new Intl.DateTimeFormat(locale, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
      for (const time of [at(18, 0, 5), at(18, 9, 30), at(18, 14, 5), at(18, 23, 59)])
        expect(formatClockTime(time), locale).toBe(intl.format(time));
    }
  });
});

describe('formatChatTime', () => {
  it('shows the clock time for today', () => {
    expect(formatChatTime(at(18, 14, 5), now, 'en')).toBe('14:05');
    expect(formatChatTime(at(18, 0, 1), now, 'en')).toBe('00:01');
  });
  it('says Yesterday for yesterday, in the interface language', () => {
    expect(formatChatTime(at(17, 23, 59), now, 'en')).toBe('Yesterday');
    expect(formatChatTime(at(17, 8, 0), now, 'zh')).toBe('昨天');
    expect(formatChatTime(at(17, 8, 0), now, 'fr')).toBe('Hier');
  });
  it('names the weekday within the last week', () => {
    expect(formatChatTime(at(16, 9, 0), now, 'en')).toBe('Monday');
    expect(formatChatTime(at(12, 9, 0), now, 'en')).toBe('Thursday');
    expect(formatChatTime(at(16, 9, 0), now, 'de')).toBe('Montag');
  });
  it('shows the date from a week back, with the year only when it differs', () => {
    expect(formatChatTime(at(11, 9, 0), now, 'en')).toBe('11/11');
    expect(formatChatTime(at(3, 9, 0, 0, 2025), now, 'en')).toBe('1/3/2025');
    expect(formatChatTime(at(3, 9, 0, 0, 2025), now, 'de')).toBe('3.1.2025');
  });
  it('accepts seconds as well as milliseconds (values up to 1e12 are seconds)', () => {
    expect(formatChatTime(Math.floor(at(18, 14, 5) / 1000), now, 'en')).toBe('14:05');
    expect(formatChatTime(String(at(18, 14, 5)), now, 'en')).toBe('14:05');
  });
  it('gives nothing for a missing or broken time', () => {
    expect(formatChatTime(0, now, 'en')).toBe('');
    expect(formatChatTime('soon', now, 'en')).toBe('');
  });
});

describe('formatMessageTime', () => {
  it('adds the clock time to days other than today', () => {
    expect(formatMessageTime(at(18, 9, 7), now, 'en')).toBe('09:07');
    expect(formatMessageTime(at(17, 21, 0), now, 'en')).toBe('Yesterday 21:00');
    expect(formatMessageTime(at(16, 8, 30), now, 'en')).toBe('Monday 08:30');
  });
});

describe('needsTimeSeparator', () => {
  it('separates the first message and gaps of more than five minutes', () => {
    expect(needsTimeSeparator(undefined, at(18, 9, 0))).toBe(true);
    expect(needsTimeSeparator(at(18, 9, 0), at(18, 9, 5))).toBe(false);
    expect(needsTimeSeparator(at(18, 9, 0), at(18, 9, 5) + 1000)).toBe(true);
  });
});

describe('formatDuration', () => {
  it('reads minutes and seconds, and hours when there are any', () => {
    expect(formatDuration(0)).toBe('0:00');
    expect(formatDuration(42)).toBe('0:42');
    expect(formatDuration(725)).toBe('12:05');
    expect(formatDuration(3723)).toBe('1:02:03');
  });
});

describe('formatCallDuration', () => {
  it('uses seconds under a minute and minutes from there, in the interface language', () => {
    expect(formatCallDuration(42, 'en')).toBe('42 seconds');
    expect(formatCallDuration(60, 'en')).toBe('1 minute');
    expect(formatCallDuration(185, 'en')).toBe('3 minutes');
    expect(formatCallDuration(185, 'de')).toBe('3 Minuten');
  });
});
