/**
 * The characters no request text needs (text.ts), in a module of their own without zod: the web
 * checks what it sends by the same rule on its first page, where zod is not loaded.
 */

// Matching control characters is the point of these two.
/* eslint-disable no-control-regex */
/** C0 controls (tab, line feed and carriage return included), DEL and the C1 controls. */
const CONTROL = /[\x00-\x1f\x7f-\x9f]/;
/** The same without tab, line feed and carriage return. */
const CONTROL_BUT_LINE_BREAKS = /[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f]/;
/* eslint-enable no-control-regex */
/** A UTF-16 surrogate not paired with its other half: not a character at all. */
const LONE_SURROGATE = /\p{Cs}/u;

/**
 * Whether a string holds characters no text needs: NUL and the other C0 controls, DEL, the C1
 * controls and lone UTF-16 surrogates. PostgreSQL refuses NUL in text (a 500 rather than a clear
 * refusal), both databases' drivers silently replace a lone surrogate, and the rest only serve
 * to spoof or garble what others see. Multi-line text keeps tab, line feed and carriage return.
 */
export function hasForbiddenCharacters(value: string, multiline = false): boolean {
  return (multiline ? CONTROL_BUT_LINE_BREAKS : CONTROL).test(value) || LONE_SURROGATE.test(value);
}
