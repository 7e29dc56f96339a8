import { z } from 'zod';
import { FORBIDDEN_CHARACTERS_MESSAGE, hasForbiddenCharacters, text } from './text';

type Path = (string | number)[];

/**
 * The first problem in a JSON value, found without recursion: a container nested deeper than
 * `maxDepth` (the value itself is level 1), a key or string with characters no text needs
 * (multi-line text allowed), or something JSON cannot hold. The walk stops at `maxDepth`, so
 * a body nested thousands of levels deep is refused after a few steps instead of overflowing
 * the stack of whatever serializes it next.
 */
export function jsonProblem(value: unknown, maxDepth: number): { path: Path; message: string } | null {
  const pending: { value: unknown; depth: number; path: Path }[] = [{ value, depth: 1, path: [] }];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const { value: item, depth, path } = next;
    if (typeof item === 'string') {
      if (hasForbiddenCharacters(item, true)) return { path, message: FORBIDDEN_CHARACTERS_MESSAGE };
      continue;
    }
    if (item === null || typeof item === 'boolean' || (typeof item === 'number' && Number.isFinite(item)))
      continue;
    const isArray = Array.isArray(item);
    if (typeof item !== 'object' || (!isArray && Object.getPrototypeOf(item) !== Object.prototype))
      return { path, message: 'must be a JSON value' };
    if (depth > maxDepth) return { path, message: `must be nested at most ${maxDepth} levels deep` };
    for (const [key, child] of Object.entries(item as object)) {
      if (!isArray && hasForbiddenCharacters(key))
        return { path: [...path, key], message: `keys ${FORBIDDEN_CHARACTERS_MESSAGE}` };
      pending.push({ value: child, depth: depth + 1, path: [...path, isArray ? Number(key) : key] });
    }
  }
  return null;
}

/**
 * A JSON object of free-form content (a COLLECTION's), its top-level keys at most `keyMax`
 * characters and its nesting at most `maxDepth` levels deep, checked before anything else
 * looks inside it.
 */
export const jsonObject = (options: { maxDepth: number; keyMax: number }) =>
  z.record(text(options.keyMax), z.unknown()).superRefine((value, ctx) => {
    const problem = jsonProblem(value, options.maxDepth);
    if (problem) ctx.addIssue({ code: 'custom', ...problem, continue: false });
  });
