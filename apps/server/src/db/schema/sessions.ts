import type { ColumnType, Generated, Insertable, Selectable } from 'kysely';

/** One signed-in device. The token itself is never stored, only its sha256 (hex). */
export interface SessionsTable {
  id: Generated<number>;
  token_hash: string;
  user_id: number;
  created_at: number;
  expires_at: number;
  revoked_at: ColumnType<number | null, number | null | undefined, number | null>;
  user_agent: ColumnType<string, string | undefined, string>;
}

export type SessionRow = Selectable<SessionsTable>;
export type NewSession = Insertable<SessionsTable>;
