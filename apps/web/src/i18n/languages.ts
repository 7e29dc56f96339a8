import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '@paichat/protocol';

/** The fifteen interface languages of the spec, in its order (shared with the server). */
export const LOCALES = LANGUAGES;
export type Locale = Language;

export const DEFAULT_LOCALE: Locale = DEFAULT_LANGUAGE;

/** Native names: a person looks for their own language by the name they know it by. */
export const NATIVE_NAMES: Readonly<Record<Locale, string>> = {
  en: 'English',
  zh: '简体中文',
  'zh-TW': '繁體中文',
  ja: '日本語',
  ko: '한국어',
  fr: 'Français',
  de: 'Deutsch',
  es: 'Español',
  it: 'Italiano',
  pt: 'Português',
  ru: 'Русский',
  ar: 'العربية',
  hi: 'हिन्दी',
  th: 'ไทย',
  vi: 'Tiếng Việt',
};

const RTL: ReadonlySet<Locale> = new Set(['ar']);

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

export function directionOf(locale: Locale): 'rtl' | 'ltr' {
  return RTL.has(locale) ? 'rtl' : 'ltr';
}
