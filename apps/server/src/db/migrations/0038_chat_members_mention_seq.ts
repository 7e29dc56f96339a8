import type { Kysely } from 'kysely';

/**
 * The newest message that mentioned this member (@them or @All) in a GROUP chat: the chat list
 * marks "[You were mentioned]" while it is after `read_seq`, and Web Push wakes them for it
 * even when they muted the chat. 0 when none.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('chat_members')
    .addColumn('mention_seq', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('chat_members').dropColumn('mention_seq').execute();
}
