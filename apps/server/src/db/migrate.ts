import { Migrator, sql } from 'kysely';
import { migrations } from './migrations';
import type { Db, Dialect } from './schema';

/** Brings the schema up to date; runs at boot. Throws if a migration fails. */
export async function migrateToLatest(db: Db, dialect: Dialect): Promise<string[]> {
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
    // Kysely looks for its bookkeeping tables in every PostgreSQL schema unless told which one:
    // with another schema's tables visible (several deployments or test runs in one database),
    // it would skip creating its own and then fail. Pin it to the connection's current schema.
    ...(dialect === 'postgres' ? { migrationTableSchema: await currentSchema(db) } : {}),
  });
  const { error, results = [] } = await migrator.migrateToLatest();
  if (error) {
    const failed = results.find((r) => r.status === 'Error');
    throw new Error(`Migration ${failed?.migrationName ?? '(unknown)'} failed`, { cause: error });
  }
  return results.filter((r) => r.status === 'Success').map((r) => r.migrationName);
}

async function currentSchema(db: Db): Promise<string> {
  const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(db);
  const schema = rows[0]?.schema;
  if (!schema) throw new Error('PostgreSQL has no current schema (check search_path)');
  return schema;
}
