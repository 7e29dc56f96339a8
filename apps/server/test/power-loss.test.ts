/**
 * Finding 14 of the hardening issue, on the embedded default (SQLite): an acknowledged message
 * survives the process dying at once, and a database that goes back in time never hands out a
 * msgId, or a seq of a chat, a second time. The real entry point runs as a child process on a
 * temporary DATA_DIR and is killed with SIGKILL. A power loss undoes what was committed but
 * not synced; that cannot be caused from user space, so the syncs' bookkeeping is checked
 * (what is committed is unsynced until the log is synced: db/durability.ts), and "the file
 * system went back" is played by putting back the database files as they were a moment
 * before the crash.
 */
import { copyFileSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { SendMsgResult, ServerMessage } from '@paichat/protocol';
import { sql } from 'kysely';
import { afterEach, expect, it } from 'vitest';
import { openDatabase } from '../src/db';
import { ID_BLOCK } from '../src/modules/chats/id-mark';
import { as } from './support/api';
import { befriend } from './support/chats';
import { STEP_MS, budget } from './support/budget';
import { runMain, waitForUrl, type Run } from './support/process';
import { seed, type SeededUser } from './support/seed';

const DB_FILES = ['paichat.db', 'paichat.db-wal', 'paichat.db-shm'];

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0).reverse()) cleanup();
});

function tempDir(name: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), `paichat-${name}-`));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

async function boot(dataDir: string): Promise<{ run: Run; url: string }> {
  const run = runMain({
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    CAPTCHA: 'off',
    RATE_LIMITS: 'off',
    DEMO_DATA: 'off',
    LOG_LEVEL: 'info',
    WEB_DIST: path.join(dataDir, 'no-web'),
  });
  cleanups.push(() => run.child.kill('SIGKILL'));
  return { run, url: await waitForUrl(run) };
}

/** The process dies at once: no shutdown, nothing flushed on the way out. */
async function kill(run: Run): Promise<void> {
  run.child.kill('SIGKILL');
  expect(await run.exited).toEqual({ code: null, signal: 'SIGKILL' });
}

/** Copies the database files (those that exist) from one folder to another, as they are. */
function copyDatabase(from: string, to: string): void {
  for (const name of DB_FILES) {
    rmSync(path.join(to, name), { force: true });
    if (existsSync(path.join(from, name))) copyFileSync(path.join(from, name), path.join(to, name));
  }
}

const send = async (url: string, from: SeededUser, to: SeededUser, text: string) => {
  const { body } = await as(url, from).post<SendMsgResult>('/chat/sendMsg', {
    userId: to.userId,
    msgType: 'TEXT',
    content: { text },
    clientMsgId: `${from.userId}-${text.replaceAll(' ', '-')}`,
  });
  expect(body.code, body.msg).toBe(200);
  expect(body.data.status).toBe('0');
  return body.data;
};

/** Sends `count` messages in 4 concurrent streams (so the group commit batches them). */
async function sendMany(url: string, from: SeededUser, to: SeededUser, count: number, label: string) {
  const results: SendMsgResult[] = [];
  await Promise.all(
    [0, 1, 2, 3].map(async (stream) => {
      for (let i = stream; i < count; i += 4) results.push(await send(url, from, to, `${label} ${i}`));
    }),
  );
  return results;
}

/** Everything the user can see in the chat with `peer` after `afterSeq`. */
async function syncWith(url: string, user: SeededUser, peer: SeededUser, afterSeq = 0) {
  const { body } = await as(url, user).post<{ list: ServerMessage[]; lastSeq: number }>(
    '/chat/syncMessages',
    { userId: peer.userId, afterSeq, limit: 200 },
  );
  expect(body.code, body.msg).toBe(200);
  return body.data;
}

it('commits without waiting for the disk and counts every commit until the log is synced', async () => {
  const { db, durability } = openDatabase({
    dialect: 'sqlite',
    file: path.join(tempDir('pragma'), 'paichat.db'),
  });
  try {
    // NORMAL: COMMIT does not sync on the event loop; durability.flush() syncs in the thread pool.
    const { rows } = await sql<{ synchronous: number }>`pragma synchronous`.execute(db);
    expect(rows).toEqual([{ synchronous: 1 }]);
    await sql`create table t (v integer)`.execute(db);
    await durability.flush();
    expect(durability.settled).toBe(true);

    await db.transaction().execute(async (trx) => {
      await sql`insert into t (v) values (1)`.execute(trx);
      // A sync made before COMMIT covers the insert but not the commit.
      await durability.flush();
    });
    expect(durability.settled).toBe(false);
    await durability.flush();
    expect(durability.settled).toBe(true);
    // Reading writes nothing: nothing to wait for.
    await sql`select v from t`.execute(db);
    expect(durability.settled).toBe(true);
  } finally {
    await db.destroy();
    await durability.close();
  }
});

it(
  'keeps every acknowledged message when the process is killed, and after a clean stop carries on without a hole',
  async () => {
    const dir = tempDir('kill');
    const first = await boot(dir);
    const [alice, bob] = [await seed(first.url).user('alice'), await seed(first.url).user('bob')];
    await befriend(first.url, alice, bob);
    const acknowledged = await sendMany(first.url, alice, bob, 60, 'before');
    await kill(first.run);

    const second = await boot(dir);
    const { list } = await syncWith(second.url, bob, alice);
    const stored = new Map(list.map((m) => [m.msgId, m.seq]));
    for (const ack of acknowledged) expect(stored.get(ack.msgId)).toBe(ack.seq);
    // The mark was a block ahead (id-mark.ts): after a crash, seqs move on past what it covered.
    const last = Math.max(...list.map((m) => m.seq));
    const next = await send(second.url, alice, bob, 'after');
    expect(next.seq).toBeGreaterThan(last);
    expect(next.seq).toBeLessThanOrEqual(last + 1 + ID_BLOCK * 1.5);
    expect(Number(next.msgId)).toBeGreaterThan(Math.max(...acknowledged.map((a) => Number(a.msgId))));

    // A clean stop brings the mark down to the ids handed out: the next start skips nothing.
    second.run.child.kill('SIGTERM');
    expect(await second.run.exited).toEqual({ code: 0, signal: null });
    const third = await boot(dir);
    const again = await send(third.url, alice, bob, 'after a clean stop');
    expect(again.seq).toBe(next.seq + 1);
    expect(third.run.stdout()).not.toContain('behind the message-id mark');
  },
  budget(
    STEP_MS.process,
    STEP_MS.requests,
    STEP_MS.process,
    STEP_MS.requests,
    STEP_MS.process,
    STEP_MS.requests,
  ),
);

it(
  'never hands out a msgId or a seq again when the database goes back to an earlier state',
  async () => {
    const dir = tempDir('rollback');
    const snapshot = tempDir('snapshot');
    const first = await boot(dir);
    const [alice, bob] = [await seed(first.url).user('alice'), await seed(first.url).user('bob')];
    await befriend(first.url, alice, bob);
    await sendMany(first.url, alice, bob, 10, 'kept');
    // The files as they are now: what the database will go back to.
    copyDatabase(dir, snapshot);

    // After that moment: a new friendship (its notice) and more messages, all seen by devices.
    const carol = await seed(first.url).user('carol');
    await befriend(first.url, alice, carol);
    await sendMany(first.url, alice, bob, 10, 'lost');
    const held = await syncWith(first.url, bob, alice);
    const heldByCarol = await syncWith(first.url, carol, alice);
    const handedOut = new Set([...held.list, ...heldByCarol.list].map((m) => m.msgId));
    const heldSeq = held.lastSeq;
    await kill(first.run);

    copyDatabase(snapshot, dir);
    const second = await boot(dir);
    const dave = await seed(second.url).user('dave');
    await befriend(second.url, alice, dave);
    const fresh = await sendMany(second.url, alice, bob, 10, 'new');
    const daveSees = await syncWith(second.url, dave, alice);

    for (const msgId of [...fresh.map((m) => m.msgId), ...daveSees.list.map((m) => m.msgId)])
      expect(handedOut).not.toContain(msgId);
    // Bob's device holds the chat up to heldSeq: every new message comes after it, and catching
    // up from there brings exactly the new ones.
    for (const message of fresh) expect(message.seq).toBeGreaterThan(heldSeq);
    const caughtUp = await syncWith(second.url, bob, alice, heldSeq);
    expect(caughtUp.list.map((m) => m.msgId).sort()).toEqual(fresh.map((m) => m.msgId).sort());
    // Bob had read nothing of it: his unread count is what was sent since the old state.
    const { body } = await as(second.url, bob).post<{ unreadCount: number }>('/chat/getChatSession', {
      userId: alice.userId,
    });
    expect(body.data.unreadCount).toBe(20);
    // And the operator is told.
    expect(second.run.stdout()).toContain('behind the message-id mark');
  },
  budget(STEP_MS.process, STEP_MS.requests, STEP_MS.process, STEP_MS.requests),
);
