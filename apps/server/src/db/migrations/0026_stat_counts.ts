import type { Kysely } from 'kysely';

/**
 * Usage statistics (modules/stats): how often each event (and value) was reported, per UTC day
 * (`YYYY-MM-DD`) and app key. One row per combination, incremented in place, so the table grows
 * with the variety of events, not with their number. An event without a value has value ''.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('stat_counts')
    .addColumn('day', 'varchar(10)', (c) => c.notNull())
    .addColumn('app_key', 'varchar(64)', (c) => c.notNull())
    .addColumn('name', 'varchar(255)', (c) => c.notNull())
    .addColumn('value', 'varchar(255)', (c) => c.notNull().defaultTo(''))
    .addColumn('count', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('stat_counts_pk', ['day', 'app_key', 'name', 'value'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('stat_counts').execute();
}
