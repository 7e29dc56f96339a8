/** Business constants and limits from the spec (sections 1, 5 and 9). */

export const APP_NAME = 'PaiChat';
export const APP_VERSION = '1.2.2';
export const APP_VERSION_CODE = 122;
export const DEVICE = 'H5';

/** Timeouts for request, socket, upload and download. */
export const REQUEST_TIMEOUT_MS = 60_000;

export const HEARTBEAT_INTERVAL_MS = 5_000;
export const HEARTBEAT_MAX_MISSED = 5;
export const RECONNECT_DELAY_MS = 2_000;
export const TAB_REFRESH_THROTTLE_MS = 1_000;

export const CHAT_NO_MIN = 3;
export const CHAT_NO_MAX = 20;
/** Letters, digits, underscore and hyphen. */
export const CHAT_NO_PATTERN = /^[A-Za-z0-9_-]+$/;

export const LOGIN_PASSWORD_MIN = 8;
export const LOGIN_PASSWORD_MAX = 20;
export const NEW_PASSWORD_MIN = 8;
export const NEW_PASSWORD_MAX = 16;

export const NICKNAME_MAX = 32;
export const CAPTCHA_TTL_MS = 5 * 60_000;

export const CHAT_SESSIONS_PAGE_SIZE = 100;
export const CHAT_MESSAGES_PAGE_SIZE = 20;
export const LIST_PAGE_SIZE = 10;

export const LONG_PRESS_MS = 350;
export const LONG_PRESS_TOLERANCE_PX = 10;
export const PAGE_BASE_WIDTH = 375;
export const PAGE_MAX_WIDTH = 960;
export const TAB_BAR_HEIGHT = 50;
export const TEXT_INPUT_MAX_LENGTH = 140;
export const TOAST_DURATION_MS = 1_500;
export const IMAGE_PICKER_COUNT = 9;

/**
 * The largest value a 32-bit integer column holds (PostgreSQL `integer`: row ids, seqs). Every
 * number a request carries into SQL is bounded by what its column holds, so PostgreSQL never
 * fails on an out-of-range value (a 500) where SQLite would have answered.
 */
export const INT32_MAX = 2_147_483_647;

/** Timestamps above this are milliseconds, otherwise seconds. */
export const MS_TIMESTAMP_THRESHOLD = 1e12;

/** The fifteen interface language codes (spec 1); requests name theirs in the `lang` header. */
export const LANGUAGES = [
  'en',
  'zh',
  'zh-TW',
  'ja',
  'ko',
  'fr',
  'de',
  'es',
  'it',
  'pt',
  'ru',
  'ar',
  'hi',
  'th',
  'vi',
] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';
