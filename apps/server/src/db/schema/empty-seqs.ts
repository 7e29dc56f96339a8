import type { Insertable, Selectable } from 'kysely';

/** Seqs of a chat that hold no message and never will; see migrations/0035_empty_seqs.ts. */
export interface EmptySeqsTable {
  chat_id: number;
  /** The first empty seq … */
  from_seq: number;
  /** … and the last, included. */
  to_seq: number;
}

export type EmptySeqsRow = Selectable<EmptySeqsTable>;
export type NewEmptySeqs = Insertable<EmptySeqsTable>;
