import type { ColumnType, Generated, Selectable } from 'kysely';

type Nullable = ColumnType<number | null, number | null | undefined, number | null>;

/** A socket from its ticket to its close; see migrations/0020_sockets.ts. */
export interface SocketsTable {
  id: Generated<number>;
  /** sha256 (hex) of the ticket; the ticket itself is never stored. */
  ticket_hash: string;
  user_id: number;
  session_id: number;
  /** When the ticket stops being redeemable. */
  expires_at: number;
  /** When a socket redeemed the ticket; NULL while unused. */
  opened_at: Nullable;
  /** When its node last said it is still open. */
  seen_at: Nullable;
}

export type SocketRow = Selectable<SocketsTable>;
