/**
 * Contact-list grouping (spec 5: "contact lists are grouped by first pinyin letter; digits and
 * non-letters go under '#'").
 *
 * A contact's name is its remark, or its nickname when it has none. Its letter is the first
 * character's: a Chinese character gives its pinyin initial (surnames read as surnames, so 曾 is
 * Z and 单 is S), a Latin letter gives itself with accents and width folded (É → E, Ａ → A),
 * anything else (digits, emoji, other scripts, an empty name) goes under '#', which sorts last.
 * Within a group, contacts sort by the same reading: pinyin syllables for Chinese, folded
 * lowercase otherwise, then by the name itself.
 */
import { pinyin } from 'pinyin-pro';
import { displayNameOf } from './displayName';

export const HASH = '#';
/** The side index, in order. */
export const INDEX_LETTERS: readonly string[] = [...'ABCDEFGHIJKLMNOPQRSTUVWXYZ', HASH];

const HAN = /\p{Script=Han}/u;
const MARKS = /\p{M}/gu;
const LATIN_LETTER = /^[A-Z]$/;
/** Latin letters that Unicode does not decompose into a base letter and a mark. */
const LATIN_EXTRA: Readonly<Record<string, string>> = {
  æ: 'ae',
  ø: 'o',
  œ: 'oe',
  ß: 'ss',
  ł: 'l',
  đ: 'd',
  ð: 'd',
  þ: 'th',
  ı: 'i',
  ħ: 'h',
};

/** Lowercase, accents and compatibility forms folded: 'Éva' → 'eva', 'Ａｍｙ' → 'amy'. */
export function fold(text: string): string {
  return text
    .normalize('NFKD')
    .replace(MARKS, '')
    .toLowerCase()
    .replace(/[æøœßłđðþıħ]/g, (ch) => LATIN_EXTRA[ch] ?? ch);
}

// Readings are asked for every contact on every render of a changed list; a name's reading
// never changes, so keep it (bounded, in case a long session sees many names).
const READINGS_MAX = 20_000;
const readings = new Map<string, string>();

/**
 * How a name reads for sorting: Chinese characters as their pinyin syllables separated by
 * spaces (李明 → 'li ming', so it sorts before 梁 'liang'), everything folded to lowercase.
 */
export function readingOf(name: string): string {
  const cached = readings.get(name);
  if (cached !== undefined) return cached;
  const text = name.trim();
  const reading = HAN.test(text)
    ? fold(
        pinyin(text, { toneType: 'none', type: 'array', surname: 'head', nonZh: 'consecutive', v: true })
          .map((part) => part.trim())
          .filter(Boolean)
          .join(' '),
      )
    : fold(text);
  if (readings.size >= READINGS_MAX) readings.clear();
  readings.set(name, reading);
  return reading;
}

/** The index letter of a name: 'A'…'Z', or '#'. */
export function letterOf(name: string): string {
  const first = [...name.trim()][0];
  if (first === undefined) return HASH;
  // The whole name's reading, so a Chinese surname reads as one (曾 → zeng, not ceng).
  const initial = HAN.test(first) ? readingOf(name).charAt(0) : fold(first).charAt(0);
  const letter = initial.toUpperCase();
  return LATIN_LETTER.test(letter) ? letter : HASH;
}

export { displayNameOf };

export interface ContactGroup<T> {
  letter: string;
  items: T[];
}

const collator = new Intl.Collator(undefined, { sensitivity: 'variant', numeric: true });

/**
 * Groups contacts by letter, A–Z then '#', leaving out empty groups; within a group, sorted
 * by reading, then by name, then by `idOf` so the order is stable across refetches.
 */
export function groupContacts<T>(
  items: readonly T[],
  nameOf: (item: T) => string,
  idOf: (item: T) => string = () => '',
): ContactGroup<T>[] {
  const byLetter = new Map<string, { item: T; name: string; reading: string; id: string }[]>();
  for (const item of items) {
    const name = nameOf(item).trim();
    const letter = letterOf(name);
    let bucket = byLetter.get(letter);
    if (!bucket) byLetter.set(letter, (bucket = []));
    bucket.push({ item, name, reading: readingOf(name), id: idOf(item) });
  }
  const groups: ContactGroup<T>[] = [];
  for (const letter of INDEX_LETTERS) {
    const bucket = byLetter.get(letter);
    if (!bucket) continue;
    bucket.sort(
      (a, b) =>
        (a.reading < b.reading ? -1 : a.reading > b.reading ? 1 : 0) ||
        collator.compare(a.name, b.name) ||
        (a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
    );
    groups.push({ letter, items: bucket.map((entry) => entry.item) });
  }
  return groups;
}

/**
 * The group a side-index letter jumps to: its own, or the next one after it, or the last
 * group when none follows. -1 when there are no groups.
 */
export function groupIndexForLetter(letters: readonly string[], letter: string): number {
  if (letters.length === 0) return -1;
  const wanted = INDEX_LETTERS.indexOf(letter);
  const found = letters.findIndex((l) => INDEX_LETTERS.indexOf(l) >= wanted);
  return found === -1 ? letters.length - 1 : found;
}
