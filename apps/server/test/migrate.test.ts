import { randomBytes } from 'node:crypto';
import { Migrator } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import type { DatabaseConfig } from '../src/config';
import { migrateToLatest, openDatabase, type Db } from '../src/db';
import { migrations } from '../src/db/migrations';
import { addMembers, insertGroup, updateGroup } from '../src/modules/groups/repo';
import { availableDialects, PG_URL, startTestServer, withPg } from './support/server';
import { insertPlainUser } from './support/rows';

const dialects = await availableDialects();
const hasPostgres = dialects.includes('postgres');
const schemas = [0, 1].map(() => `m_${randomBytes(5).toString('hex')}`);
const upgradeSchema = `m_${randomBytes(5).toString('hex')}`;
const nodesSchema = `m_${randomBytes(5).toString('hex')}`;

const admin = async (statement: string): Promise<void> => {
  await withPg((client) => client.query(statement));
};

afterAll(async () => {
  if (hasPostgres)
    for (const schema of [...schemas, upgradeSchema, nodesSchema])
      await admin(`drop schema if exists "${schema}" cascade`);
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

// A new deployment's nodes started together: one migrates under Kysely's advisory lock, the
// other waits for it and finds nothing left to do.
it.runIf(hasPostgres)('starts two nodes at the same instant on an empty database: both serve', async () => {
  await admin(`create schema "${nodesSchema}"`);
  const url = `${PG_URL}?options=${encodeURIComponent(`-c search_path=${nodesSchema}`)}`;
  const starts = await Promise.allSettled(
    [0, 1].map(() => startTestServer('postgres', { env: { DATABASE_URL: url } })),
  );
  const started = starts.flatMap((start) => (start.status === 'fulfilled' ? [start.value] : []));
  try {
    expect(starts.map((start) => (start.status === 'rejected' ? String(start.reason) : 'started'))).toEqual([
      'started',
      'started',
    ]);
    for (const node of started) {
      const health = (await (await fetch(`${node.url}/healthz`)).json()) as { data: { db: string } };
      expect(health.data.db).toBe('ok');
    }
    const applied = await withPg((client) =>
      client.query(`select "name" from "${nodesSchema}"."kysely_migration"`),
    );
    expect(applied.rows.map((row: { name: string }) => row.name).sort()).toEqual(
      Object.keys(migrations).sort(),
    );
  } finally {
    for (const node of started) await node.close();
  }
});

describe.each(dialects)('upgrading group QR codes on %s', (dialect) => {
  // The last migration before codes could be revoked.
  const before = Object.fromEntries(Object.entries(migrations).filter(([name]) => name <= '0017'));

  async function openAt(): Promise<{ db: Db; schema?: string }> {
    if (dialect === 'sqlite') return { db: openDatabase({ dialect, file: ':memory:' }).db };
    const schema = upgradeSchema;
    await admin(`create schema "${schema}"`);
    const config: DatabaseConfig = {
      dialect,
      url: `${PG_URL}?options=${encodeURIComponent(`-c search_path=${schema}`)}`,
    };
    return { db: openDatabase(config).db, schema };
  }

  it('revokes the codes of makers who had already left and of dismissed groups, and keeps the rest', async () => {
    const { db, schema } = await openAt();
    try {
      const migrator = new Migrator({
        db,
        provider: { getMigrations: async () => before },
        ...(schema ? { migrationTableSchema: schema } : {}),
      });
      expect((await migrator.migrateToLatest()).error).toBeUndefined();

      const user = (nick: string) => insertPlainUser(db, nick);
      const [owner, stays, left] = [await user('owner'), await user('stays'), await user('left')];
      const group = async (dismissed: boolean) =>
        db.transaction().execute(async (trx) => {
          const ids = await insertGroup(trx, {
            name: 'g',
            nameIsDefault: false,
            portrait: '',
            portraitKey: '',
            ownerId: owner,
            createdAt: 1,
          });
          const members = [owner, stays].map((userId) => ({ userId, role: 'MEMBER' as const }));
          await addMembers(trx, { id: ids.groupId, chat_id: ids.chatId }, members, 0, 1);
          if (dismissed) await updateGroup(trx, ids.groupId, { status: 'DISMISSED', dismissed_at: 2 });
          return ids.groupId;
        });
      const [active, dismissed] = [await group(false), await group(true)];
      const invite = (code: string, groupId: number, createdBy: number) =>
        db
          .insertInto('group_invites')
          .values({ code, group_id: groupId, created_by: createdBy, created_at: 1, expires_at: 9e12 })
          .execute();
      await invite('member-code-0000000001', active, stays);
      // "left" made a code while a member, then left (their group_members row is gone).
      await invite('former-code-0000000001', active, left);
      await invite('dismissed-code-00000001', dismissed, stays);

      await migrateToLatest(db, dialect);
      const rows = await db
        .selectFrom('group_invites')
        .select(['code', 'revoked_at'])
        .orderBy('code')
        .execute();
      expect(rows.map((r) => [r.code, r.revoked_at === null ? 'valid' : 'revoked'])).toEqual([
        ['dismissed-code-00000001', 'revoked'],
        ['former-code-0000000001', 'revoked'],
        ['member-code-0000000001', 'valid'],
      ]);
    } finally {
      await db.destroy();
    }
  });
});
