import { describe, expect, it } from 'vitest';
import { toMillis } from './time';

describe('toMillis', () => {
  it('keeps values above 1e12 as milliseconds', () => {
    expect(toMillis(1_763_800_000_000)).toBe(1_763_800_000_000);
    expect(toMillis(1e12 + 1)).toBe(1e12 + 1);
  });
  it('treats 1e12 and below as seconds', () => {
    expect(toMillis(1_763_800_000)).toBe(1_763_800_000_000);
    expect(toMillis(1e12)).toBe(1e15);
    expect(toMillis(0)).toBe(0);
  });
  it('accepts numeric strings', () => {
    expect(toMillis('1763800000')).toBe(1_763_800_000_000);
    expect(toMillis('1763800000123')).toBe(1_763_800_000_123);
  });
  it('gives NaN for anything that is not a number', () => {
    expect(toMillis('')).toBeNaN();
    expect(toMillis('soon')).toBeNaN();
    expect(toMillis(Number.POSITIVE_INFINITY)).toBeNaN();
  });
});
