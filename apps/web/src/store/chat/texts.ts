/**
 * The chat engine's texts: the keys under `chat` in en.json (checked at compile time) and the
 * translate function the pure helpers take, so they can be tested without i18next.
 */
import type en from '../../i18n/locales/en.json';
import { i18n } from '../../i18n';

type Leaves<T, P extends string> = {
  [K in keyof T & string]: T[K] extends string ? `${P}.${K}` : Leaves<T[K], `${P}.${K}`>;
}[keyof T & string];

/** Every key under `chat` ('chat.preview.image', …). */
export type ChatTextKey = Leaves<(typeof en)['chat'], 'chat'>;

export type TextParams = Record<string, string | number>;

/** Translates a chat key; `key` may also be any other key of the bundle (stored notices). */
export type Translate = (key: ChatTextKey, params?: TextParams) => string;

/** The app's i18next behind the Translate shape. */
export const chatT: Translate = (key, params) => (i18n.t as unknown as Translate)(key, params);

/** Whether the bundle knows a key (a stored notice may name one from an older version). */
export const hasText = (key: string): boolean => i18n.exists(key);
