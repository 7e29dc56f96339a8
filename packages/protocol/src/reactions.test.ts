import { describe, expect, it } from 'vitest';
import { isSingleEmoji, QUICK_REACTIONS, ReactionEmoji } from './reactions';

describe('reaction emoji', () => {
  it('takes one emoji of any kind: quick ones, skin tones, families, flags and keycaps', () => {
    for (const emoji of [...QUICK_REACTIONS, '👍🏽', '👨‍👩‍👧', '🇯🇵', '🏴󠁧󠁢󠁳󠁣󠁴󠁿', '1️⃣', '❤'])
      expect(isSingleEmoji(emoji), emoji).toBe(true);
  });

  it('refuses text, digits, two emoji and emoji with text around them', () => {
    for (const value of ['', 'a', 'ok', '1', '#', '👍👍', '👍 ', ' 👍', 'a👍', '\u200d', '\ufe0f', 'é'])
      expect(isSingleEmoji(value), value).toBe(false);
  });

  it('refuses a long string before looking at it', () => {
    expect(ReactionEmoji.safeParse('👍'.repeat(1000)).error?.issues[0]?.message).toBe(
      'emoji must be one emoji',
    );
  });
});
