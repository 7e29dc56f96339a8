/**
 * Who may see whom, by user id.
 *
 * A viewer sees a person they are related to: themselves, friends, people on their blacklist,
 * the other side of a friend request (either way, any status), members of a group they are in,
 * the other member of a chat they have. Anyone else only through a reference the server
 * issued (users/refs.ts): the PipID search answer, a contact card, a QR card, People Nearby or
 * Shake. Without one, a
 * stranger's id answers exactly as an id that does not exist, so walking sequential ids finds
 * nobody.
 *
 * The chat ID is also the login name, so only the person, their friends and whoever found them
 * by it (a search reference) see it; everything else of the profile is shown to anyone who may
 * see the person.
 */
import type { Db, UserRow } from '../../db';
import { parseId } from '../../ids';
import type { PersonRefs } from '../users/refs';
import * as usersRepo from '../users/repo';
import * as repo from './repo';

export interface Sight {
  user: UserRow;
  /** Whether the viewer may see the chat ID (the login name). */
  showsChatNo: boolean;
}

export interface CardFacts {
  userId: string;
  nickName: string;
  portrait: string;
  chatNo: string;
  ref: string;
}

export function createVisibility({ db, refs }: { db: Db; refs: PersonRefs }) {
  /** The person `personId` names as `viewerId` may see them, or null (unknown or not visible). */
  async function see(viewerId: number, personId: string, ref?: string): Promise<Sight | null> {
    const id = parseId(personId);
    if (id === null) return null;
    const user = await usersRepo.findUserById(db, id);
    if (!user) return null;
    if (id === viewerId || (await repo.findFriendship(db, viewerId, id))) return { user, showsChatNo: true };
    const byRef = ref ? refs.check(viewerId, id, ref) : null;
    if (byRef) return { user, showsChatNo: byRef === 'search' };
    return (await repo.isRelated(db, viewerId, id)) ? { user, showsChatNo: false } : null;
  }

  return {
    see,

    /**
     * The content of a contact card of `userId` that `senderId` sends, or null when the sender
     * may not see that person. It carries a card reference so the recipients can open the
     * person's page, and the chat ID only on one's own card.
     */
    async cardOf(senderId: number, userId: string, ref?: string): Promise<CardFacts | null> {
      const sight = await see(senderId, userId, ref);
      if (!sight) return null;
      const { user } = sight;
      return {
        userId: String(user.id),
        nickName: user.nick_name,
        portrait: user.portrait,
        chatNo: user.id === senderId ? (user.chat_no ?? '') : '',
        ref: refs.forCard(user.id),
      };
    },

    /** The reference a search answer carries. */
    searchRef: (viewerId: number, personId: number) => refs.forSearch(viewerId, personId),

    /** The reference a People Nearby or Shake answer carries. */
    nearbyRef: (viewerId: number, personId: number) => refs.forNearby(viewerId, personId),
  };
}

export type Visibility = ReturnType<typeof createVisibility>;
