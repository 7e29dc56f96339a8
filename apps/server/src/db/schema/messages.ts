import type { ColumnType, Generated, Insertable, Selectable } from 'kysely';

/** A stored message; see migrations/0012_messages.ts. */
export interface MessagesTable {
  id: Generated<number>;
  chat_id: number;
  seq: number;
  /** Null for notices the server writes. */
  sender_id: number | null;
  client_msg_id: string | null;
  msg_type: string;
  /** The content object, as JSON. */
  content: string;
  created_at: number;
  /** GROUP: the sender's group nickname when sent ('' for none); null otherwise. */
  group_nick: ColumnType<string | null, string | null | undefined, string | null>;
}

export type MessageRow = Selectable<MessagesTable>;
export type NewMessage = Insertable<MessagesTable>;
