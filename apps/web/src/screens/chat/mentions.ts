/**
 * @mentions in a group's input: typing "@" opens the member picker; a pick puts "@Name " in the
 * text and is remembered, and a send carries the ids whose "@Name" is still in the text
 * (`mentions`), and `mentionAll` for "@All" (the owner's). Pure.
 */
import type { GroupMember } from '@paichat/protocol';
import { matchesKeyword } from '../../lib/contactSearch';

/** Someone picked: who, and the name their "@" reads. */
export interface Mention {
  /** A member's id, or ALL. */
  userId: string;
  name: string;
}

/** The picker's "@All". */
export const ALL = 'all';

/** Whether the change typed one "@" just before the caret (not pasted, not deleted). */
export function typedAt(before: string, after: string, caret: number): boolean {
  return after.length === before.length + 1 && after[caret - 1] === '@';
}

/** The members one may mention (not oneself) whose group nickname, nickname or its pinyin matches. */
export function mentionable(members: readonly GroupMember[], myId: string, query: string): GroupMember[] {
  const others = members.filter((m) => m.userId !== myId);
  if (query.trim() === '') return others;
  return others.filter((m) => matchesKeyword(query, [m.groupNick, m.nickName, m.remark]));
}

/** The text with "@Name " in place of the "@" typed just before `caret`. */
export function insertMention(text: string, caret: number, name: string): { text: string; caret: number } {
  const at = text[caret - 1] === '@' ? caret - 1 : caret;
  const inserted = `@${name} `;
  return { text: text.slice(0, at) + inserted + text.slice(caret), caret: at + inserted.length };
}

/** What a send carries: the picked people whose "@Name" is still in the text. */
export function mentionsIn(
  text: string,
  picked: readonly Mention[],
): { mentions?: string[]; mentionAll?: true } {
  const kept = picked.filter((m) => text.includes(`@${m.name}`));
  const ids = [...new Set(kept.filter((m) => m.userId !== ALL).map((m) => m.userId))];
  return {
    ...(ids.length > 0 && { mentions: ids }),
    ...(kept.some((m) => m.userId === ALL) && { mentionAll: true as const }),
  };
}
