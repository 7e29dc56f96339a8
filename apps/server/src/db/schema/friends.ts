import type { ColumnType, Selectable } from 'kysely';

/**
 * A friendship is stored in both directions: (a, b) and (b, a). Each row also carries its
 * owner's private remark and tags for the friend, so they go when the friendship goes.
 */
export interface FriendsTable {
  user_id: number;
  friend_id: number;
  created_at: number;
  remark: ColumnType<string, string | undefined, string>;
  /** A JSON array of strings. */
  tags: ColumnType<string, string | undefined, string>;
}

export type FriendRow = Selectable<FriendsTable>;
