import { AVATAR_SIZE } from '@paichat/protocol';
import { describe, expect, it } from 'vitest';
import { gridLayout } from './portrait';

describe('gridLayout', () => {
  it('puts up to four two to a row and more three to a row, the short row first and centred', () => {
    const rows = (count: number) => {
      const tops = new Map<number, number>();
      for (const tile of gridLayout(count)) tops.set(tile.top, (tops.get(tile.top) ?? 0) + 1);
      return [...tops.values()];
    };
    expect(rows(3)).toEqual([1, 2]);
    expect(rows(4)).toEqual([2, 2]);
    expect(rows(5)).toEqual([2, 3]);
    expect(rows(7)).toEqual([1, 3, 3]);
    expect(rows(9)).toEqual([3, 3, 3]);
    // More than nine: only nine are drawn.
    expect(gridLayout(12)).toHaveLength(9);
    const [single] = gridLayout(3);
    expect(Math.abs((single?.left ?? 0) + (single?.size ?? 0) / 2 - AVATAR_SIZE / 2)).toBeLessThanOrEqual(1);
  });

  it('keeps every tile inside the canvas, none overlapping', () => {
    for (let n = 1; n <= 9; n += 1) {
      const tiles = gridLayout(n);
      for (const t of tiles) {
        expect(t.left).toBeGreaterThanOrEqual(0);
        expect(t.top + t.size).toBeLessThanOrEqual(AVATAR_SIZE);
        expect(t.left + t.size).toBeLessThanOrEqual(AVATAR_SIZE);
      }
      for (const a of tiles)
        for (const b of tiles)
          if (a !== b)
            expect(
              a.left + a.size <= b.left ||
                b.left + b.size <= a.left ||
                a.top + a.size <= b.top ||
                b.top + b.size <= a.top,
            ).toBe(true);
    }
  });
});
