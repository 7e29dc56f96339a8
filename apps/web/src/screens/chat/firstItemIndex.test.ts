import { describe, expect, it } from 'vitest';
import { FIRST_ITEM_INDEX_START as START, nextFirstItemIndex } from './firstItemIndex';

describe('nextFirstItemIndex', () => {
  it('stays put when messages are appended', () => {
    expect(nextFirstItemIndex(START, 'a', ['a', 'b', 'c'])).toBe(START);
  });
  it('drops by the number of older messages put in front', () => {
    expect(nextFirstItemIndex(START, 'a', ['x', 'y', 'z', 'a', 'b'])).toBe(START - 3);
    expect(nextFirstItemIndex(START - 3, 'x', ['p', 'q', 'x', 'y'])).toBe(START - 5);
  });
  it('starts over when the old first row is gone (history cleared, another chat)', () => {
    expect(nextFirstItemIndex(START - 40, 'a', ['k', 'l'])).toBe(START);
    expect(nextFirstItemIndex(START - 40, 'a', [])).toBe(START);
    expect(nextFirstItemIndex(START - 40, undefined, ['a'])).toBe(START);
  });
});
