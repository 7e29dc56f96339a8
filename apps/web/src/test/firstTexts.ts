import { DEFAULT_LOCALE, FIRST_TEXTS, i18n } from '../i18n';

/**
 * Leaves i18next with only the English the first pages bundle (i18n/index.ts), as a phone has
 * it before the rest arrives, and records the keys looked up and not found. `restore()` brings
 * all the texts back.
 */
export function firstTextsOnly(): { missing: string[]; restore(): void } {
  const all: unknown = i18n.getResourceBundle(DEFAULT_LOCALE, 'translation');
  const { saveMissing, missingKeyHandler } = i18n.options;
  const missing: string[] = [];
  i18n.removeResourceBundle(DEFAULT_LOCALE, 'translation');
  i18n.addResourceBundle(DEFAULT_LOCALE, 'translation', FIRST_TEXTS);
  i18n.options.saveMissing = true;
  i18n.options.missingKeyHandler = (_lngs, _ns, key) => missing.push(key);
  return {
    missing,
    restore() {
      Object.assign(i18n.options, { saveMissing, missingKeyHandler });
      i18n.removeResourceBundle(DEFAULT_LOCALE, 'translation');
      i18n.addResourceBundle(DEFAULT_LOCALE, 'translation', all);
    },
  };
}
