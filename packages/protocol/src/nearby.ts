import { z } from 'zod';
import { endpoint, Empty } from './endpoint';
import { Gender } from './user';

/**
 * People Nearby and Shake share how a place is handled (spec 1; privacy against trilateration):
 * - a position travels once, to be snapped on the server to its grid cell (H3 resolution 7,
 *   hexagons of about 5 km², some 2.5 km across); only the cell is stored, never coordinates;
 * - a distance is measured between two cells (the searcher's too) and answered only as a bucket
 *   ("within 3 km", the same cell, … "within 20 km"), so no number of probes from any positions
 *   learns more than which cell someone is in;
 * - a shared position lasts NEARBY_TTL_MINUTES, can be cleared at once, and a new one that
 *   would mean moving faster than an airliner is refused (`locationJump`);
 * - listing is rate-limited, one account is shown at most NEARBY_PEOPLE_PER_HOUR different
 *   people an hour, and blocked people (either way) never see each other.
 */

/** A shared position lasts this long unless shared again or cleared. */
export const NEARBY_TTL_MINUTES = 60;
/**
 * One account is shown at most this many different people in any hour: three full lists (all,
 * female, male) and more, but not a city. Past it, lists show only people it was already shown.
 */
export const NEARBY_PEOPLE_PER_HOUR = 200;
/** Nobody farther than the largest bucket is listed or matched. */
export const DistanceBucket = z.enum(['3km', '5km', '10km', '20km']);
export type DistanceBucket = z.infer<typeof DistanceBucket>;

/** A position from the browser, sent once to be snapped to its cell. */
export const Coordinates = z.object({
  latitude: z.number().min(-90).max(90),
  longitude: z.number().min(-180).max(180),
});
export type Coordinates = z.infer<typeof Coordinates>;

/**
 * Someone near: their public profile, how far (a bucket), a reference to open their page, and
 * whether they are already a friend.
 */
export const NearbyPerson = z.object({
  userId: z.string(),
  nickName: z.string(),
  portrait: z.string(),
  intro: z.string(),
  gender: Gender,
  distance: DistanceBucket,
  /** Opens their page (and a friend request with source `nearby`) for this viewer only. */
  ref: z.string(),
  /** Already the viewer's friend (it tells of the viewer's own ties only): no greeting is offered. */
  isFriend: z.boolean(),
});
export type NearbyPerson = z.infer<typeof NearbyPerson>;

export const NearbyGender = z.enum(['all', 'male', 'female']);
export type NearbyGender = z.infer<typeof NearbyGender>;

export const shareLocation = endpoint({
  method: 'POST',
  path: '/nearby/share',
  request: Coordinates,
  response: z.object({ expiresAt: z.number() }),
  auth: true,
  summary: 'Share my position (snapped to its cell) with People Nearby for a while',
});

export const listNearby = endpoint({
  method: 'POST',
  path: '/nearby/list',
  request: z.object({ gender: NearbyGender.default('all') }),
  response: z.object({ list: z.array(NearbyPerson), expiresAt: z.number() }),
  auth: true,
  summary: 'People whose shared position is near mine, nearest bucket first',
});

export const clearLocation = endpoint({
  method: 'POST',
  path: '/nearby/clear',
  request: Empty,
  response: z.null(),
  auth: true,
  summary: 'Clear my shared position at once',
});
