import { randomBytes } from 'node:crypto';
import { cellToParent, latLngToCell } from 'h3-js';
import { Migrator, type Kysely } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import type { DatabaseConfig } from '../src/config';
import { migrateToLatest, openDatabase, type Db } from '../src/db';
import { migrations } from '../src/db/migrations';
import { addMembers, insertGroup, updateGroup } from '../src/modules/groups/repo';
import { availableDialects, PG_URL, startTestServer, withPg, type DialectName } from './support/server';
import { insertPlainUser } from './support/rows';

const dialects = await availableDialects();
const hasPostgres = dialects.includes('postgres');
const schemas = [0, 1].map(() => `m_${randomBytes(5).toString('hex')}`);
const upgradeSchema = `m_${randomBytes(5).toString('hex')}`;
const placesSchema = `m_${randomBytes(5).toString('hex')}`;
const failuresSchema = `m_${randomBytes(5).toString('hex')}`;
const nodesSchema = `m_${randomBytes(5).toString('hex')}`;

const admin = async (statement: string): Promise<void> => {
  await withPg((client) => client.query(statement));
};

afterAll(async () => {
  if (hasPostgres)
    for (const schema of [...schemas, upgradeSchema, placesSchema, failuresSchema, nodesSchema])
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

/** A database migrated up to and including `last` (an empty schema of its own on PostgreSQL). */
async function openMigratedTo(dialect: DialectName, last: string, pgSchema: string): Promise<Db> {
  let db: Db;
  let schema: string | undefined;
  if (dialect === 'sqlite') db = openDatabase({ dialect, file: ':memory:' }).db;
  else {
    await admin(`create schema "${pgSchema}"`);
    const config: DatabaseConfig = {
      dialect,
      url: `${PG_URL}?options=${encodeURIComponent(`-c search_path=${pgSchema}`)}`,
    };
    db = openDatabase(config).db;
    schema = pgSchema;
  }
  const before = Object.fromEntries(Object.entries(migrations).filter(([name]) => name <= last));
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => before },
    ...(schema ? { migrationTableSchema: schema } : {}),
  });
  expect((await migrator.migrateToLatest()).error).toBeUndefined();
  return db;
}

describe.each(dialects)('upgrading group QR codes on %s', (dialect) => {
  it('revokes the codes of makers who had already left and of dismissed groups, and keeps the rest', async () => {
    // The last migration before codes could be revoked.
    const db = await openMigratedTo(dialect, '0017', upgradeSchema);
    try {
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

describe.each(dialects)('upgrading People Nearby and Shake places on %s', (dialect) => {
  it('keeps only the coarser cell of every place already kept', async () => {
    // The last migration that kept resolution-8 cells.
    const db = await openMigratedTo(dialect, '0031', placesSchema);
    try {
      const fine = latLngToCell(31.2304, 121.4737, 8);
      const area = cellToParent(fine, 5);
      const [sharer, shaker, placeless] = [
        await insertPlainUser(db, 'sharer'),
        await insertPlainUser(db, 'shaker'),
        await insertPlainUser(db, 'placeless'),
      ];
      await db
        .insertInto('nearby_locations')
        .values({ user_id: sharer, cell: fine, area, shared_at: 1, expires_at: 2 })
        .execute();
      await db
        .insertInto('shakes')
        .values([
          { user_id: shaker, cell: fine, area, shaken_at: 1, matched_with: null, matched_distance: null },
          {
            user_id: placeless,
            cell: null,
            area: null,
            shaken_at: 1,
            matched_with: null,
            matched_distance: null,
          },
        ])
        .execute();

      await migrateToLatest(db, dialect);
      const coarse = cellToParent(fine, 7);
      expect(await db.selectFrom('nearby_locations').select(['cell', 'area']).execute()).toEqual([
        { cell: coarse, area },
      ]);
      const shakes = await db.selectFrom('shakes').select(['user_id', 'cell']).orderBy('user_id').execute();
      expect(shakes.map((row) => row.cell)).toEqual([coarse, null]);
    } finally {
      await db.destroy();
    }
  });
});

describe.each(dialects)('upgrading sign-in failure counters on %s', (dialect) => {
  it('keeps counting the failures kept before, from when their window began', async () => {
    // The last migration before counters kept their latest failure.
    const db = await openMigratedTo(dialect, '0033', failuresSchema);
    try {
      const old = db as unknown as Kysely<{
        login_failures: { key: string; count: number; window_start: number };
      }>;
      await old
        .insertInto('login_failures')
        .values({ key: 'acct:mia', count: 4, window_start: 1_000 })
        .execute();

      await migrateToLatest(db, dialect);
      const rows = await db.selectFrom('login_failures').selectAll().execute();
      expect(rows.map((row) => ({ ...row, last_failure_at: Number(row.last_failure_at) }))).toEqual([
        { key: 'acct:mia', count: 4, last_failure_at: 1_000 },
      ]);
    } finally {
      await db.destroy();
    }
  });
});
