import type { Kysely } from 'kysely';

/** The owner's private remark and tags for a friend live on the owner's row of the friendship. */
export async function up(db: Kysely<unknown>): Promise<void> {
  // One column per statement: SQLite adds a single column per ALTER TABLE.
  await db.schema
    .alterTable('friends')
    .addColumn('remark', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema
    .alterTable('friends')
    .addColumn('tags', 'text', (c) => c.notNull().defaultTo('[]'))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('friends').dropColumn('tags').execute();
  await db.schema.alterTable('friends').dropColumn('remark').execute();
}
