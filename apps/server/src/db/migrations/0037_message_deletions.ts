import type { Kysely } from 'kysely';

/**
 * Messages a person deleted for themselves ("Delete for me"): that person is answered them as
 * DELETED at their seq (so their devices' gap check sees no hole); everyone else still reads
 * them. Keyed by the reader and the message's place, which is how history, catch-up, search and
 * the chat list look them up; `message_id` names the row for whoever reads one by id.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('message_deletions')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('chat_id', 'integer', (c) => c.notNull().references('chats.id').onDelete('cascade'))
    .addColumn('seq', 'integer', (c) => c.notNull())
    .addColumn('message_id', 'bigint', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('message_deletions_pk', ['user_id', 'chat_id', 'seq'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('message_deletions').execute();
}
