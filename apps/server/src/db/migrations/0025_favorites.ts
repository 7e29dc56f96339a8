import type { Kysely } from 'kysely';
import { withIdColumn } from './portable';

/**
 * Favorites: each one a copy of what was saved (a message's content, or a note), with the
 * original sender's name and time, and `search_text` (its words in lower case) for the search.
 * `source_msg_id` makes saving the same message twice answer the first favorite.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withIdColumn(db, db.schema.createTable('favorites'))
    .addColumn('owner_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('kind', 'varchar(16)', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('source_name', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .addColumn('source_time', 'bigint', (c) => c.notNull())
    .addColumn('source_msg_id', 'bigint')
    .addColumn('search_text', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('favorites_owner_idx').on('favorites').columns(['owner_id', 'id']).execute();
  await db.schema
    .createIndex('favorites_owner_msg_idx')
    .unique()
    .on('favorites')
    .columns(['owner_id', 'source_msg_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('favorites').execute();
}
