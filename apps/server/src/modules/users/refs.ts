/**
 * Person references: how a viewer opens a person they are not otherwise related to.
 *
 * User ids are sequential, so an id alone must not open a stranger's page (anyone could walk
 * them). The server hands out a reference only where it legitimately shows a stranger, and
 * accepts nothing else:
 * - search ('s'): the PipID search answer. Signed over the searcher and the person, so it works
 *   for the searcher only, and it shows the chat ID (they found the person by it).
 * - card ('c'): carried by a contact card and by a QR card. Signed over the person only, so
 *   whoever holds the card may open the page, without the chat ID.
 * - nearby ('n'): People Nearby and Shake answers. Signed over the viewer and the person, so it
 *   works for the viewer only, without the chat ID.
 * A reference is its kind's letter and an HMAC-SHA256 (first 128 bits, base64url) keyed by the
 * `person_ref` server secret, which a migration made once: every node issues and accepts the
 * same references, and no table of issued references is kept. They do not expire (cards stay
 * in chat histories); rotating the secret in `server_secrets` revokes them all.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { DbOrTx } from '../../db';
import { findServerSecret } from './repo';

export type RefKind = 'search' | 'card' | 'nearby';

const LETTER: Record<RefKind, string> = { search: 's', card: 'c', nearby: 'n' };
const MAC_BYTES = 16;

export interface PersonRefs {
  /** For the PipID search answer: opens `personId` for `viewerId` only, chat ID included. */
  forSearch(viewerId: number, personId: number): string;
  /** For contact and QR cards: opens `personId` for anyone holding it. */
  forCard(personId: number): string;
  /** For People Nearby and Shake answers: opens `personId` for `viewerId` only, no chat ID. */
  forNearby(viewerId: number, personId: number): string;
  /** What `ref` lets `viewerId` do with `personId`: the kind it was issued as, or null. */
  check(viewerId: number, personId: number, ref: string): RefKind | null;
}

export function createPersonRefs(secret: Buffer): PersonRefs {
  const mac = (message: string): Buffer =>
    createHmac('sha256', secret).update(message).digest().subarray(0, MAC_BYTES);
  const issue = (kind: RefKind, message: string) => `${LETTER[kind]}${mac(message).toString('base64url')}`;
  const searchMessage = (viewerId: number, personId: number) => `search:${viewerId}:${personId}`;
  const cardMessage = (personId: number) => `card:${personId}`;
  const nearbyMessage = (viewerId: number, personId: number) => `nearby:${viewerId}:${personId}`;
  const messageOf = (kind: RefKind, viewerId: number, personId: number): string => {
    if (kind === 'search') return searchMessage(viewerId, personId);
    return kind === 'nearby' ? nearbyMessage(viewerId, personId) : cardMessage(personId);
  };

  return {
    forSearch: (viewerId, personId) => issue('search', searchMessage(viewerId, personId)),
    forCard: (personId) => issue('card', cardMessage(personId)),
    forNearby: (viewerId, personId) => issue('nearby', nearbyMessage(viewerId, personId)),
    check(viewerId, personId, ref) {
      const kind = (Object.keys(LETTER) as RefKind[]).find((k) => ref.startsWith(LETTER[k]));
      if (!kind) return null;
      const given = Buffer.from(ref.slice(1), 'base64url');
      const expected = mac(messageOf(kind, viewerId, personId));
      return given.length === expected.length && timingSafeEqual(given, expected) ? kind : null;
    },
  };
}

/** The references of this deployment, keyed by the secret migration 0019 stored. */
export async function loadPersonRefs(db: DbOrTx): Promise<PersonRefs> {
  const secret = await findServerSecret(db, 'person_ref');
  if (!secret) throw new Error('server secret person_ref is missing (migration 0019)');
  return createPersonRefs(Buffer.from(secret, 'base64url'));
}
