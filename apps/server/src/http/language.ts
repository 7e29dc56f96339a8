import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '@paichat/protocol';

const BY_LOWER = new Map<string, Language>(LANGUAGES.map((code) => [code.toLowerCase(), code]));
const TRADITIONAL = /^zh-(tw|hk|mo|hant)\b/;

/** A BCP 47 tag → one of our fifteen codes, or null: zh-Hant/HK/MO → zh-TW, zh-* → zh, fr-CA → fr. */
export function matchLanguage(tag: string): Language | null {
  const lower = tag.trim().toLowerCase().replaceAll('_', '-');
  if (lower === '' || lower === '*') return null;
  const exact = BY_LOWER.get(lower);
  if (exact) return exact;
  if (TRADITIONAL.test(lower)) return 'zh-TW';
  return BY_LOWER.get(lower.split('-')[0] ?? '') ?? null;
}

/**
 * The request's language: the client's `lang` header (it sends one of our codes), else the
 * best Accept-Language entry we support (by q-value, then order), else English.
 */
export function requestLanguage(headers: Record<string, string | string[] | undefined>): Language {
  const lang = headers.lang;
  const fromLang = typeof lang === 'string' ? matchLanguage(lang) : null;
  if (fromLang) return fromLang;
  const accept = headers['accept-language'];
  if (typeof accept !== 'string') return DEFAULT_LANGUAGE;
  const ranked = accept
    .split(',')
    .slice(0, 20)
    .map((entry, index) => {
      const [tag = '', ...params] = entry.split(';');
      const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
      return { tag, q: q === undefined ? 1 : Number(q), index };
    })
    .filter((e) => e.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  for (const { tag } of ranked) {
    const match = matchLanguage(tag);
    if (match) return match;
  }
  return DEFAULT_LANGUAGE;
}
