import type { Kysely } from 'kysely';
import { withIdColumn } from './portable';

/**
 * Moments: posts (`moments`), their pictures or video in order (`moment_media`, taken from the
 * author's uploads), and the friends an INCLUDE or EXCLUDE post names (`moment_audience`).
 * Deleting a post deletes its media rows and audience with it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withIdColumn(db, db.schema.createTable('moments'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('text', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('location', 'varchar(255)', (c) => c.notNull().defaultTo(''))
    .addColumn('visibility', 'varchar(12)', (c) => c.notNull().defaultTo('PUBLIC'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  // The feed and an album read newest first by (created_at, id), per author.
  await db.schema
    .createIndex('moments_user_time_idx')
    .on('moments')
    .columns(['user_id', 'created_at', 'id'])
    .execute();

  await db.schema
    .createTable('moment_media')
    .addColumn('moment_id', 'integer', (c) => c.notNull().references('moments.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('kind', 'varchar(8)', (c) => c.notNull())
    .addColumn('upload_name', 'varchar(64)', (c) => c.notNull())
    .addColumn('thumb_name', 'varchar(64)')
    .addColumn('width', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('height', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('moment_media_pk', ['moment_id', 'position'])
    .execute();

  await db.schema
    .createTable('moment_audience')
    .addColumn('moment_id', 'integer', (c) => c.notNull().references('moments.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('moment_audience_pk', ['moment_id', 'user_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('moment_audience').execute();
  await db.schema.dropTable('moment_media').execute();
  await db.schema.dropTable('moments').execute();
}
