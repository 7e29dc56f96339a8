/**
 * Shake (contract: packages/protocol shake.ts). Each user has one row, their latest shake. A
 * shake is written first, in a statement of its own, and only then does it look for a partner:
 * two people shaking at the same instant each see the other's committed row, so at least one
 * of them pairs the two (had both looked inside the write's transaction, each would have
 * missed the other and both would wait in vain).
 *
 * Pairing is one transaction with two conditional updates, "set matched_with where it is still
 * null and the shake is still this one", in ascending user id, so concurrent pairings lock rows
 * in one order (no deadlock on PostgreSQL) and the second of two claims on a person finds no
 * row to update: it rolls back and looks again, and nobody is paired twice. SQLite runs the
 * transactions one at a time; the same updates hold there.
 *
 * The partner is the nearest waiting shake by cell (as People Nearby measures it), shakes
 * without a place after those with one, the longest waiting first among equals. The place is
 * kept only while the shake may still be paired, then cleared; a match keeps only its distance
 * bucket.
 */
import { DistanceBucket, SHAKE_WINDOW_SECONDS, type Coordinates, type ShakeResult } from '@paichat/protocol';
import type { Clock } from '../../clock';
import type { Db, DbOrTx } from '../../db';
import * as friendsRepo from '../friends/repo';
import type { Visibility } from '../friends/visibility';
import { areasAround, bucketBetween, bucketRank, placeOf, type Place } from '../nearby/cells';
import * as usersRepo from '../users/repo';
import { toUserInfo } from '../users/service';
import * as repo from './repo';

const WINDOW_MS = SHAKE_WINDOW_SECONDS * 1000;
/**
 * How long after its window a waiting shake still answers 'waiting' rather than 'none': a
 * pairing that began inside the window commits a moment later, and its first shaker must not
 * have been told "nobody" by then.
 */
export const SETTLE_MS = 1_000;
/** Candidates considered per look; within a few seconds around one place there are rarely more. */
const CANDIDATE_LIMIT = 50;
/** Looks after losing a candidate to another pairing, before answering 'waiting'. */
const MAX_LOOKS = 5;

export interface ShakeServiceDeps {
  db: Db;
  clock: Clock;
  visibility: Pick<Visibility, 'nearbyRef'>;
}

/** Thrown inside a pairing transaction to roll it back: the candidate was taken meanwhile. */
class CandidateTaken extends Error {}

export function createShakeService({ db, clock, visibility }: ShakeServiceDeps) {
  /** How `viewerId`'s shake `row` stands at `now`. */
  async function answerFor(
    dbx: DbOrTx,
    viewerId: number,
    row: repo.ShakeRow | undefined,
    now: number,
  ): Promise<ShakeResult> {
    if (row?.matched_with != null) {
      const partnerId = row.matched_with;
      const partner = await usersRepo.findUserById(dbx, partnerId);
      // A block made after the match hides it too.
      const blocked =
        (await friendsRepo.isBlocking(dbx, viewerId, partnerId)) ||
        (await friendsRepo.isBlocking(dbx, partnerId, viewerId));
      if (!partner || blocked) return { status: 'none' };
      const { userId, nickName, portrait, intro, gender } = toUserInfo(partner);
      const distance = DistanceBucket.safeParse(row.matched_distance);
      return {
        status: 'matched',
        person: {
          userId,
          nickName,
          portrait,
          intro,
          gender,
          distance: distance.success ? distance.data : null,
          ref: visibility.nearbyRef(viewerId, partnerId),
          isFriend: (await friendsRepo.findFriendship(dbx, viewerId, partnerId)) !== undefined,
        },
      };
    }
    const until = (row?.shaken_at ?? 0) + WINDOW_MS;
    return row && now <= until + SETTLE_MS ? { status: 'waiting', until } : { status: 'none' };
  }

  /** The waiting shakes `userId` may be paired with, best first, with how far each is. */
  async function rankedCandidates(dbx: DbOrTx, userId: number, place: Place | null, now: number) {
    const found = await repo.findCandidates(dbx, userId, {
      since: now - WINDOW_MS,
      areas: place ? areasAround(place.area) : null,
      limit: CANDIDATE_LIMIT,
    });
    return found
      .map((candidate) => {
        const distance = place && candidate.cell ? bucketBetween(place.cell, candidate.cell) : null;
        // Both have a place and they are beyond the largest bucket: not a partner.
        const tooFar = place !== null && candidate.cell !== null && distance === null;
        return { candidate, distance, tooFar };
      })
      .filter((c) => !c.tooFar)
      .sort((a, b) => bucketRank(a.distance) - bucketRank(b.distance)); // stable: oldest first among equals
  }

  /** One look for a partner: the answer, or null when the chosen candidate was taken meanwhile. */
  async function lookOnce(
    userId: number,
    shakenAt: number,
    place: Place | null,
  ): Promise<ShakeResult | null> {
    try {
      return await db.transaction().execute(async (trx) => {
        const mine = await repo.findShake(trx, userId);
        // Paired by someone else meanwhile, or replaced by a newer shake of mine: that is the answer.
        if (!mine || mine.shaken_at !== shakenAt || mine.matched_with !== null)
          return answerFor(trx, userId, mine, shakenAt);
        const [best] = await rankedCandidates(trx, userId, place, shakenAt);
        if (!best) return answerFor(trx, userId, mine, shakenAt);
        const partnerId = best.candidate.user_id;
        const claims = [
          { userId, shakenAt, partnerId, distance: best.distance },
          {
            userId: partnerId,
            shakenAt: best.candidate.shaken_at,
            partnerId: userId,
            distance: best.distance,
          },
        ].sort((a, b) => a.userId - b.userId);
        for (const claim of claims) if (!(await repo.claimShake(trx, claim))) throw new CandidateTaken();
        return answerFor(trx, userId, await repo.findShake(trx, userId), shakenAt);
      });
    } catch (error) {
      if (error instanceof CandidateTaken) return null;
      throw error;
    }
  }

  return {
    /** Records my shake and pairs it with the best waiting one, or answers that it waits. */
    async shake(userId: number, position: Coordinates | undefined): Promise<ShakeResult> {
      const now = clock.now();
      const place = position ? placeOf(position) : null;
      await repo.forgetPlaces(db, now - WINDOW_MS - SETTLE_MS);
      await repo.putShake(db, {
        user_id: userId,
        cell: place?.cell ?? null,
        area: place?.area ?? null,
        shaken_at: now,
      });
      for (let look = 0; look < MAX_LOOKS; look += 1) {
        const answer = await lookOnce(userId, now, place);
        if (answer) return answer;
      }
      return answerFor(db, userId, await repo.findShake(db, userId), now);
    },

    /** How my latest shake stands: matched, still waiting, or over with nobody. */
    async result(userId: number): Promise<ShakeResult> {
      return answerFor(db, userId, await repo.findShake(db, userId), clock.now());
    },
  };
}

export type ShakeService = ReturnType<typeof createShakeService>;
