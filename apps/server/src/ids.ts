import { INT32_MAX } from '@paichat/protocol';

/**
 * Ids travel as decimal strings. Rows use 32-bit integer keys (PostgreSQL `integer`), so a
 * longer number the protocol lets through is no id of ours: parsing answers null and the
 * caller refuses it as unknown, instead of the database failing on an out-of-range value.
 */

export function parseId(value: string): number | null {
  if (!/^\d{1,10}$/.test(value)) return null;
  const id = Number(value);
  return id >= 1 && id <= INT32_MAX ? id : null;
}

/** Like parseId, for keys that may outgrow 32 bits (messages): up to 2^53 − 1. */
export function parseBigId(value: string): number | null {
  if (!/^\d{1,16}$/.test(value)) return null;
  const id = Number(value);
  return id >= 1 && Number.isSafeInteger(id) ? id : null;
}
