import type { Kysely } from 'kysely';
import { withIdColumn } from './portable';

/**
 * Feedback: what a person wrote, with the app version and device their request named, and
 * their attached pictures in order (`feedback_images`, taken from their uploads).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withIdColumn(db, db.schema.createTable('feedback'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('app_version', 'varchar(32)', (c) => c.notNull().defaultTo(''))
    .addColumn('device', 'varchar(32)', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('feedback_time_idx').on('feedback').columns(['created_at', 'id']).execute();

  await db.schema
    .createTable('feedback_images')
    .addColumn('feedback_id', 'integer', (c) => c.notNull().references('feedback.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('upload_name', 'varchar(64)', (c) => c.notNull())
    .addPrimaryKeyConstraint('feedback_images_pk', ['feedback_id', 'position'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('feedback_images').execute();
  await db.schema.dropTable('feedback').execute();
}
