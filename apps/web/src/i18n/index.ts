/**
 * Our one door to i18next. English is the source and the fallback; the other fourteen locales
 * load on demand. The chosen locale is saved under `locale` and applied at once: texts,
 * `<html lang dir>` (Arabic lays out right-to-left) and request headers.
 */
import i18next from 'i18next';
import { initReactI18next, useTranslation } from 'react-i18next';
import * as en from './locales/en.json';
import { lazyModule } from '../lib/lazyModule';
import { DEFAULT_LOCALE, directionOf, isLocale, type Locale } from './languages';

export * from './languages';

export const LOCALE_STORAGE_KEY = 'locale';

type Bundle = Record<string, unknown>;
const loaders = import.meta.glob<Bundle>(['./locales/*.json', '!./locales/en.json'], { import: 'default' });

/**
 * The English the first pages (environment detection, login, the Message tab and the frame
 * around them) draw with: the bundler keeps only the sections of en.json named here (the
 * bundle budget, build/bundleBudget.ts). All of English loads once the first screen has drawn
 * (`allTexts`); a screen off the first page waits for it.
 */
export const FIRST_TEXTS = {
  chat: en.chat,
  chatNo: en.chatNo,
  chats: en.chats,
  common: en.common,
  detect: en.detect,
  errors: en.errors,
  language: en.language,
  leave: en.leave,
  login: en.login,
  messages: en.messages,
  notFound: en.notFound,
  pull: en.pull,
  routes: en.routes,
  search: en.search,
  signIn: en.signIn,
  tabs: en.tabs,
  update: en.update,
};

export const i18n = i18next.createInstance();
void i18n.use(initReactI18next).init({
  lng: DEFAULT_LOCALE,
  fallbackLng: DEFAULT_LOCALE,
  supportedLngs: false,
  // A copy: the rest of English is added into it.
  resources: { en: { translation: { ...FIRST_TEXTS } } },
  initAsync: false,
  interpolation: { escapeValue: false },
  returnNull: false,
});

/** Translate outside React (request errors, socket notices). */
export const t = i18n.t.bind(i18n);

/** Translate inside React; re-renders when the locale changes. */
export function useT() {
  return useTranslation().t;
}

export function currentLocale(): Locale {
  const lng = i18n.resolvedLanguage ?? i18n.language;
  return isLocale(lng) ? lng : DEFAULT_LOCALE;
}

export function savedLocale(storage: Storage | undefined = globalThis.localStorage): Locale {
  try {
    const saved = storage?.getItem(LOCALE_STORAGE_KEY);
    return isLocale(saved) ? saved : DEFAULT_LOCALE;
  } catch {
    return DEFAULT_LOCALE;
  }
}

async function ensureLoaded(locale: Locale): Promise<void> {
  if (i18n.hasResourceBundle(locale, 'translation')) return;
  const load = loaders[`./locales/${locale}.json`];
  if (!load) throw new Error(`no locale file for ${locale}`);
  i18n.addResourceBundle(locale, 'translation', await load());
}

/**
 * All the English texts (the first pages have a few sections): the app loads them once the
 * first screen has drawn (main.tsx). As `?raw` text, a module apart from the sections imported
 * above (one module imported both ways would be bundled whole).
 */
export const allTexts = lazyModule(async () => {
  const { default: text } = await import('./locales/en.json?raw');
  i18n.addResourceBundle(DEFAULT_LOCALE, 'translation', JSON.parse(text) as Bundle, true);
});

function applyToDocument(locale: Locale): void {
  if (typeof document === 'undefined') return;
  document.documentElement.lang = locale;
  document.documentElement.dir = directionOf(locale);
}

/** Switch the interface language now, and remember it unless `save` is false. */
export async function setLocale(locale: Locale, { save = true } = {}): Promise<void> {
  await ensureLoaded(locale);
  await i18n.changeLanguage(locale);
  applyToDocument(locale);
  if (save) {
    try {
      localStorage.setItem(LOCALE_STORAGE_KEY, locale);
    } catch {
      // Private mode or a full quota: the switch still applies for this visit.
    }
  }
}

/** At startup: the saved locale, or English. A locale file that fails to load leaves English. */
export async function initLocale(): Promise<Locale> {
  const locale = savedLocale();
  try {
    await setLocale(locale, { save: false });
    return locale;
  } catch {
    applyToDocument(DEFAULT_LOCALE);
    return DEFAULT_LOCALE;
  }
}
