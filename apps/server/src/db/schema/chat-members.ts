import type { ColumnType, Insertable, Selectable } from 'kysely';

type Defaulted<T> = ColumnType<T, T | undefined, T>;

/** A member of a chat and their own state of it; see migrations/0011_chat_members.ts. */
export interface ChatMembersTable {
  chat_id: number;
  user_id: number;
  /** Read up to this seq. Never moves back; always ≥ cleared_seq. */
  read_seq: Defaulted<number>;
  /** Messages up to this seq are hidden from this member. */
  cleared_seq: Defaulted<number>;
  /** Off the member's chat list until the chat's last_seq passes this. */
  hidden_seq: Defaulted<number>;
  /** 0 or 1. */
  is_top: Defaulted<number>;
  /** 0 or 1. */
  is_disturb: Defaulted<number>;
  joined_at: number;
  /** GROUP: the seq of the notice that ended this membership (nothing later is theirs); null while a member. */
  left_seq: ColumnType<number | null, number | null | undefined, number | null>;
  /** GROUP: the newest message that mentioned this member (@them or @All); 0 when none. */
  mention_seq: Defaulted<number>;
}

export type ChatMemberRow = Selectable<ChatMembersTable>;
export type NewChatMember = Insertable<ChatMembersTable>;
