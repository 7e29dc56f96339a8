import 'i18next';
import type en from './locales/en.json';

// Keys are checked against en.json at compile time: a typo or a missing key fails `tsc`.
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: typeof en };
    returnNull: false;
  }
}
