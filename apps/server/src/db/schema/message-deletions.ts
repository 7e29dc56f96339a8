import type { Insertable, Selectable } from 'kysely';

/** Messages a person deleted for themselves; see migrations/0037_message_deletions.ts. */
export interface MessageDeletionsTable {
  user_id: number;
  chat_id: number;
  seq: number;
  message_id: number;
  created_at: number;
}

export type MessageDeletionsRow = Selectable<MessageDeletionsTable>;
export type NewMessageDeletion = Insertable<MessageDeletionsTable>;
