import type { ColumnType, Generated, Insertable, Selectable } from 'kysely';

/** A chat; see migrations/0010_chats.ts. */
export interface ChatsTable {
  id: Generated<number>;
  /** SINGLE | GROUP */
  type: string;
  /** SINGLE: the pair, lower user id first. */
  user_low: number | null;
  user_high: number | null;
  /** GROUP: the group. */
  group_id: ColumnType<number | null, number | null | undefined, number | null>;
  /** The newest message's seq (0: none yet). */
  last_seq: ColumnType<number, number | undefined, number>;
  /** When the newest message was stored (the chat's creation time until then). */
  last_msg_at: number;
  created_at: number;
}

export type ChatRow = Selectable<ChatsTable>;
export type NewChat = Insertable<ChatsTable>;
