import type { Kysely } from 'kysely';
import { withBigIdColumn } from './portable';

/**
 * Messages. `seq` numbers a chat's messages 1, 2, 3, … without gaps (unique per chat);
 * `(sender_id, client_msg_id)` is unique so a retried send finds its original instead of
 * storing a copy. `sender_id` is null for notices the server writes. `content` is JSON.
 * Rows are never deleted one by one: a member's "clear history" only moves their cleared_seq.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withBigIdColumn(db, db.schema.createTable('messages'))
    .addColumn('chat_id', 'integer', (c) => c.notNull().references('chats.id').onDelete('cascade'))
    .addColumn('seq', 'integer', (c) => c.notNull())
    .addColumn('sender_id', 'integer', (c) => c.references('users.id').onDelete('cascade'))
    .addColumn('client_msg_id', 'varchar(64)')
    .addColumn('msg_type', 'varchar(24)', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('messages_chat_seq_uq', ['chat_id', 'seq'])
    .addUniqueConstraint('messages_sender_client_uq', ['sender_id', 'client_msg_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('messages').execute();
}
