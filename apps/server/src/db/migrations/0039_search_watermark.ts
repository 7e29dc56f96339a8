import { sql, type Kysely } from 'kysely';

/**
 * How far the search index has read the messages (modules/search/indexer.ts): every message
 * with an id up to `indexed_to` has been indexed (or has no words), the rest is indexed after
 * its send's commit. One row. Until now messages were indexed inside the transaction that
 * stored them, so every message already stored is indexed.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('search_watermark')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('indexed_to', 'bigint', (c) => c.notNull())
    .execute();
  await sql`insert into "search_watermark" ("id", "indexed_to")
    select 1, coalesce(max("id"), 0) from "messages"`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('search_watermark').execute();
}
