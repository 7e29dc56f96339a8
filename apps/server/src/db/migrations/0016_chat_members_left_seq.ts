import type { Kysely } from 'kysely';

/**
 * A GROUP chat member who quit or was removed keeps their row (their history) with
 * `left_seq`: the seq of the notice that told them. They see nothing after it. NULL means a
 * current member (and is all a SINGLE chat ever has).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('chat_members').addColumn('left_seq', 'integer').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('chat_members').dropColumn('left_seq').execute();
}
