/**
 * Stored text as the operators' commands print it: control characters (the C0 ones but tab and
 * line feed, DEL and the C1 ones) and the bidirectional controls are written as `\uXXXX`, so
 * nothing in the database, whether sent before a check existed or slipped past one, can move
 * the cursor, clear the screen, start a terminal command or reorder what the operator reads.
 */
// Matching control characters is the point.
// eslint-disable-next-line no-control-regex
const UNPRINTABLE = /[\x00-\x08\x0b-\x1f\x7f-\x9f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

export const printable = (text: string): string =>
  text.replace(UNPRINTABLE, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
