import type { Kysely } from 'kysely';

/**
 * People Nearby: whom each account was shown in a list, and when last, so that one account is
 * shown at most NEARBY_PEOPLE_PER_HOUR different people in any hour (modules/nearby). Rows
 * older than an hour count for nothing and are deleted.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('nearby_sightings')
    .addColumn('viewer_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('person_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('shown_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('nearby_sightings_pk', ['viewer_id', 'person_id'])
    .execute();
  await db.schema
    .createIndex('nearby_sightings_shown_at_idx')
    .on('nearby_sightings')
    .column('shown_at')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('nearby_sightings').execute();
}
