import type { Selectable } from 'kysely';

/** `user_id` put `blocked_id` on their blacklist. Private to `user_id`. */
export interface BlocksTable {
  user_id: number;
  blocked_id: number;
  created_at: number;
}

export type BlockRow = Selectable<BlocksTable>;
