import { z } from 'zod';
import { endpoint, Empty } from './endpoint';

/**
 * The app download (spec 2, the download screen; spec 9): where the Android app is, how large,
 * which version, and when it was last updated, as the server is configured
 * (APP_DOWNLOAD_URL, APP_DOWNLOAD_SIZE_MB, APP_UPDATED_AT). Anyone may ask: the page is open
 * before signing in.
 */
export const AppDownload = z.object({
  /** The Android package's address ('' when this server offers no download). */
  url: z.string(),
  /** Its size in bytes (0 when not configured). */
  size: z.number().int().nonnegative(),
  version: z.string(),
  versionCode: z.number().int(),
  /** When the app was last updated, in ms (0 when not configured). */
  updatedAt: z.number().int().nonnegative(),
});
export type AppDownload = z.infer<typeof AppDownload>;

/** Spec 9's system requirements of the download page. */
export const ANDROID_REQUIREMENT = { version: '6.0', api: 23 } as const;
export const IOS_REQUIREMENT = { ios: '12.0', ipados: '13.0' } as const;

export const getAppDownload = endpoint({
  method: 'GET',
  path: '/app/download',
  request: Empty,
  response: AppDownload,
  auth: false,
  summary: 'Where to download the app, its size, version and last update',
});
