import { describe, expect, it } from 'vitest';
import { hasForbiddenCharacters, text } from './text';

const issues = (result: { error?: { issues: { message: string }[] } }) =>
  result.error?.issues.map((issue) => issue.message) ?? [];

describe('request strings', () => {
  it('stop at the maximum: nothing chained after it looks at an over-long string', () => {
    let looked = 0;
    const schema = text(8).refine(() => {
      looked += 1;
      return true;
    });
    expect(issues(schema.safeParse('x'.repeat(9)))).toEqual(['at most 8 characters']);
    expect(looked).toBe(0);
    expect(schema.safeParse('x'.repeat(8)).success).toBe(true);
    expect(looked).toBe(1);
  });

  it('say why a string is too long in the words they were given', () => {
    expect(issues(text(3, { tooLong: 'name must be short' }).safeParse('long'))).toEqual([
      'name must be short',
    ]);
  });

  it('refuse NUL, the other control characters, DEL, C1 controls and lone surrogates', () => {
    for (const bad of [
      'a\0b',
      '\x01',
      'line\nbreak',
      'tab\t',
      '\r',
      '\x1b[31m',
      'del\x7f',
      '\x85',
      '\x9f',
      '\ud800',
      'x\udfffy',
    ])
      expect(issues(text(20).safeParse(bad)), JSON.stringify(bad)).toEqual([
        'must not contain control characters or invalid Unicode',
      ]);
  });

  it('keep tab, line feed and carriage return in multi-line text, and nothing else of the kind', () => {
    const multiline = text(20, { multiline: true });
    expect(multiline.safeParse('one\r\ntwo\tthree').success).toBe(true);
    for (const bad of ['a\0b', '\x0b', '\x0c', '\x7f', '\ud83d'])
      expect(multiline.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
  });

  it('take every other character: accents, CJK, right-to-left scripts, emoji in pairs of surrogates', () => {
    for (const ok of ['Zoë', '你好', 'مرحبا', '\u{1f600}\u{1f44d}\u{1f3fd}', 'a\u200db', '\u00a0'])
      expect(text(20).safeParse(ok).success, ok).toBe(true);
  });

  it('trim only after the checks, and then let the caller check the rest', () => {
    const name = text(6, { trim: true }).min(1, 'name is required');
    expect(name.parse('  ab  ')).toBe('ab');
    expect(issues(name.safeParse('   '))).toEqual(['name is required']);
    expect(issues(name.safeParse(' \0 '))).toEqual([
      'must not contain control characters or invalid Unicode',
    ]);
  });

  it('tell forbidden characters apart in one pass', () => {
    expect(hasForbiddenCharacters('plain text')).toBe(false);
    expect(hasForbiddenCharacters('two\nlines')).toBe(true);
    expect(hasForbiddenCharacters('two\nlines', true)).toBe(false);
  });
});
