import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterEach, expect, it, vi } from 'vitest';
import { openDatabase } from './connect';
import { WalSync } from './durability';

const dirs: string[] = [];
/** What each test opened, closed after it in reverse order (a WalSync before its database). */
const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0).reverse()) await close();
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A database file with its log. */
function database() {
  const dir = mkdtempSync(path.join(tmpdir(), 'paichat-wal-'));
  dirs.push(dir);
  const file = path.join(dir, 'paichat.db');
  const opened = openDatabase({ dialect: 'sqlite', file });
  closers.push(async () => {
    await opened.db.destroy();
    await opened.durability.close();
  });
  return { file, opened };
}

/** A database, and a second WalSync on it whose syncs are counted (and can fail). */
function walSync(fail?: () => boolean) {
  const { file } = database();
  let syncs = 0;
  const wal = new WalSync(file, {
    sync: async (fd) => {
      syncs += 1;
      if (fail?.()) throw new Error('EIO');
      await new Promise((resolve) => setImmediate(resolve));
      return fd;
    },
  });
  closers.push(() => wal.close());
  return { wal, syncs: () => syncs };
}

it('shares one sync among the flushes that wait for it, and syncs nothing when nothing was written', async () => {
  const { wal, syncs } = walSync();
  await wal.flush();
  expect(syncs()).toBe(0);
  wal.wrote();
  const during = [wal.flush(), wal.flush()];
  // A write while that sync runs needs another: one more, shared by its waiters.
  wal.wrote();
  await Promise.all([...during, wal.flush(), wal.flush()]);
  expect(syncs()).toBe(2);
  expect(wal.settled).toBe(true);
});

it('fails every flush after a sync failed (the kernel may have dropped the pages)', async () => {
  let failing = true;
  const { wal } = walSync(() => failing);
  wal.wrote();
  await expect(wal.flush()).rejects.toThrow(/restart the server/);
  failing = false;
  wal.wrote();
  await expect(wal.flush()).rejects.toThrow(/restart the server/);
  expect(wal.settled).toBe(false);
});

it('counts a write outside a transaction and an INSERT … RETURNING as writes', async () => {
  const { opened } = database();
  const { db, durability } = opened;
  await sql`create table t (id integer primary key, v integer)`.execute(db);
  await durability.flush();
  await sql`insert into t (v) values (1) returning id`.execute(db);
  expect(durability.settled).toBe(false);
  await durability.flush();
  expect(durability.settled).toBe(true);
});

it('copies the log into the database file from a worker thread, not in the committing connection', async () => {
  const { file, opened } = database();
  const { db } = opened;
  await sql`create table t (v text)`.execute(db);
  // 2,000 pages of log: past the 1,000 at which the committing connection would checkpoint.
  for (let i = 0; i < 8; i += 1)
    await sql`with recursive n (i) as (select 1 union all select i + 1 from n where i < 250)
      insert into t (v) select randomblob(4000) from n`.execute(db);
  expect(statSync(file).size).toBeLessThan(100_000);
  await vi.waitFor(() => expect(statSync(file).size).toBeGreaterThan(8_000_000), { timeout: 5_000 });
});
