import { describe, expect, it } from 'vitest';
import { belowRanges, clipRanges, countInRanges, rangeHolding, stepDown } from './empty-seqs';

// Seqs 4…8 and 12…13 are empty; 9…11 (and 1…3, 14 on) hold messages.
const empty = [
  { fromSeq: 4, toSeq: 8 },
  { fromSeq: 12, toSeq: 13 },
];

describe('empty seq ranges', () => {
  it('are clipped to a stretch and counted there', () => {
    expect(clipRanges(empty, 6, 12)).toEqual([
      { fromSeq: 6, toSeq: 8 },
      { fromSeq: 12, toSeq: 12 },
    ]);
    expect(clipRanges(empty, 9, 11)).toEqual([]);
    expect(countInRanges(empty, 1, 20)).toBe(7);
    expect(countInRanges(empty, 7, 12)).toBe(3);
  });

  it('tell which range holds a seq, and the highest seq below that none holds', () => {
    expect(rangeHolding(empty, 5)).toEqual({ fromSeq: 4, toSeq: 8 });
    expect(rangeHolding(empty, 9)).toBeUndefined();
    expect(belowRanges(empty, 13)).toBe(11);
    expect(belowRanges(empty, 8)).toBe(3);
    expect(belowRanges(empty, 10)).toBe(10);
    // Touching ranges (two restores with nothing sent between) are passed as one.
    expect(belowRanges([...empty, { fromSeq: 14, toSeq: 15 }], 15)).toBe(11);
  });

  it('step down over the seqs that hold messages only', () => {
    // From 15 down: 15, 14, then 11, 10, 9, then 3 …
    expect(stepDown(empty, 15, 0)).toBe(16);
    expect(stepDown(empty, 15, 2)).toBe(14);
    expect(stepDown(empty, 15, 3)).toBe(11);
    expect(stepDown(empty, 15, 5)).toBe(9);
    expect(stepDown(empty, 15, 6)).toBe(3);
    expect(stepDown([], 15, 6)).toBe(10);
  });
});
