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
