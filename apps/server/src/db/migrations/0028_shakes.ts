import type { Kysely } from 'kysely';

/**
 * Shake: each user's latest shake (its cell and area when they gave a position, else null),
 * when it happened, whom it was paired with (null while waiting or when nobody came) and how
 * far apart the two were (a distance bucket, null without both positions). The place is
 * cleared once the shake can no longer be paired (modules/shake), so no row keeps it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('shakes')
    .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('cell', 'varchar(16)')
    .addColumn('area', 'varchar(16)')
    .addColumn('shaken_at', 'bigint', (c) => c.notNull())
    .addColumn('matched_with', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('matched_distance', 'varchar(8)')
    .execute();
  await db.schema.createIndex('shakes_time_idx').on('shakes').columns(['shaken_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('shakes').execute();
}
