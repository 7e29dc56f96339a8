import type { ColumnType, Generated, Insertable, Selectable } from 'kysely';

/** Value with a database default: optional on insert. */
type Defaulted<T> = ColumnType<T, T | undefined, T>;

export interface UsersTable {
  id: Generated<number>;
  /** As typed when set; unique ignoring case through chat_no_lower. Null until the account sets one. */
  chat_no: string | null;
  chat_no_lower: string | null;
  nick_name: string;
  portrait: Defaulted<string>;
  user_type: Defaulted<string>;
  gender: Defaulted<string>;
  intro: Defaulted<string>;
  country: Defaulted<string>;
  province: Defaulted<string>;
  city: Defaulted<string>;
  /** argon2id; null for an account that signs in another way and never set a password. */
  password_hash: string | null;
  /** Milliseconds since the epoch. */
  created_at: number;
  /** "Send read receipts": 1 on (the default), 0 off (receipts.ts in the protocol). */
  read_receipts: Defaulted<number>;
}

export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
