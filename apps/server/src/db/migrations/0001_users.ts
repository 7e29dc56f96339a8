import type { Kysely } from 'kysely';
import { withIdColumn } from './portable';

export async function up(db: Kysely<unknown>): Promise<void> {
  // chat_no and password_hash are null for accounts created through another sign-in (Pi,
  // Google, …): such an account sets its chat ID once, later, and may set a password.
  // Unique columns allow any number of nulls on both SQLite and PostgreSQL.
  await withIdColumn(db, db.schema.createTable('users'))
    .addColumn('chat_no', 'varchar(32)', (c) => c.unique())
    .addColumn('chat_no_lower', 'varchar(32)', (c) => c.unique())
    .addColumn('nick_name', 'varchar(64)', (c) => c.notNull())
    .addColumn('portrait', 'varchar(512)', (c) => c.notNull().defaultTo(''))
    .addColumn('user_type', 'varchar(16)', (c) => c.notNull().defaultTo('normal'))
    .addColumn('gender', 'varchar(16)', (c) => c.notNull().defaultTo('unknown'))
    .addColumn('intro', 'varchar(512)', (c) => c.notNull().defaultTo(''))
    .addColumn('country', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .addColumn('province', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .addColumn('city', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .addColumn('password_hash', 'varchar(255)')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('users').execute();
}
