/**
 * People Nearby (see packages/protocol nearby.ts for the contract, cells.ts for the grid).
 *
 * A share snaps the position to its cell and stores only the cell, for NEARBY_TTL_MINUTES. It is
 * judged against the place shared before (kept, hidden, after it expires or is cleared): a move
 * faster than believable is refused, so an account cannot hop around a target to probe it from
 * many places at once. A list answers, for the caller's own live cell, the people in the areas
 * around it as distance buckets between the two cells: every answer is a function of the two
 * cells only, so no set of probes places anyone more finely than their cell. Listing needs a live
 * place of one's own, so nobody watches without being seen. Both are rate-limited (routes.ts),
 * and one account is shown at most NEARBY_PEOPLE_PER_HOUR different people in any hour (past
 * it, lists hold only people it was already shown), so no account lists a whole city: each
 * list notes whom it showed, under a lock on the viewer's place, so two lists at once cannot
 * both spend the same room.
 */
import {
  NEARBY_PEOPLE_PER_HOUR,
  NEARBY_TTL_MINUTES,
  type Coordinates,
  type DistanceBucket,
  type NearbyGender,
  type NearbyPerson,
} from '@paichat/protocol';
import type { Clock } from '../../clock';
import type { Db } from '../../db';
import { LocationJumpError, LocationRequiredError } from '../../errors';
import { friendIdsAmong } from '../friends/repo';
import type { Visibility } from '../friends/visibility';
import { toUserInfo } from '../users/service';
import { areasAround, believableMove, bucketBetween, bucketRank, MOVE_MEMORY_MS, placeOf } from './cells';
import * as repo from './repo';

/** The most people one list shows. */
export const NEARBY_LIST_MAX = 50;
/** The most recently shared places a list measures; a crowd beyond it is sampled by recency. */
const CANDIDATE_SCAN = 1_000;
const TTL_MS = NEARBY_TTL_MINUTES * 60_000;
/** Stale places and showings are forgotten at most this often (per process), on a share. */
const FORGET_EVERY_MS = 60 * 60_000;
/** How long a person shown counts against the cap on different people. */
const SHOWN_FOR_MS = 60 * 60_000;

export interface NearbyServiceDeps {
  db: Db;
  clock: Clock;
  visibility: Pick<Visibility, 'nearbyRef'>;
}

interface Measured {
  candidate: repo.NearbyCandidate;
  bucket: DistanceBucket;
}

/** Nearest bucket first; within one, the most recent share (never anything finer than the bucket). */
const byBucket = (a: Measured, b: Measured): number =>
  bucketRank(a.bucket) - bucketRank(b.bucket) ||
  b.candidate.shared_at - a.candidate.shared_at ||
  a.candidate.id - b.candidate.id;

/**
 * What a list shows of `measured` (nearest first): people `shown` already this hour, and new
 * ones while the hour's room for different people lasts, at most NEARBY_LIST_MAX.
 */
function withinHourlyCap(measured: Measured[], shown: Set<number>): Measured[] {
  let room = NEARBY_PEOPLE_PER_HOUR - shown.size;
  const picked: Measured[] = [];
  for (const entry of measured) {
    if (picked.length === NEARBY_LIST_MAX) break;
    if (shown.has(entry.candidate.id)) picked.push(entry);
    else if (room > 0) {
      room -= 1;
      picked.push(entry);
    }
  }
  return picked;
}

export function createNearbyService({ db, clock, visibility }: NearbyServiceDeps) {
  let forgotAt = 0;

  /**
   * A place constrains the next share for MOVE_MEMORY_MS after it was shared, no longer; rows
   * whose expiry is that far behind (so their share is too) are deleted, cleared ones included.
   * Showings older than SHOWN_FOR_MS count for nothing (every lister shares at least hourly).
   */
  async function forgetStale(now: number): Promise<void> {
    if (now - forgotAt < FORGET_EVERY_MS) return;
    forgotAt = now;
    await repo.deleteExpiredBefore(db, now - MOVE_MEMORY_MS);
    await repo.deleteSightingsBefore(db, now - SHOWN_FOR_MS);
  }

  return {
    async share(userId: number, position: Coordinates): Promise<{ expiresAt: number }> {
      const { cell, area } = placeOf(position);
      const now = clock.now();
      const next = { user_id: userId, cell, area, shared_at: now, expires_at: now + TTL_MS };
      // A second try only when another share of this account was stored in between: it is
      // judged against that one.
      for (let attempt = 0; attempt < 2; attempt += 1) {
        const previous = (await repo.findLocation(db, userId)) ?? null;
        if (previous && !believableMove(previous.cell, previous.shared_at, cell, now))
          throw new LocationJumpError();
        if (await repo.replaceLocation(db, next, previous)) {
          await forgetStale(now);
          return { expiresAt: next.expires_at };
        }
      }
      throw new LocationJumpError();
    },

    async list(viewerId: number, gender: NearbyGender): Promise<{ list: NearbyPerson[]; expiresAt: number }> {
      const now = clock.now();
      return db.transaction().execute(async (trx) => {
        const own = await repo.lockLocation(trx, viewerId);
        if (!own || own.expires_at <= now) throw new LocationRequiredError();
        const candidates = await repo.listCandidates(trx, {
          viewerId,
          areas: areasAround(own.area),
          now,
          gender: gender === 'all' ? null : gender,
          limit: CANDIDATE_SCAN,
        });
        const measured = candidates.flatMap((candidate): Measured[] => {
          const bucket = bucketBetween(own.cell, candidate.cell);
          return bucket ? [{ candidate, bucket }] : [];
        });
        const shown = await repo.listShownSince(trx, viewerId, now - SHOWN_FOR_MS);
        const picked = withinHourlyCap(measured.sort(byBucket), shown);
        const pickedIds = picked.map(({ candidate }) => candidate.id);
        await repo.recordShown(trx, viewerId, pickedIds, now);
        const friends = await friendIdsAmong(trx, viewerId, pickedIds);
        const list = picked.map(({ candidate, bucket }): NearbyPerson => {
          const { userId, nickName, portrait, intro, gender } = toUserInfo(candidate);
          const ref = visibility.nearbyRef(viewerId, candidate.id);
          const isFriend = friends.has(candidate.id);
          return { userId, nickName, portrait, intro, gender, distance: bucket, ref, isFriend };
        });
        return { list, expiresAt: own.expires_at };
      });
    },

    /** Hidden at once; the cell stays (hidden) only to judge the next share, see forgetStale. */
    async clear(userId: number): Promise<void> {
      await repo.expireLocation(db, userId, clock.now());
    },
  };
}

export type NearbyService = ReturnType<typeof createNearbyService>;
