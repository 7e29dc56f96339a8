import { cellToParent, getResolution } from 'h3-js';
import type { Kysely } from 'kysely';

/** The resolution People Nearby and Shake keep from now on (modules/nearby/cells.ts). */
const RESOLUTION = 7;

type Places = {
  nearby_locations: { user_id: number; cell: string };
  shakes: { user_id: number; cell: string | null };
};

/**
 * People Nearby and Shake keep coarser cells: resolution 7 (~5 km²) instead of 8 (~0.74 km²),
 * which an account walking its own position could pin someone to. The places already kept
 * become their parent cell, so nothing finer stays behind and a share is still judged against
 * the last one (areas, resolution 5, are parents of both). A cell cannot be refined again:
 * `down` leaves them coarse, which the old code reads as it reads any cell.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const places = db as unknown as Kysely<Places>;
  for (const table of ['nearby_locations', 'shakes'] as const) {
    const rows = await places.selectFrom(table).select(['user_id', 'cell']).execute();
    for (const { user_id, cell } of rows)
      if (cell && getResolution(cell) > RESOLUTION)
        await places
          .updateTable(table)
          .set({ cell: cellToParent(cell, RESOLUTION) })
          .where('user_id', '=', user_id)
          .execute();
  }
}

export async function down(): Promise<void> {}
