import { MS_TIMESTAMP_THRESHOLD } from '@paichat/protocol';

/**
 * Normalises a server or stored timestamp to milliseconds. The spec's rule: values above 1e12
 * are already milliseconds, anything else is seconds. Numeric strings are accepted; anything
 * that is not a finite number gives NaN.
 */
export function toMillis(value: number | string): number {
  const n = typeof value === 'string' ? (value.trim() === '' ? Number.NaN : Number(value)) : value;
  if (!Number.isFinite(n)) return Number.NaN;
  return n > MS_TIMESTAMP_THRESHOLD ? n : n * 1000;
}
