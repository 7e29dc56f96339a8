import type { ColumnType, Generated, Selectable } from 'kysely';

type Defaulted<T> = ColumnType<T, T | undefined, T>;

/** A post to Moments; see migrations/0021_moments.ts. */
export interface MomentsTable {
  id: Generated<number>;
  user_id: number;
  text: Defaulted<string>;
  location: Defaulted<string>;
  /** PUBLIC | PRIVATE | INCLUDE | EXCLUDE */
  visibility: Defaulted<string>;
  created_at: number;
}

/** A picture (or the one video) of a post, in order; names are the uploads' stored names. */
export interface MomentMediaTable {
  moment_id: number;
  position: number;
  /** image | video */
  kind: string;
  upload_name: string;
  thumb_name: string | null;
  width: Defaulted<number>;
  height: Defaulted<number>;
}

/** A friend an INCLUDE post shows to, or an EXCLUDE post hides from. */
export interface MomentAudienceTable {
  moment_id: number;
  user_id: number;
}

export type MomentRow = Selectable<MomentsTable>;
export type MomentMediaRow = Selectable<MomentMediaTable>;

/** Someone liked a post; see migrations/0022_moment_interactions.ts. */
export interface MomentLikesTable {
  moment_id: number;
  user_id: number;
  created_at: number;
}

/** A comment on a post, or a reply to one of its comments (`reply_to_user_id`). */
export interface MomentCommentsTable {
  id: Generated<number>;
  moment_id: number;
  user_id: number;
  reply_to_user_id: number | null;
  text: string;
  created_at: number;
}

/** An entry of `owner_id`'s interaction list. */
export interface MomentInteractionsTable {
  id: Generated<number>;
  owner_id: number;
  moment_id: number;
  actor_id: number;
  /** LIKE | COMMENT | REPLY */
  kind: string;
  comment_id: number | null;
  created_at: number;
  is_read: Defaulted<number>;
}

/** When the user last opened the feed. */
export interface MomentFeedSeenTable {
  user_id: number;
  seen_at: number;
}

/** A user's Moments cover; see migrations/0023_moment_covers.ts. */
export interface MomentCoversTable {
  user_id: number;
  upload_name: string;
}
