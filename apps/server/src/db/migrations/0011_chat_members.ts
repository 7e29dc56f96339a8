import type { Kysely } from 'kysely';

/**
 * Who is in a chat, and each member's own state of it: how far they have read, what they
 * cleared, whether they took it off their list (until a message after `hidden_seq`), pinned
 * or muted it. Flags are 0/1 integers (SQLite has no boolean).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('chat_members')
    .addColumn('chat_id', 'integer', (c) => c.notNull().references('chats.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('read_seq', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('cleared_seq', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('hidden_seq', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('is_top', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('is_disturb', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('joined_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('chat_members_pk', ['chat_id', 'user_id'])
    .execute();
  await db.schema.createIndex('chat_members_user_id_idx').on('chat_members').column('user_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('chat_members').execute();
}
