import type { Kysely } from 'kysely';

/**
 * Seqs of a chat that hold no message and never will: `from_seq`…`to_seq`, both included. The
 * start-up guard (modules/chats/rollback.ts) writes one row per chat when it moves every chat's
 * seqs past a database that went back in time; catch-up and history answers name them
 * (`emptySeqs`), so devices move over them instead of waiting for them. Nothing else writes here.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('empty_seqs')
    .addColumn('chat_id', 'integer', (c) => c.notNull().references('chats.id').onDelete('cascade'))
    .addColumn('from_seq', 'integer', (c) => c.notNull())
    .addColumn('to_seq', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('empty_seqs_pk', ['chat_id', 'from_seq'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('empty_seqs').execute();
}
