import type { ColumnType, Generated, Insertable, Selectable } from 'kysely';

/**
 * Friend requests. A request is `pending` until its addressee accepts, rejects or ignores it;
 * decided rows stay as history. At most one pending request per direction (a partial unique index).
 */
export interface FriendAppliesTable {
  id: Generated<number>;
  from_id: number;
  to_id: number;
  reason: ColumnType<string, string | undefined, string>;
  /** search | qrcode | group | card */
  source: string;
  /** The requester's remark for the addressee, applied when they become friends. */
  remark: ColumnType<string, string | undefined, string>;
  /** pending | accepted | rejected | ignored */
  status: string;
  created_at: number;
  updated_at: number;
}

export type FriendApplyRow = Selectable<FriendAppliesTable>;
export type NewFriendApply = Insertable<FriendAppliesTable>;
