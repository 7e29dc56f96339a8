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
  /** Unused since migrations/0040_socket_leases.ts: its lease says whether it is still open. */
  seen_at: Nullable;
  /** The node lease holding the open socket; NULL while unused. */
  lease_id: ColumnType<string | null, string | null | undefined, string | null>;
}

/** One per node process; see migrations/0040_socket_leases.ts. */
export interface SocketLeasesTable {
  lease_id: string;
  /** When the node last said it is alive. */
  seen_at: number;
}

export type SocketRow = Selectable<SocketsTable>;
