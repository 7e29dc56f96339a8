/**
 * Where people are, as coarsely as People Nearby and Shake need it (see packages/protocol
 * nearby.ts): a position becomes its H3 cell at CELL_RESOLUTION on arrival and the coordinates
 * are dropped. Distances are measured between cell centres and answered as buckets, so what
 * anyone can learn, from any number of probes from anywhere, is at most someone's cell: the
 * cell is the finest anyone is ever placed, so it is the size that must be safe, whatever the
 * buckets.
 */
import { cellToLatLng, cellToParent, greatCircleDistance, gridDisk, latLngToCell } from 'h3-js';
import type { Coordinates, DistanceBucket } from '@paichat/protocol';

/**
 * Hexagons of about 4–6 km² (5.2 on average), some 2.5 km across. Resolution 8 (0.74 km²) let
 * an account walking its shared position pin someone's cell in a handful of lists: a block or
 * two of a city is too close to a home.
 */
export const CELL_RESOLUTION = 7;
/** Areas (about 250 km²) that index who is where: candidates come from the areas around one's own. */
const AREA_RESOLUTION = 5;
/** Rings of areas searched around one's own: beyond the largest bucket in every direction. */
const AREA_RINGS = 2;

/**
 * Bucket limits in metres between cell centres, smallest first. Neighbouring cells' centres are
 * 1.9–2.6 km apart, so "within 3 km" is the same cell only (two people in it are at most about
 * 3 km apart) and "within 5 km" a neighbouring one.
 */
const BUCKETS: readonly [DistanceBucket, number][] = [
  ['3km', 1_000],
  ['5km', 3_000],
  ['10km', 7_500],
  ['20km', 20_000],
];

/** The fastest believable move between two shared positions (an airliner), in metres a second. */
const TOP_SPEED = 250;
/** What any move may span regardless of time: into a neighbouring cell, for GPS wobble. */
const MOVE_SLACK_M = 3_000;
/** Half the Earth's circumference, the farthest any two places are apart, in metres. */
const HALF_EARTH_M = 20_037_500;
/**
 * After this long (some 22 hours) any move is believable: a place shared longer ago no longer
 * constrains the next one, so nothing needs to remember it.
 */
export const MOVE_MEMORY_MS = Math.ceil((HALF_EARTH_M / TOP_SPEED) * 1000);

export interface Place {
  /** The H3 cell at CELL_RESOLUTION. */
  cell: string;
  /** Its parent at AREA_RESOLUTION, for finding candidates. */
  area: string;
}

export function placeOf({ latitude, longitude }: Coordinates): Place {
  const cell = latLngToCell(latitude, longitude, CELL_RESOLUTION);
  return { cell, area: cellToParent(cell, AREA_RESOLUTION) };
}

/** The areas whose people may be within the largest bucket of someone in `area`. */
export const areasAround = (area: string): string[] => gridDisk(area, AREA_RINGS);

const metresBetween = (a: string, b: string): number =>
  greatCircleDistance(cellToLatLng(a), cellToLatLng(b), 'm');

/** How far apart two cells are, as a bucket; null when beyond the largest one. */
export function bucketBetween(a: string, b: string): DistanceBucket | null {
  const metres = metresBetween(a, b);
  return BUCKETS.find(([, limit]) => metres <= limit)?.[0] ?? null;
}

/** Whether going from cell `from` (at `fromTime`) to `to` (at `toTime`, both ms) is believable. */
export function believableMove(from: string, fromTime: number, to: string, toTime: number): boolean {
  const seconds = Math.max(0, toTime - fromTime) / 1000;
  return metresBetween(from, to) <= MOVE_SLACK_M + TOP_SPEED * seconds;
}

/** Sorting by bucket, nearest first. */
export const bucketRank = (bucket: DistanceBucket | null): number =>
  bucket === null ? BUCKETS.length : BUCKETS.findIndex(([name]) => name === bucket);
