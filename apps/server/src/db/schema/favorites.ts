import type { ColumnType, Generated, Selectable } from 'kysely';

type Defaulted<T> = ColumnType<T, T | undefined, T>;

/** A favorite; see migrations/0025_favorites.ts. */
export interface FavoritesTable {
  id: Generated<number>;
  owner_id: number;
  kind: string;
  /** The kind's content object, as JSON. */
  content: string;
  source_name: Defaulted<string>;
  source_time: number;
  source_msg_id: number | null;
  search_text: Defaulted<string>;
  created_at: number;
}

export type FavoriteRow = Selectable<FavoritesTable>;
