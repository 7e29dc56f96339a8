import { z } from 'zod';
import { hasForbiddenCharacters } from './characters';

/**
 * Every string a request carries is built by `text`, so each one is checked the same way and
 * in an order that bounds the work a request can cause:
 * 1. its length, first: a string over the maximum stops validation there, so no later check (a
 *    pattern, a refinement) ever runs on a megabyte of input;
 * 2. characters no text needs (`hasForbiddenCharacters`);
 * 3. trimming, then whatever the caller chains on (`.min`, `.regex`, `.refine`), on a string
 *    already known to be short and clean.
 */

export { hasForbiddenCharacters };

export interface TextOptions {
  /** Keep tab, line feed and carriage return (message text, announcements). */
  multiline?: boolean;
  /** Trim surrounding whitespace (after the length and character checks). */
  trim?: boolean;
  /** The message when the string is too long (default: "at most N characters"). */
  tooLong?: string;
}

export const FORBIDDEN_CHARACTERS_MESSAGE = 'must not contain control characters or invalid Unicode';

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
