/**
 * What message search indexes and looks for, the same on SQLite and PostgreSQL: the words of
 * a text as `Intl.Segmenter` finds them (ICU's dictionaries split Thai, Lao, Khmer and
 * Burmese, which write no spaces), lowercased. Chinese, Japanese and Korean are indexed one
 * character a term, so any run of characters is found as a phrase of its characters, however
 * short ("饭" and "晚饭" both find 今晚吃晚饭); segmenting them into words instead would miss a
 * search for part of a word. Only letters, marks and digits make a term: punctuation, symbols
 * and emoji never do, so neither database's own tokenizer splits a term again.
 */

import { MsgType } from '@paichat/protocol';

const segmenter = new Intl.Segmenter('und', { granularity: 'word' });

/** Scripts indexed a character at a time. */
const CHARWISE = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;
/** A run of one script kind inside a word: one charwise character, or the letters between them. */
const RUNS =
  /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]|[^\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]+/gu;
const NOT_TERM = /[^\p{L}\p{M}\p{N}]+/u;
/** Longer "words" (a pasted hash, say) are not worth indexing. */
const TERM_MAX = 64;

/**
 * A stretch of a text as terms: one word, or a run of charwise characters (its terms must
 * stand next to each other to match).
 */
export interface TermGroup {
  terms: string[];
  /** A word (not a charwise run): found as the start of a longer word too, as one types. */
  word: boolean;
}

function groupsOf(text: string): TermGroup[] {
  const groups: TermGroup[] = [];
  let run: string[] = [];
  const endRun = () => {
    if (run.length > 0) groups.push({ terms: run, word: false });
    run = [];
  };
  for (const { segment, isWordLike } of segmenter.segment(text.normalize('NFKC').toLowerCase())) {
    if (!isWordLike) {
      endRun();
      continue;
    }
    for (const [part] of segment.matchAll(RUNS)) {
      if (CHARWISE.test(part)) {
        run.push(part);
        continue;
      }
      endRun();
      for (const word of part.split(NOT_TERM))
        if (word.length > 0 && word.length <= TERM_MAX) groups.push({ terms: [word], word: true });
    }
  }
  endRun();
  return groups;
}

/** The terms of a stored text, in order (positions matter: charwise runs match as phrases). */
export function indexTerms(text: string): string[] {
  return groupsOf(text).flatMap((g) => g.terms);
}

/** At most this many groups of a keyword are looked for (the rest are ignored). */
const QUERY_GROUPS_MAX = 8;

/** What a keyword looks for: every group, each a word prefix or a run of characters. */
export function queryGroups(keyword: string): TermGroup[] {
  return groupsOf(keyword).slice(0, QUERY_GROUPS_MAX);
}

/** Terms as the text SQLite's FTS5 table holds (its unicode61 tokenizer splits on the spaces). */
export const ftsDocument = (terms: string[]): string => terms.join(' ');

/** An FTS5 query: every group, a phrase, words as prefixes. Terms hold no quotes (NOT_TERM). */
export const ftsQuery = (groups: TermGroup[]): string =>
  groups.map((g) => `"${g.terms.join(' ')}"${g.word ? '*' : ''}`).join(' AND ');

/**
 * A PostgreSQL tsvector literal: each term with its position (1-based, at most 16383), so
 * charwise runs match as phrases. Built here rather than by to_tsvector, whose parser would
 * split some terms again (hosts, hyphenated words).
 */
export function tsvectorLiteral(terms: string[]): string {
  return terms.map((t, i) => `'${t}':${Math.min(i + 1, 16383)}`).join(' ');
}

/** A tsquery: groups joined by &, a charwise run's terms by <-> (next to each other), words as prefixes. */
export const tsqueryLiteral = (groups: TermGroup[]): string =>
  groups
    .map((g) => (g.word ? `'${g.terms[0]}':*` : `(${g.terms.map((t) => `'${t}'`).join(' <-> ')})`))
    .join(' & ');

/**
 * Where a text matches a keyword, as [start, end) UTF-16 offsets for highlighting: every
 * occurrence of a word or a run (case-insensitive), merged where they overlap.
 */
export function highlightRanges(text: string, groups: TermGroup[]): [number, number][] {
  const lower = text.toLowerCase();
  // Lowercasing that changes lengths (rare: İ) would shift every offset: no highlights then.
  if (lower.length !== text.length) return [];
  const ranges: [number, number][] = [];
  for (const needle of groups.map((g) => g.terms.join(''))) {
    for (let at = lower.indexOf(needle); at >= 0; at = lower.indexOf(needle, at + needle.length))
      ranges.push([at, at + needle.length]);
  }
  ranges.sort((a, b) => a[0] - b[0]);
  const merged: [number, number][] = [];
  for (const r of ranges) {
    const last = merged.at(-1);
    if (last && r[0] <= last[1]) last[1] = Math.max(last[1], r[1]);
    else merged.push([r[0], r[1]]);
  }
  return merged;
}

/**
 * The searchable words of a message, from its parsed content: a text, a place's name and
 * address, a card's name.
 */
export function searchableText(msgType: string, content: Record<string, unknown>): string | null {
  const pick = (...keys: string[]) =>
    keys
      .map((k) => content[k])
      .filter((v): v is string => typeof v === 'string' && v.length > 0)
      .join('\n');
  if (msgType === MsgType.TEXT) return pick('text');
  if (msgType === MsgType.LOCATION) return pick('name', 'address');
  if (msgType === MsgType.CARD) return pick('nickName');
  return null;
}
