import { describe, expect, it } from 'vitest';
import { nextHeldRange, type HeldRange } from './heldRange';

const range = (heldFrom: number | null, heldTo: number | null, hasOlder = true): HeldRange => ({
  heldFrom,
  heldTo,
  hasOlder,
});
const set = (...seqs: number[]) => new Set(seqs);

describe('nextHeldRange', () => {
  it('starts a range at the first live message of a chat with no history here', () => {
    expect(nextHeldRange(range(null, null), 0, [57], { kind: 'live' }, set(57))).toEqual(range(56, 57, true));
    expect(nextHeldRange(range(null, null), 0, [1], { kind: 'live' }, set(1))).toEqual(range(0, 1, false));
  });

  it('grows with the next seq, and stays put over a gap', () => {
    expect(nextHeldRange(range(0, 4), 0, [5], { kind: 'live' }, set(1, 2, 3, 4, 5)).heldTo).toBe(5);
    expect(nextHeldRange(range(0, 4), 0, [6], { kind: 'live' }, set(1, 2, 3, 4, 6)).heldTo).toBe(4);
    // The gap is repaired: the range runs over both.
    expect(
      nextHeldRange(
        range(0, 4),
        0,
        [5],
        { kind: 'sync', after: 4, lastSeq: 6, hasMore: false },
        set(1, 2, 3, 4, 5, 6),
      ).heldTo,
    ).toBe(6);
  });

  it('jumps over what the user cleared when catching up', () => {
    const next = nextHeldRange(
      range(0, 4),
      9,
      [10, 11],
      { kind: 'sync', after: 4, lastSeq: 11, hasMore: false },
      set(10, 11),
    );
    expect(next.heldTo).toBe(11);
    const empty = nextHeldRange(
      range(0, 4),
      9,
      [],
      { kind: 'sync', after: 4, lastSeq: 9, hasMore: false },
      set(),
    );
    expect(empty.heldTo).toBe(9);
  });

  it('takes the newest page as the range of a chat with none', () => {
    expect(
      nextHeldRange(
        range(null, null),
        0,
        [21, 40],
        { kind: 'newest', lastSeq: 40, hasMore: true },
        set(21, 40),
      ),
    ).toEqual(range(20, 40, true));
    expect(
      nextHeldRange(range(null, null), 3, [], { kind: 'newest', lastSeq: 3, hasMore: false }, set()),
    ).toEqual(range(3, 3, false));
  });

  it('joins an older page that meets the range, and knows when the history ends', () => {
    const seqs = set(...Array.from({ length: 40 }, (_, i) => i + 1));
    expect(nextHeldRange(range(20, 40), 0, [1, 20], { kind: 'older', hasMore: false }, seqs)).toEqual(
      range(0, 40, false),
    );
  });

  it('runs over seqs an answer names empty, at both ends', () => {
    // Seqs 21…30 were skipped by a restored server: the page below them joins the range above.
    const empty = [{ fromSeq: 21, toSeq: 30 }];
    const seqs = set(...Array.from({ length: 20 }, (_, i) => i + 1), 31, 32);
    expect(nextHeldRange(range(30, 32), 0, [1, 20], { kind: 'older', hasMore: false, empty }, seqs)).toEqual(
      range(0, 32, false),
    );
    // A newest page that ends below them holds up to the newest seq.
    expect(
      nextHeldRange(
        range(null, null),
        0,
        [20],
        { kind: 'newest', lastSeq: 30, hasMore: true, empty },
        set(20),
      ),
    ).toEqual(range(19, 30, true));
    // Catch-up moves over them between two messages.
    expect(
      nextHeldRange(
        range(0, 19),
        0,
        [20, 31],
        { kind: 'sync', after: 19, lastSeq: 31, hasMore: false, empty },
        seqs,
      ).heldTo,
    ).toBe(32);
  });

  it('keeps a page that arrived after a live message apart from the range that message started', () => {
    // The newest page (seq 1) left before seq 3 was pushed; seq 2 is still missing.
    const next = nextHeldRange(
      range(2, 3),
      0,
      [1],
      { kind: 'newest', lastSeq: 1, hasMore: false },
      set(1, 3),
    );
    expect(next).toEqual(range(2, 3, true));
  });
});
