import type { Kysely } from 'kysely';
import { withIdColumn } from './portable';

/**
 * What people do with posts: likes (one per person and post), comments (a reply names the
 * comment it answers), the interaction list of each user (an entry per like, comment or reply
 * that concerns them, unread until they open the list), and when each user last opened the
 * feed (the Discover tab's avatar dot shows a newer friend's post). Everything of a post goes
 * with it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('moment_likes')
    .addColumn('moment_id', 'integer', (c) => c.notNull().references('moments.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('moment_likes_pk', ['moment_id', 'user_id'])
    .execute();

  await withIdColumn(db, db.schema.createTable('moment_comments'))
    .addColumn('moment_id', 'integer', (c) => c.notNull().references('moments.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('reply_to_user_id', 'integer', (c) => c.references('users.id').onDelete('cascade'))
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('moment_comments_moment_idx')
    .on('moment_comments')
    .column('moment_id')
    .execute();

  await withIdColumn(db, db.schema.createTable('moment_interactions'))
    .addColumn('owner_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('moment_id', 'integer', (c) => c.notNull().references('moments.id').onDelete('cascade'))
    .addColumn('actor_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('kind', 'varchar(8)', (c) => c.notNull())
    .addColumn('comment_id', 'integer', (c) => c.references('moment_comments.id').onDelete('cascade'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('is_read', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createIndex('moment_interactions_owner_idx')
    .on('moment_interactions')
    .columns(['owner_id', 'created_at'])
    .execute();

  await db.schema
    .createTable('moment_feed_seen')
    .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('seen_at', 'bigint', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['moment_feed_seen', 'moment_interactions', 'moment_comments', 'moment_likes'])
    await db.schema.dropTable(table).execute();
}
