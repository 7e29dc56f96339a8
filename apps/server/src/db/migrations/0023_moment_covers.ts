import type { Kysely } from 'kysely';

/** Each user's Moments cover: one of their uploaded images (none: the app's default). */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('moment_covers')
    .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('upload_name', 'varchar(64)', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('moment_covers').execute();
}
