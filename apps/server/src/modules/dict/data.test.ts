import { LANGUAGES } from '@paichat/protocol';
import { describe, expect, it } from 'vitest';
import { DICT_COPY } from './data';
import { dictItems } from './service';

describe('dictionary copy', () => {
  it('has every language, each translated (not a copy of English except where identical by nature)', () => {
    expect(Object.keys(DICT_COPY).sort()).toEqual([...LANGUAGES].sort());
    for (const language of LANGUAGES) {
      const copy = DICT_COPY[language];
      expect(copy.introSuggestions.length, language).toBeGreaterThanOrEqual(6);
      expect(copy.introSuggestions.length, language).toBeLessThanOrEqual(8);
      expect(copy.applyReason, language).toContain('{nickName}');
      expect(new Set(Object.values(copy.gender)).size, language).toBe(3);
      if (language !== 'en') {
        expect(copy.applyReason, language).not.toBe(DICT_COPY.en.applyReason);
        expect(copy.introSuggestions[0], language).not.toBe(DICT_COPY.en.introSuggestions[0]);
        expect(copy.gender.female, language).not.toBe(DICT_COPY.en.gender.female);
      }
    }
  });

  it('answers the gender values the profile accepts', () => {
    expect(dictItems('sys_user_sex', 'de').map((i) => i.dictValue)).toEqual(['male', 'female', 'unknown']);
  });
});
