import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';

/**
 * Secrets every node of one deployment shares, made once here (migrations run once per
 * database, under Kysely's lock). `person_ref` signs the references that let a viewer open a
 * person they are not otherwise related to (modules/users/refs.ts).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('server_secrets')
    .addColumn('name', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('value', 'varchar(128)', (c) => c.notNull())
    .execute();
  await (db as Kysely<{ server_secrets: { name: string; value: string } }>)
    .insertInto('server_secrets')
    .values({ name: 'person_ref', value: randomBytes(32).toString('base64url') })
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('server_secrets').execute();
}
