import { describe, expect, it } from 'vitest';
import {
  INDEX_LETTERS,
  displayNameOf,
  fold,
  groupContacts,
  groupIndexForLetter,
  letterOf,
  readingOf,
} from './contactGroups';

const byName = (names: string[]) => groupContacts(names, (n) => n).map((g) => [g.letter, g.items] as const);

describe('letterOf', () => {
  it('gives a Chinese name its pinyin initial', () => {
    expect(['张三', '李明', '王五', '阿丽', '欧阳娜娜'].map(letterOf)).toEqual(['Z', 'L', 'W', 'A', 'O']);
  });

  it('reads a leading character as a surname (曾 is Z, 单 is S)', () => {
    expect(letterOf('曾小贤')).toBe('Z');
    expect(letterOf('单田芳')).toBe('S');
  });

  it('gives a Latin name its letter, upper-cased, accents and width folded', () => {
    expect(['amy', 'Ben', 'Éva', 'ñandú', 'Øystein', 'Łukasz', 'Ａｍｙ', 'çelik'].map(letterOf)).toEqual([
      'A',
      'B',
      'E',
      'N',
      'O',
      'L',
      'A',
      'C',
    ]);
  });

  it("puts digits, emoji, other scripts and empty names under '#'", () => {
    expect(['007', '😀 smile', 'Борис', 'さくら', '김민수', '', '   ', '_x', '@home'].map(letterOf)).toEqual(
      Array(9).fill('#'),
    );
  });

  it('ignores leading spaces', () => {
    expect(letterOf('  zed')).toBe('Z');
  });
});

describe('readingOf and fold', () => {
  it('reads Chinese as spaced pinyin syllables without tones', () => {
    expect(readingOf('李明')).toBe('li ming');
    expect(readingOf('吕布')).toBe('lv bu');
    expect(readingOf('Amy李')).toBe('amy li');
  });

  it('folds case, accents and compatibility forms', () => {
    expect(fold('Éva ÀÇÑ')).toBe('eva acn');
    expect(fold('Straße')).toBe('strasse');
    expect(fold('Ａｍｙ')).toBe('amy');
  });
});

describe('displayNameOf', () => {
  it('uses the remark when there is one, else the nickname', () => {
    expect(displayNameOf({ remark: 'Mum', nickName: 'Zoe' })).toBe('Mum');
    expect(displayNameOf({ remark: '   ', nickName: ' Zoe ' })).toBe('Zoe');
    expect(displayNameOf({ nickName: 'Zoe' })).toBe('Zoe');
  });
});

describe('groupContacts', () => {
  it('groups A–Z with # last, leaving out empty letters', () => {
    expect(byName(['Zoe', '7eleven', '阿丽', 'amy', '张三', '😀'])).toEqual([
      ['A', ['阿丽', 'amy']],
      ['Z', ['张三', 'Zoe']],
      ['#', ['7eleven', '😀']],
    ]);
  });

  it('sorts within a group by pinyin, Chinese and Latin together', () => {
    // li < liang < lin; 'Lily' reads 'lily' (after 'liang', before 'lin').
    expect(byName(['林', '梁', 'Lily', '李明', 'lea'])).toEqual([['L', ['lea', '李明', '梁', 'Lily', '林']]]);
  });

  it('sorts accented names with their base letters, case-insensitively', () => {
    expect(byName(['Evan', 'éric', 'Emma', 'Élodie'])).toEqual([['E', ['Élodie', 'Emma', 'éric', 'Evan']]]);
  });

  it('lists a contact under its remark, not its nickname', () => {
    const friends = [
      { userId: '1', nickName: 'Zoe', remark: 'Mum' },
      { userId: '2', nickName: 'Adam', remark: '' },
      { userId: '3', nickName: 'Bob', remark: '张老师' },
    ];
    const groups = groupContacts(friends, displayNameOf, (f) => f.userId);
    expect(groups.map((g) => [g.letter, g.items.map((f) => f.userId)])).toEqual([
      ['A', ['2']],
      ['M', ['1']],
      ['Z', ['3']],
    ]);
  });

  it('keeps a stable order for equal names by id', () => {
    const same = [
      { id: 'b', n: 'Amy' },
      { id: 'a', n: 'Amy' },
    ];
    expect(
      groupContacts(
        same,
        (x) => x.n,
        (x) => x.id,
      ).flatMap((g) => g.items.map((x) => x.id)),
    ).toEqual(['a', 'b']);
  });

  it('groups 5,000 contacts quickly', () => {
    const names = Array.from({ length: 5000 }, (_, i) => (i % 2 ? `用户${i}` : `user ${i}`));
    const start = performance.now();
    const groups = groupContacts(names, (n) => n);
    expect(groups.reduce((sum, g) => sum + g.items.length, 0)).toBe(5000);
    expect(performance.now() - start).toBeLessThan(2000);
  });
});

describe('groupIndexForLetter', () => {
  const letters = ['A', 'M', 'Z', '#'];
  it('finds the letter, else the next group after it, else the last', () => {
    expect(groupIndexForLetter(letters, 'A')).toBe(0);
    expect(groupIndexForLetter(letters, 'B')).toBe(1);
    expect(groupIndexForLetter(letters, '#')).toBe(3);
    expect(groupIndexForLetter(['A', 'B'], 'Q')).toBe(1);
    expect(groupIndexForLetter([], 'A')).toBe(-1);
  });
  it('has the 26 letters and # in the index', () => {
    expect(INDEX_LETTERS.join('')).toBe('ABCDEFGHIJKLMNOPQRSTUVWXYZ#');
  });
});
