import type { Kysely } from 'kysely';

/**
 * People Nearby: each user's shared place, as its H3 cell and the coarser area that indexes
 * it, until `expires_at`. No coordinates are ever stored (see modules/nearby/cells.ts).
 * `shared_at` is kept after clearing, so a jump right after is still judged against it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('nearby_locations')
    .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('cell', 'varchar(16)', (c) => c.notNull())
    .addColumn('area', 'varchar(16)', (c) => c.notNull())
    .addColumn('shared_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('nearby_locations_area_idx')
    .on('nearby_locations')
    .columns(['area', 'expires_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('nearby_locations').execute();
}
