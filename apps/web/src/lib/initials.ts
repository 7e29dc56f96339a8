/**
 * Up to two letters standing for a name in an avatar: the first letters of the first two
 * words ("Ada Lovelace" → "AL"), or the first character of a single word ("小明" → "小").
 * Whole characters count (an emoji or a surrogate pair is never split).
 */
export function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const first = (word: string) => [...word][0] ?? '';
  if (words.length === 0) return '';
  if (words.length === 1) return first(words[0] ?? '').toUpperCase();
  return (first(words[0] ?? '') + first(words[1] ?? '')).toUpperCase();
}
