/**
 * Finding a contact or a group by what one types (spec 2, Search): a name (the remark, the
 * nickname), a chat ID, or a Chinese name's pinyin, whole ("zhangsan") or by initials ("zs"
 * finds 张三). Case, accents and width do not matter; spaces in the keyword are ignored.
 */
import { pinyin } from 'pinyin-pro';
import { fold } from './contactGroups';

const HAN = /\p{Script=Han}/u;
const SPACES = /\s+/gu;

const compact = (text: string): string => fold(text).replace(SPACES, '');

// A name's readings never change; keep them (bounded) for the next keystroke.
const READINGS_MAX = 5_000;
const readings = new Map<string, string[]>();

/** How a name may be typed: itself, and for Chinese its pinyin in full and by initials. */
function readingsOf(name: string): string[] {
  const cached = readings.get(name);
  if (cached) return cached;
  const found = [compact(name)];
  if (HAN.test(name)) {
    const syllables = pinyin(name, {
      toneType: 'none',
      type: 'array',
      surname: 'head',
      nonZh: 'consecutive',
      v: true,
    })
      .map((part) => compact(part))
      .filter(Boolean);
    found.push(syllables.join(''), syllables.map((syllable) => syllable.charAt(0)).join(''));
  }
  if (readings.size >= READINGS_MAX) readings.clear();
  readings.set(name, found);
  return found;
}

/** Whether any of the names (remark, nickname, chat ID…) contains the keyword as typed or read. */
export function matchesKeyword(keyword: string, names: readonly string[]): boolean {
  const wanted = compact(keyword);
  if (!wanted) return false;
  return names.some(
    (name) => name.trim() !== '' && readingsOf(name).some((reading) => reading.includes(wanted)),
  );
}
