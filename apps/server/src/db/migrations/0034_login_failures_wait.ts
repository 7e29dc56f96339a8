import { sql, type Kysely } from 'kysely';

/**
 * Sign-in protection waits instead of locking (modules/auth/throttle.ts): a key's failures are
 * counted until 15 minutes pass without one, and past a threshold each makes the next try wait
 * for a time that grows with the count, from the latest failure. So a counter keeps when its
 * latest failure was, rather than when a fixed window began; a kept window's start stands in
 * for it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('login_failures')
    .addColumn('last_failure_at', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
  await sql`update "login_failures" set "last_failure_at" = "window_start"`.execute(db);
  await db.schema.dropIndex('login_failures_window_start_idx').execute();
  await db.schema.alterTable('login_failures').dropColumn('window_start').execute();
  await db.schema
    .createIndex('login_failures_last_failure_at_idx')
    .on('login_failures')
    .column('last_failure_at')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('login_failures')
    .addColumn('window_start', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
  await sql`update "login_failures" set "window_start" = "last_failure_at"`.execute(db);
  await db.schema.dropIndex('login_failures_last_failure_at_idx').execute();
  await db.schema.alterTable('login_failures').dropColumn('last_failure_at').execute();
  await db.schema
    .createIndex('login_failures_window_start_idx')
    .on('login_failures')
    .column('window_start')
    .execute();
}
