import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ErrorId } from '@paichat/protocol';
import { LOCALES, NATIVE_NAMES, directionOf } from './languages';

const dir = join(import.meta.dirname, 'locales');
const load = (code: string): unknown => JSON.parse(readFileSync(join(dir, `${code}.json`), 'utf8'));

/** Every leaf of a nested bundle as 'a.b.c' → value. */
function flatten(node: unknown, prefix = '', out = new Map<string, unknown>()): Map<string, unknown> {
  if (node && typeof node === 'object' && !Array.isArray(node)) {
    for (const [key, value] of Object.entries(node)) flatten(value, prefix ? `${prefix}.${key}` : key, out);
  } else {
    out.set(prefix, node);
  }
  return out;
}

/** `{{name}}` placeholders and `<tag>` components a text carries. */
const tokens = (text: string) =>
  [...text.matchAll(/\{\{\s*(\w+)\s*\}\}|<\/?(\w+)>/g)].map((m) => m[0]).sort();

const en = flatten(load('en'));

/** A text said differently by count (i18next's `key_one`, `key_other`, …). */
const PLURAL_FORM = /_(zero|one|two|few|many|other)$/;

/**
 * The keys a bundle must have: en.json's, each plural text in all six forms, so every key is in
 * every file. The forms a language does not count with repeat its `other` text (never shown).
 */
function expectedKeys(): string[] {
  const forms = ['zero', 'one', 'two', 'few', 'many', 'other'];
  const keys = new Set<string>();
  for (const key of en.keys()) {
    if (!PLURAL_FORM.test(key)) keys.add(key);
    else for (const form of forms) keys.add(key.replace(PLURAL_FORM, `_${form}`));
  }
  return [...keys].sort();
}

/** The English a key translates (a plural form: the English plural). */
const englishOf = (key: string) => String(en.get(key) ?? en.get(key.replace(PLURAL_FORM, '_other')));

describe('locale files', () => {
  it('exist for exactly the fifteen codes', () => {
    const files = readdirSync(dir)
      .filter((f) => f.endsWith('.json'))
      .map((f) => f.replace(/\.json$/, ''))
      .sort();
    expect(files).toEqual([...LOCALES].sort());
  });

  it.each(LOCALES)('%s has every key of en.json, plurals in all six forms, and no other', (code) => {
    const keys = [...flatten(load(code)).keys()].sort();
    expect(keys).toEqual(expectedKeys());
  });

  it.each(LOCALES)('%s has no empty value and only strings', (code) => {
    for (const [key, value] of flatten(load(code))) {
      expect(typeof value, `${code}:${key}`).toBe('string');
      expect(String(value).trim(), `${code}:${key}`).not.toBe('');
    }
  });

  it.each(LOCALES.filter((code) => code !== 'en'))(
    '%s keeps the placeholders and link tags of en.json',
    (code) => {
      for (const [key, value] of flatten(load(code))) {
        const english = tokens(englishOf(key));
        // A plural form may say its number in words ("two messages") instead of {{count}}.
        const allowed = PLURAL_FORM.test(key)
          ? [english, english.filter((token) => token !== '{{count}}')]
          : [english];
        expect(allowed, `${code}:${key}`).toContainEqual(tokens(String(value)));
      }
    },
  );

  it.each(LOCALES.filter((code) => code !== 'en'))('%s is translated, not an English copy', (code) => {
    const bundle = flatten(load(code));
    const same = [...bundle].filter(([key, value]) => value === en.get(key)).map(([key]) => key);
    // A few words are the same in some languages (a brand, "Chat", "Info"); whole files are not.
    expect(same.length, `${code} copies: ${same.join(', ')}`).toBeLessThanOrEqual(Math.ceil(en.size * 0.05));
  });

  it('has a message for every stable error id of the protocol', () => {
    for (const id of Object.values(ErrorId)) expect(en.has(`errors.${id}`), `errors.${id}`).toBe(true);
  });

  it('names each language in itself, and only Arabic runs right to left', () => {
    expect(NATIVE_NAMES.ar).toBe('العربية');
    expect(LOCALES.filter((code) => directionOf(code) === 'rtl')).toEqual(['ar']);
  });
});
