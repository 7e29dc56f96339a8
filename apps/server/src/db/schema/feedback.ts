import type { ColumnType, Generated } from 'kysely';

type Defaulted<T> = ColumnType<T, T | undefined, T>;

/** A feedback; see migrations/0024_feedback.ts. */
export interface FeedbackTable {
  id: Generated<number>;
  user_id: number;
  text: string;
  app_version: Defaulted<string>;
  device: Defaulted<string>;
  created_at: number;
}

/** A picture of a feedback, in order; the upload's stored name. */
export interface FeedbackImagesTable {
  feedback_id: number;
  position: number;
  upload_name: string;
}
