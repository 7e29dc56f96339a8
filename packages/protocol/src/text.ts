import { z } from 'zod';

/**
 * Every string a request carries is built by `text`, so each one is checked the same way and
 * in an order that bounds the work a request can cause:
 * 1. its length, first: a string over the maximum stops validation there, so no later check (a
 *    pattern, a refinement) ever runs on a megabyte of input;
 * 2. characters no text needs (`hasForbiddenCharacters`);
 * 3. trimming, then whatever the caller chains on (`.min`, `.regex`, `.refine`), on a string
 *    already known to be short and clean.
 */

export interface TextOptions {
  /** Keep tab, line feed and carriage return (message text, announcements). */
  multiline?: boolean;
  /** Trim surrounding whitespace (after the length and character checks). */
  trim?: boolean;
  /** The message when the string is too long (default: "at most N characters"). */
  tooLong?: string;
}

// Matching control characters is the point of these two.
/* eslint-disable no-control-regex */
/** C0 controls (tab, line feed and carriage return included), DEL and the C1 controls. */
const CONTROL = /[\x00-\x1f\x7f-\x9f]/;
/** The same without tab, line feed and carriage return. */
const CONTROL_BUT_LINE_BREAKS = /[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f]/;
/* eslint-enable no-control-regex */
/** A UTF-16 surrogate not paired with its other half: not a character at all. */
const LONE_SURROGATE = /\p{Cs}/u;

export const FORBIDDEN_CHARACTERS_MESSAGE = 'must not contain control characters or invalid Unicode';

/**
 * Whether a string holds characters no text needs: NUL and the other C0 controls, DEL, the C1
 * controls and lone UTF-16 surrogates. PostgreSQL refuses NUL in text (a 500 rather than a clear
 * refusal), both databases' drivers silently replace a lone surrogate, and the rest only serve
 * to spoof or garble what others see. Multi-line text keeps tab, line feed and carriage return.
 */
export function hasForbiddenCharacters(value: string, multiline = false): boolean {
  return (multiline ? CONTROL_BUT_LINE_BREAKS : CONTROL).test(value) || LONE_SURROGATE.test(value);
}

/** A request string of at most `max` characters (UTF-16 units), checked as described above. */
export function text(max: number, options: TextOptions = {}): z.ZodString {
  const checked = z
    .string()
    .max(max, { message: options.tooLong ?? `at most ${max} characters`, abort: true })
    .refine((value) => !hasForbiddenCharacters(value, options.multiline), {
      message: FORBIDDEN_CHARACTERS_MESSAGE,
      abort: true,
    });
  return options.trim ? checked.trim() : checked;
}
