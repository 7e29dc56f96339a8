/**
 * The people the group screens list (friends to invite, members to show or remove), in one
 * shape, sorted and searched the way the contact list reads names.
 */
import type { Friend, GroupMember } from '@paichat/protocol';
import { displayNameOf, fold, readingOf } from '../../lib/contactGroups';

export interface Person {
  userId: string;
  /** What the list shows: a friend's remark or nickname, a member's showName. */
  name: string;
  portrait: string;
}

const byReading = (a: Person, b: Person) => readingOf(a.name).localeCompare(readingOf(b.name));

/** Friends A–Z by the name they are listed under. */
export function friendsAsPeople(friends: readonly Friend[]): Person[] {
  return friends
    .map((friend) => ({ userId: friend.userId, name: displayNameOf(friend), portrait: friend.portrait }))
    .sort(byReading);
}

/** Members in the group's order (owner first, then by joining time), by their showName. */
export function membersAsPeople(members: readonly GroupMember[]): Person[] {
  return members.map((member) => ({
    userId: member.userId,
    name: member.showName,
    portrait: member.portrait,
  }));
}

/** Whether a name matches a search: its letters (accents folded) or its pinyin reading. */
export function matchesSearch(name: string, query: string): boolean {
  const wanted = fold(query.trim()).replace(/\s+/g, '');
  if (!wanted) return true;
  return (
    fold(name).replace(/\s+/g, '').includes(wanted) || readingOf(name).replace(/\s+/g, '').includes(wanted)
  );
}
