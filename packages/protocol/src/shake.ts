import { z } from 'zod';
import { endpoint, Empty } from './endpoint';
import { Coordinates, NearbyPerson } from './nearby';

/**
 * Shake (spec 1): people who shake within SHAKE_WINDOW_SECONDS of each other are paired, the
 * nearest first (by cell, as in People Nearby; someone who shook without a position comes after
 * everyone with one, and is shown without a distance). A shake waits
 * for a partner until its window closes: the first of two learns of the match by asking for
 * the result. Nobody is paired with themself, with someone blocked either way, with anyone
 * farther than the largest distance bucket, or with more than one person per shake.
 */

/** Two shakes this close in time may be paired. */
export const SHAKE_WINDOW_SECONDS = 5;

export const ShakePerson = NearbyPerson.extend({
  /** null when either side shook without a position. */
  distance: NearbyPerson.shape.distance.nullable(),
});
export type ShakePerson = z.infer<typeof ShakePerson>;

export const ShakeResult = z.discriminatedUnion('status', [
  /** Still looking, until `until` (ms). */
  z.object({ status: z.literal('waiting'), until: z.number() }),
  z.object({ status: z.literal('matched'), person: ShakePerson }),
  /** The window closed with nobody. */
  z.object({ status: z.literal('none') }),
]);
export type ShakeResult = z.infer<typeof ShakeResult>;

export const shake = endpoint({
  method: 'POST',
  path: '/shake/shake',
  /** Without a position (none allowed, or no sensor) the shake still counts, without a distance. */
  request: z.object({ position: Coordinates.optional() }),
  response: ShakeResult,
  auth: true,
  summary: 'Shake: paired at once with someone who shook just before, or wait for the window',
});

export const shakeResult = endpoint({
  method: 'POST',
  path: '/shake/result',
  request: Empty,
  response: ShakeResult,
  auth: true,
  summary: 'How my latest shake ended (or that it still waits)',
});
