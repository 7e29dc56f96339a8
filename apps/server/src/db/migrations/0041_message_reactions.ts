import type { Kysely } from 'kysely';

/**
 * Reactions (modules/chats/reactions.ts): the emoji each person has on a message now, written in
 * the transaction of the REACTION event that put it there (and gone with the one that took it
 * back, or with the message's recall). `message_reaction_marks` holds, per message that has
 * had reactions, the seq of the newest event that changed them: answered with the message, so
 * a device applies only the events newer than what the answer already reflects.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('message_reactions')
    .addColumn('message_id', 'bigint', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('emoji', 'varchar(32)', (c) => c.notNull())
    .addColumn('chat_id', 'integer', (c) => c.notNull().references('chats.id').onDelete('cascade'))
    .addColumn('seq', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('message_reactions_pk', ['message_id', 'user_id', 'emoji'])
    .execute();
  await db.schema
    .createTable('message_reaction_marks')
    .addColumn('message_id', 'bigint', (c) => c.primaryKey())
    .addColumn('chat_id', 'integer', (c) => c.notNull().references('chats.id').onDelete('cascade'))
    .addColumn('seq', 'integer', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('message_reaction_marks').execute();
  await db.schema.dropTable('message_reactions').execute();
}
