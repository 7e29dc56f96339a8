import { sql } from 'kysely';
import type { DbOrTx, FavoriteRow } from '../../db/schema';

export interface NewFavorite {
  ownerId: number;
  kind: string;
  content: Record<string, unknown>;
  sourceName: string;
  sourceTime: number;
  sourceMsgId: number | null;
  searchText: string;
  createdAt: number;
}

export async function insertFavorite(db: DbOrTx, favorite: NewFavorite): Promise<FavoriteRow> {
  return db
    .insertInto('favorites')
    .values({
      owner_id: favorite.ownerId,
      kind: favorite.kind,
      content: JSON.stringify(favorite.content),
      source_name: favorite.sourceName,
      source_time: favorite.sourceTime,
      source_msg_id: favorite.sourceMsgId,
      search_text: favorite.searchText,
      created_at: favorite.createdAt,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** The owner's favorite of that message, if they saved it before. */
export function findBySourceMessage(
  db: DbOrTx,
  ownerId: number,
  msgId: number,
): Promise<FavoriteRow | undefined> {
  return db
    .selectFrom('favorites')
    .selectAll()
    .where('owner_id', '=', ownerId)
    .where('source_msg_id', '=', msgId)
    .executeTakeFirst();
}

export function findFavorite(db: DbOrTx, ownerId: number, id: number): Promise<FavoriteRow | undefined> {
  return db
    .selectFrom('favorites')
    .selectAll()
    .where('owner_id', '=', ownerId)
    .where('id', '=', id)
    .executeTakeFirst();
}

/** `%`, `_` and the escape itself, taken literally in a LIKE pattern. */
const likeLiteral = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * A page of the owner's favorites older than `beforeId` (all when null), newest first, only
 * those whose search text holds `keyword` (already in lower case; '' for all).
 */
export function listFavorites(
  db: DbOrTx,
  ownerId: number,
  page: { keyword: string; beforeId: number | null; limit: number },
): Promise<FavoriteRow[]> {
  return db
    .selectFrom('favorites')
    .selectAll()
    .where('owner_id', '=', ownerId)
    .$if(page.beforeId !== null, (q) => q.where('id', '<', page.beforeId as number))
    .$if(page.keyword !== '', (q) =>
      q.where(sql<boolean>`search_text like ${`%${likeLiteral(page.keyword)}%`} escape '\\'`),
    )
    .orderBy('id', 'desc')
    .limit(page.limit)
    .execute();
}

/** Answers whether the owner had that favorite. */
export async function deleteFavorite(db: DbOrTx, ownerId: number, id: number): Promise<boolean> {
  const result = await db
    .deleteFrom('favorites')
    .where('owner_id', '=', ownerId)
    .where('id', '=', id)
    .executeTakeFirst();
  return result.numDeletedRows > 0n;
}
