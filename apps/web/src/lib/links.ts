import { webPageUrl } from './url';

/** A run of a message's text: plain, or a web address with where it opens. */
export type TextPart = { text: string; href?: undefined } | { text: string; href: string };

/**
 * An address as people type them: `http://` or `https://` (any case), or a bare `www.`, not
 * glued to a word, an e-mail address or another scheme before it (`xhttp://`, `a@www.…`,
 * `javascript:`). Only ASCII address characters: a space, a CJK letter or full-width
 * punctuation ends it, as one writes "看https://example.com，好".
 */
const ADDRESS = /(?<![\w@./:-])(?:https?:\/\/|www\.)[\w\-.~:/?#[\]@!$&'()*+,;=%]+/gi;

/** Sentence punctuation that ends a sentence rather than the address before it. */
const TRAILING = /[.,;:!?'*]$/;

/** Drops trailing punctuation, and a closing bracket the address did not open ("(see https://a.b/)"). */
function trimEnd(address: string): string {
  let end = address;
  for (;;) {
    const last = end.at(-1);
    if (last !== undefined && TRAILING.test(last)) end = end.slice(0, -1);
    else if (last === ')' && count(end, '(') < count(end, ')')) end = end.slice(0, -1);
    else if (last === ']' && count(end, '[') < count(end, ']')) end = end.slice(0, -1);
    else return end;
  }
}

const count = (text: string, ch: string) => text.split(ch).length - 1;

/**
 * A message's text cut into plain runs and links. Only http and https addresses become links
 * (a bare `www.` one opens over https); an address a browser would read as another site (one
 * with a user name: `https://bank.com@evil.example`) stays text.
 */
export function splitLinks(text: string): TextPart[] {
  const parts: TextPart[] = [];
  let from = 0;
  for (const match of text.matchAll(ADDRESS)) {
    const address = trimEnd(match[0]);
    const href = webPageUrl(/^www\./i.test(address) ? `https://${address}` : address);
    if (!href || !/^(?:https?:\/\/|www\.)[^/?#]*\w/i.test(address)) continue;
    if (match.index > from) parts.push({ text: text.slice(from, match.index) });
    parts.push({ text: address, href });
    from = match.index + address.length;
  }
  if (from < text.length) parts.push({ text: text.slice(from) });
  return parts;
}
