import type { Kysely } from 'kysely';
import { withBigIdColumn } from './portable';

/**
 * One row per socket, from its ticket to its close. `POST /auth/socketTicket` inserts it with
 * the ticket's hash and expiry; the socket that redeems the ticket sets `opened_at` (once: a
 * used ticket opens nothing), and its node refreshes `seen_at` while it stays open and deletes
 * the row when it closes. The open rows are how every node counts an account's sockets.
 * Rows nobody refreshes (a node that died) and tickets never redeemed are swept.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withBigIdColumn(db, db.schema.createTable('sockets'))
    .addColumn('ticket_hash', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('session_id', 'integer', (c) => c.notNull().references('sessions.id').onDelete('cascade'))
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('opened_at', 'bigint')
    .addColumn('seen_at', 'bigint')
    .execute();
  await db.schema.createIndex('sockets_user_id_idx').on('sockets').column('user_id').execute();
  await db.schema.createIndex('sockets_session_id_idx').on('sockets').column('session_id').execute();
  await db.schema.createIndex('sockets_expires_at_idx').on('sockets').column('expires_at').execute();
  await db.schema.createIndex('sockets_seen_at_idx').on('sockets').column('seen_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('sockets').execute();
}
