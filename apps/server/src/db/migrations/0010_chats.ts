import type { Kysely } from 'kysely';
import { withIdColumn } from './portable';

/**
 * A chat: SINGLE (a pair of users, `user_low` < `user_high`, one chat per pair) or GROUP (a
 * group, `group_id`; the groups table comes later). `last_seq` is the seq of its newest
 * message: a send increments it in the transaction that stores the message, which also
 * serialises concurrent sends into one chat.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withIdColumn(db, db.schema.createTable('chats'))
    .addColumn('type', 'varchar(8)', (c) => c.notNull())
    .addColumn('user_low', 'integer', (c) => c.references('users.id').onDelete('cascade'))
    .addColumn('user_high', 'integer', (c) => c.references('users.id').onDelete('cascade'))
    .addColumn('group_id', 'integer')
    .addColumn('last_seq', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_msg_at', 'bigint', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    // NULLs never collide: GROUP chats are not constrained by it.
    .addUniqueConstraint('chats_pair_uq', ['user_low', 'user_high'])
    .execute();
  await db.schema.createIndex('chats_user_high_idx').on('chats').column('user_high').execute();
  await db.schema.createIndex('chats_group_id_idx').on('chats').column('group_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('chats').execute();
}
