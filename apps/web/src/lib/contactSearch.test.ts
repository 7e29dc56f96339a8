import { describe, expect, it } from 'vitest';
import { matchesKeyword } from './contactSearch';

describe('matchesKeyword', () => {
  it('finds a Chinese name by its pinyin initials or in full', () => {
    expect(matchesKeyword('zs', ['张三'])).toBe(true);
    expect(matchesKeyword('ZS', ['张三'])).toBe(true);
    expect(matchesKeyword('zhangsan', ['张三'])).toBe(true);
    expect(matchesKeyword('zhang san', ['张三'])).toBe(true);
    expect(matchesKeyword('张', ['张三'])).toBe(true);
    expect(matchesKeyword('ls', ['张三'])).toBe(false);
  });

  it('finds by remark, nickname or chat ID, whatever the case or accents', () => {
    expect(matchesKeyword('eva', ['', 'Éva Novak', 'eva_77'])).toBe(true);
    expect(matchesKeyword('77', ['', 'Éva Novak', 'eva_77'])).toBe(true);
    expect(matchesKeyword('nov', ['Boss', 'Éva Novak'])).toBe(true);
    expect(matchesKeyword('xyz', ['Boss', 'Éva Novak'])).toBe(false);
  });

  it('finds nothing for an empty keyword', () => {
    expect(matchesKeyword('  ', ['张三'])).toBe(false);
  });
});
