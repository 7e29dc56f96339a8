import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, expect, it } from 'vitest';
import { migrateToLatest, openDatabase } from '../src/db';
import { availableDialects, PG_URL } from './support/server';

const hasPostgres = (await availableDialects()).includes('postgres');
const schemas = [0, 1].map(() => `m_${randomBytes(5).toString('hex')}`);

async function admin(statement: string) {
  const client = new pg.Client({ connectionString: PG_URL });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

afterAll(async () => {
  if (hasPostgres) for (const schema of schemas) await admin(`drop schema if exists "${schema}" cascade`);
});

// Several deployments (or test files) may share one PostgreSQL database, each in its own schema.
it.runIf(hasPostgres)('migrates a schema while another schema of the same database is migrated', async () => {
  for (const schema of schemas) {
    await admin(`create schema "${schema}"`);
    const url = `${PG_URL}?options=${encodeURIComponent(`-c search_path=${schema}`)}`;
    const { db, dialect } = openDatabase({ dialect: 'postgres', url });
    try {
      const applied = await migrateToLatest(db, dialect);
      expect(applied).toContain('0001_users');
      const tables = await db.introspection.getTables();
      expect(tables.filter((t) => t.schema === schema).map((t) => t.name)).toContain('users');
    } finally {
      await db.destroy();
    }
  }
});
