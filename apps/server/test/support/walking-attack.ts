/**
 * The attack that pinned someone's place in People Nearby: an account walks its own shared
 * position and reads the target's distance bucket after each step. It knows the server's
 * public rule (modules/nearby/cells.ts: a position becomes its cell, answers are buckets
 * between cells), so it keeps, of every place the target might be, those that would have given
 * every answer seen, and steps to where the next answer splits them most evenly.
 *
 * Places are H3 resolution-9 cells (about 0.1 km²), each stood for by its centre: far finer than
 * anything the rule answers, so what is left measures what the attacker learnt.
 */
import type { DistanceBucket } from '@paichat/protocol';
import { cellArea, cellToLatLng, gridDisk, latLngToCell } from 'h3-js';
import { believableMove, bucketBetween, placeOf } from '../../src/modules/nearby/cells';

export interface Position {
  latitude: number;
  longitude: number;
}

const FINE_RESOLUTION = 9;
const EARTH_RADIUS_M = 6_371_008.8;

/** The position `metres` from `from` in the direction `bearing` (degrees from north). */
export function moved(from: Position, metres: number, bearing: number): Position {
  const rad = (degrees: number) => (degrees * Math.PI) / 180;
  const d = metres / EARTH_RADIUS_M;
  const [lat, lon, b] = [rad(from.latitude), rad(from.longitude), rad(bearing)];
  const lat2 = Math.asin(Math.sin(lat) * Math.cos(d) + Math.cos(lat) * Math.sin(d) * Math.cos(b));
  const lon2 =
    lon + Math.atan2(Math.sin(b) * Math.sin(d) * Math.cos(lat), Math.cos(d) - Math.sin(lat) * Math.sin(lat2));
  return { latitude: (lat2 * 180) / Math.PI, longitude: (lon2 * 180) / Math.PI };
}

/** The centre of the fine cell holding `p`: a position the attacker's model answers exactly for. */
export function fineCentre(p: Position): Position {
  const [latitude, longitude] = cellToLatLng(latLngToCell(p.latitude, p.longitude, FINE_RESOLUTION));
  return { latitude, longitude };
}

/** What a list says of the target: its bucket, or undefined when it is not listed. */
export type Answer = DistanceBucket | undefined;

/** Places the target may be, grouped by the server's cell for them (which decides every answer). */
interface Group {
  cell: string;
  places: string[];
  km2: number;
}

export class WalkingAttacker {
  private groups: Group[];

  /** Every place within `radiusM` of `around`: where the target may be before anything is known. */
  constructor(around: Position, radiusM: number) {
    const centre = latLngToCell(around.latitude, around.longitude, FINE_RESOLUTION);
    // Neighbouring resolution-9 centres are some 350 m apart.
    const byCell = new Map<string, Group>();
    for (const place of gridDisk(centre, Math.ceil(radiusM / 330))) {
      const [latitude, longitude] = cellToLatLng(place);
      const { cell } = placeOf({ latitude, longitude });
      const group = byCell.get(cell) ?? { cell, places: [], km2: 0 };
      group.places.push(place);
      group.km2 += cellArea(place, 'km2');
      byCell.set(cell, group);
    }
    this.groups = [...byCell.values()];
  }

  /** The area (km²) of the places that fit every answer so far. */
  get km2(): number {
    return this.groups.reduce((sum, group) => sum + group.km2, 0);
  }

  /** Whether the target at `p` is still among the places that fit. */
  fits(p: Position): boolean {
    const place = latLngToCell(p.latitude, p.longitude, FINE_RESOLUTION);
    return this.groups.some((group) => group.places.includes(place));
  }

  /** What the rule answers from `probe` for a target in `group`. */
  private static answer(probe: Position, group: Group): Answer {
    return bucketBetween(placeOf(probe).cell, group.cell) ?? undefined;
  }

  /** Keeps the places that would have answered `seen` to a list from `probe`. */
  learn(probe: Position, seen: Answer): void {
    this.groups = this.groups.filter((group) => WalkingAttacker.answer(probe, group) === seen);
  }

  /**
   * Of the steps from `from` (every 30°, up to `maxStepM`) the server believes after
   * `elapsedMs`, the one whose answer leaves the least area in the worst case; null when no
   * step can tell any of the places apart.
   */
  bestStep(from: Position, maxStepM: number, elapsedMs: number): Position | null {
    let best: { to: Position; worst: number } | null = null;
    const fromCell = placeOf(from).cell;
    for (let metres = maxStepM / 6; metres <= maxStepM; metres += maxStepM / 6)
      for (let bearing = 0; bearing < 360; bearing += 30) {
        const to = moved(from, metres, bearing);
        if (!believableMove(fromCell, 0, placeOf(to).cell, elapsedMs)) continue;
        const byAnswer = new Map<Answer, number>();
        for (const group of this.groups) {
          const answer = WalkingAttacker.answer(to, group);
          byAnswer.set(answer, (byAnswer.get(answer) ?? 0) + group.km2);
        }
        const worst = Math.max(...byAnswer.values());
        if (worst < this.km2 - 1e-9 && (!best || worst < best.worst)) best = { to, worst };
      }
    return best?.to ?? null;
  }
}
