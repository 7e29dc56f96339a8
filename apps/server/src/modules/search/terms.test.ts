import { MsgType } from '@paichat/protocol';
import { describe, expect, it } from 'vitest';
import { ftsQuery, highlightRanges, indexTerms, queryGroups, searchableText, tsqueryLiteral } from './terms';

describe('search terms', () => {
  it('splits words, lowercased, without punctuation or emoji', () => {
    expect(indexTerms("Let's have DINNER tonight! 🍝 at 8:30")).toEqual([
      'let',
      's',
      'have',
      'dinner',
      'tonight',
      'at',
      '8',
      '30',
    ]);
  });

  it('indexes Chinese, Japanese and Korean a character at a time, Thai by dictionary words', () => {
    expect(indexTerms('今晚吃晚饭')).toEqual(['今', '晚', '吃', '晚', '饭']);
    expect(indexTerms('東京に行く')).toEqual(['東', '京', 'に', '行', 'く']);
    expect(indexTerms('กินข้าวเย็น')).toEqual(['กิน', 'ข้าว', 'เย็น']);
    expect(indexTerms('abc中文')).toEqual(['abc', '中', '文']);
  });

  it('asks for words as prefixes and character runs as phrases, on both databases', () => {
    const groups = queryGroups('Din 晚饭');
    expect(groups).toEqual([
      { terms: ['din'], word: true },
      { terms: ['晚', '饭'], word: false },
    ]);
    expect(ftsQuery(groups)).toBe('"din"* AND "晚 饭"');
    expect(tsqueryLiteral(groups)).toBe("'din':* & ('晚' <-> '饭')");
    expect(queryGroups('"\'*:&|!()<->')).toEqual([]);
  });

  it('highlights every occurrence, merged', () => {
    expect(highlightRanges('Dinner, dinner', queryGroups('din dinner'))).toEqual([
      [0, 6],
      [8, 14],
    ]);
  });

  it('reads the words of texts, places and cards only', () => {
    expect(searchableText(MsgType.TEXT, { text: 'hi' })).toBe('hi');
    expect(searchableText(MsgType.LOCATION, { name: 'Park', address: '1 Main St', latitude: 1 })).toBe(
      'Park\n1 Main St',
    );
    expect(searchableText(MsgType.CARD, { nickName: 'Zhang' })).toBe('Zhang');
    expect(searchableText(MsgType.IMAGE, { url: 'x' })).toBeNull();
  });
});
