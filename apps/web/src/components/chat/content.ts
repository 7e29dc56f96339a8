/**
 * Reads a message's content for display, leniently: a row sent from this device carries what
 * was sent (an image without its thumbnail yet), a stored one what the server filled in. A
 * value of the wrong shape reads as null and the row says it cannot be shown, never crashes.
 *
 * File URLs are used only when they are ours (`/file/…`, the contract's pattern), so a crafted
 * content can never put a `javascript:` or foreign URL into a link or a download.
 */
import { z } from 'zod';
import { FILE_URL_PATTERN } from '@paichat/protocol';

const fileUrl = z.string().regex(FILE_URL_PATTERN);
const optionalFileUrl = z
  .union([fileUrl, z.literal('')])
  .optional()
  .catch(undefined);
const optionalNumber = z.number().finite().optional().catch(undefined);
const optionalText = z.string().optional().catch(undefined);

const readers = {
  TEXT: z.object({ text: z.string() }),
  IMAGE: z.object({
    url: fileUrl,
    thumbUrl: optionalFileUrl,
    width: optionalNumber,
    height: optionalNumber,
  }),
  VOICE: z.object({ url: fileUrl, duration: z.number().finite().min(0) }),
  VIDEO: z.object({ url: fileUrl, duration: optionalNumber, thumbUrl: optionalFileUrl }),
  LOCATION: z.object({
    name: z.string(),
    address: z.string().optional().catch(''),
    latitude: z.number().min(-90).max(90),
    longitude: z.number().min(-180).max(180),
  }),
  CARD: z.object({
    userId: z.string().min(1),
    nickName: optionalText,
    portrait: optionalText,
    chatNo: optionalText,
    /** Opens the person's page for whoever holds the card (older cards have none). */
    ref: optionalText,
  }),
  COLLECTION: z.object({
    kind: z.string(),
    content: z.record(z.string(), z.unknown()),
    sourceName: optionalText,
    sourceTime: optionalNumber,
  }),
  FILE: z.object({ url: fileUrl, name: optionalText, size: optionalNumber }),
  ALERT: z.object({
    code: z.string(),
    text: z.string().optional().catch(''),
    params: z.record(z.string(), z.string()).optional().catch(undefined),
  }),
  CALL_END: z.object({ duration: z.number().finite().min(0) }),
} as const;

export type ContentOf<K extends keyof typeof readers> = z.output<(typeof readers)[K]>;

export function readContent<K extends keyof typeof readers>(kind: K, content: unknown): ContentOf<K> | null {
  const parsed = readers[kind].safeParse(content);
  return parsed.success ? (parsed.data as ContentOf<K>) : null;
}

/** Whether a URL is one of our stored files (safe to link to and download). */
export function isFileUrl(url: string | undefined): url is string {
  return url !== undefined && FILE_URL_PATTERN.test(url);
}

/** An OpenStreetMap link centred on a place (zoom 16, the spec's default map scale). */
export function mapUrl(latitude: number, longitude: number): string {
  const lat = latitude.toFixed(6);
  const lon = longitude.toFixed(6);
  return `https://www.openstreetmap.org/?mlat=${lat}&mlon=${lon}#map=16/${lat}/${lon}`;
}

/** A file size the way people read it ("512 B", "1.4 MB"), in the interface language. */
export function formatFileSize(bytes: number, locale: string): string {
  const units = ['byte', 'kilobyte', 'megabyte', 'gigabyte'] as const;
  let value = Math.max(0, bytes);
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return new Intl.NumberFormat(locale, {
    style: 'unit',
    unit: units[unit],
    unitDisplay: 'short',
    maximumFractionDigits: unit === 0 ? 0 : 1,
  }).format(value);
}
