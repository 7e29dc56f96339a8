import { describe, expect, it } from 'vitest';
import { check, checkField, isEmpty, type FieldRules, type Rule, type RuleSet } from './checker';

const one = (rule: Rule, message = 'Field'): FieldRules => ({ message, rules: [rule] });
const ok = (value: unknown, rule: Rule, data: Record<string, unknown> = {}) =>
  checkField(value, one(rule), data) === null;

describe('isEmpty', () => {
  it('treats falsy values and blank strings as empty', () => {
    for (const v of ['', '   ', null, undefined, false, 0, Number.NaN]) expect(isEmpty(v)).toBe(true);
    for (const v of ['a', ' a ', 1, true, [], {}]) expect(isEmpty(v)).toBe(false);
  });
});

describe('required', () => {
  it('fails on a falsy value and passes otherwise', () => {
    expect(checkField('', one({ type: 'required', message: 'Need it' }))).toBe('Need it');
    expect(checkField(undefined, one({ type: 'required' }, 'Account'))).toBe('Account');
    expect(checkField(false, one({ type: 'required' }))).toBe('Field');
    expect(ok('x', { type: 'required' })).toBe(true);
    expect(ok(true, { type: 'required' })).toBe(true);
  });
});

describe('phone', () => {
  it('wants 11 digits starting with 1', () => {
    expect(ok('13800138000', { type: 'phone' })).toBe(true);
    expect(ok('23800138000', { type: 'phone' })).toBe(false);
    expect(ok('1380013800', { type: 'phone' })).toBe(false);
    expect(ok('138001380001', { type: 'phone' })).toBe(false);
    expect(ok('1380013800a', { type: 'phone' })).toBe(false);
    expect(ok(13800138000, { type: 'phone' })).toBe(true);
  });
});

describe('email', () => {
  it('wants a basic address', () => {
    expect(ok('a@b.co', { type: 'email' })).toBe(true);
    expect(ok('first.last+tag@mail.example.org', { type: 'email' })).toBe(true);
    for (const bad of ['a@b', 'ab.co', 'a @b.co', '@b.co', 'a@.'])
      expect(ok(bad, { type: 'email' })).toBe(false);
  });
});

describe('idcard', () => {
  it('wants 15 digits, or 18 with an X allowed last', () => {
    expect(ok('110105491231002', { type: 'idcard' })).toBe(true);
    expect(ok('11010519491231002X', { type: 'idcard' })).toBe(true);
    expect(ok('11010519491231002x', { type: 'idcard' })).toBe(true);
    expect(ok('110105194912310021', { type: 'idcard' })).toBe(true);
    expect(ok('1101051949123100', { type: 'idcard' })).toBe(false);
    expect(ok('X10105194912310021', { type: 'idcard' })).toBe(false);
    expect(ok('11010549123100X', { type: 'idcard' })).toBe(false);
  });
});

describe('url', () => {
  it('accepts http, https and ftp', () => {
    for (const u of ['http://a.com', 'https://a.com/x?y=1#z', 'FTP://files.example.org/pub']) {
      expect(ok(u, { type: 'url' })).toBe(true);
    }
    for (const u of ['mailto:a@b.co', 'ws://a.com', 'a.com', 'https://', 'https:// a.com']) {
      expect(ok(u, { type: 'url' })).toBe(false);
    }
  });
});

describe('number', () => {
  it('wants digits only', () => {
    expect(ok('0123', { type: 'number' })).toBe(true);
    expect(ok(42, { type: 'number' })).toBe(true);
    for (const n of ['1.5', '-1', '1e3', '12a']) expect(ok(n, { type: 'number' })).toBe(false);
  });
});

describe('reg', () => {
  it('tests a custom pattern', () => {
    expect(ok('abc', { type: 'reg', pattern: /^[a-c]+$/ })).toBe(true);
    expect(ok('abd', { type: 'reg', pattern: /^[a-c]+$/ })).toBe(false);
  });
  it("defaults its message to the field's message plus ' Validation failed'", () => {
    expect(checkField('x', one({ type: 'reg', pattern: /^\d$/ }, 'Code'))).toBe('Code Validation failed');
    expect(checkField('x', one({ type: 'reg', pattern: /^\d$/, message: 'Digits' }, 'Code'))).toBe('Digits');
  });
  it('gives the same answer every time with a global pattern', () => {
    const rule: Rule = { type: 'reg', pattern: /a/g };
    expect([ok('a', rule), ok('a', rule), ok('a', rule)]).toEqual([true, true, true]);
  });
});

describe('same', () => {
  it('must equal another field, even when empty', () => {
    const rule: Rule = { type: 'same', field: 'password', message: 'Mismatch' };
    expect(checkField('secret12', one(rule), { password: 'secret12' })).toBeNull();
    expect(checkField('secret13', one(rule), { password: 'secret12' })).toBe('Mismatch');
    expect(checkField('', one(rule), { password: 'secret12' })).toBe('Mismatch');
  });
});

describe('string', () => {
  it('wants an exact length in characters', () => {
    expect(ok('abcd', { type: 'string', length: 4 })).toBe(true);
    expect(ok('abc', { type: 'string', length: 4 })).toBe(false);
    expect(ok('abcde', { type: 'string', length: 4 })).toBe(false);
    expect(ok('😀😀', { type: 'string', length: 2 })).toBe(true);
  });
});

describe('format rules on empty values', () => {
  it('skip, leaving emptiness to required', () => {
    for (const type of ['phone', 'email', 'idcard', 'url', 'number'] as const)
      expect(ok('', { type })).toBe(true);
    expect(ok('', { type: 'reg', pattern: /^x$/ })).toBe(true);
    expect(ok('', { type: 'string', length: 3 })).toBe(true);
  });
});

describe('check', () => {
  const rules: RuleSet = {
    account: { message: 'Account', rules: [{ type: 'required', message: 'Enter account' }] },
    password: {
      message: 'Password',
      rules: [
        { type: 'required', message: 'Enter password' },
        { type: 'reg', pattern: /^.{8,20}$/, message: 'Length 8-20' },
      ],
    },
    confirm: { message: 'Confirm', rules: [{ type: 'same', field: 'password', message: 'No match' }] },
  };

  it('returns the first failure, field by field and rule by rule', () => {
    expect(check({}, rules)).toEqual({ field: 'account', message: 'Enter account' });
    expect(check({ account: 'a' }, rules)).toEqual({ field: 'password', message: 'Enter password' });
    expect(check({ account: 'a', password: 'short' }, rules)).toEqual({
      field: 'password',
      message: 'Length 8-20',
    });
    expect(check({ account: 'a', password: 'longenough', confirm: 'x' }, rules)).toEqual({
      field: 'confirm',
      message: 'No match',
    });
  });

  it('returns null when every rule passes', () => {
    expect(check({ account: 'a', password: 'longenough', confirm: 'longenough' }, rules)).toBeNull();
  });

  it('uses the field message when a rule has none', () => {
    expect(check({}, { phone: { message: 'Phone number', rules: [{ type: 'required' }] } })).toEqual({
      field: 'phone',
      message: 'Phone number',
    });
    expect(check({ phone: '2' }, { phone: { message: 'Phone number', rules: [{ type: 'phone' }] } })).toEqual(
      {
        field: 'phone',
        message: 'Phone number',
      },
    );
  });
});
