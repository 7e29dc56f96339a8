/**
 * The start-up guard (modules/chats/rollback.ts) on both dialects: a database whose
 * message-id counter is behind the mark lost messages that devices may hold (a restored
 * backup, on PostgreSQL as on SQLite). Played here by a mark that covers more ids than the
 * database gave; power-loss.test.ts does it with real files and a killed process.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { migrateToLatest, openDatabase, type Db } from '../src/db';
import { createLogger } from '../src/logger';
import { openIdMark, type IdMark } from '../src/modules/chats/id-mark';
import * as chats from '../src/modules/chats/repo';
import { guardMessageIds } from '../src/modules/chats/rollback';
import { availableDialects, PG_URL, withPg, type DialectName } from './support/server';
import { insertPlainUser } from './support/rows';

const dialects = await availableDialects();
const log = createLogger({ logLevel: 'silent' });

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const admin = async (statement: string): Promise<void> => {
  await withPg((client) => client.query(statement));
};

/** A migrated database of the dialect (its own schema on PostgreSQL) and a DATA_DIR for the mark. */
async function freshDatabase(dialect: DialectName): Promise<{ db: Db; dataDir: string }> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'paichat-guard-'));
  cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
  let config;
  if (dialect === 'postgres') {
    const schema = `g_${randomBytes(5).toString('hex')}`;
    await admin(`create schema "${schema}"`);
    cleanups.push(() => admin(`drop schema "${schema}" cascade`));
    config = { dialect, url: `${PG_URL}?options=${encodeURIComponent(`-c search_path=${schema}`)}` } as const;
  } else {
    config = { dialect, file: path.join(dataDir, 'paichat.db') } as const;
  }
  const { db } = openDatabase(config);
  cleanups.push(() => db.destroy());
  await migrateToLatest(db, dialect);
  return { db, dataDir };
}

async function openMark(dataDir: string): Promise<IdMark> {
  const mark = await openIdMark({ dialect: 'sqlite', file: 'unused.db' }, dataDir, { block: 0 });
  cleanups.push(() => mark.close());
  return mark;
}

describe.each(dialects)('a database behind the message-id mark on %s', (dialect) => {
  it('continues msgIds past the mark and every chat past any seq a device may hold, keeping unread counts and removals', async () => {
    const { db, dataDir } = await freshDatabase(dialect);
    const user = (nick: string) => insertPlainUser(db, nick);
    const [amy, ben, cai] = [await user('amy'), await user('ben'), await user('cai')];
    const append = (chatId: number, senderId: number, text: string) =>
      db.transaction().execute(async (trx) =>
        chats.appendMessage(trx, {
          id: (await chats.reserveMessageIds(trx, 1))[0] as number,
          chatId,
          senderId,
          clientMsgId: text,
          msgType: 'TEXT',
          content: { text },
          createdAt: 2,
        }),
      );
    const amyBen = await db.transaction().execute((trx) => chats.ensureSingleChat(trx, amy, ben, 1));
    const amyCai = await db.transaction().execute((trx) => chats.ensureSingleChat(trx, amy, cai, 1));
    for (let i = 1; i <= 5; i += 1) await append(amyBen, amy, `ab${i}`);
    for (let i = 1; i <= 2; i += 1) await append(amyCai, amy, `ac${i}`);
    await chats.advanceRead(db, amyBen, ben, 3);
    await chats.catchUpMember(db, amyCai, cai, 'hidden_seq');
    const counter = await chats.messageIdCounter(db, dialect);
    expect(counter).toBeGreaterThanOrEqual(7);

    // The database answers as if the last 4 messages it acknowledged were lost.
    const mark = await openMark(dataDir);
    await mark.cover(counter + 4);
    await guardMessageIds(db, dialect, mark, log);

    expect(await chats.messageIdCounter(db, dialect)).toBe(counter + 4);
    const ben1 = await chats.findMemberChat(db, amyBen, ben);
    expect({ last: ben1?.last_seq, unread: (ben1?.last_seq ?? 0) - (ben1?.read_seq ?? 0) }).toEqual({
      last: 9,
      unread: 2,
    });
    const cai1 = await chats.findMemberChat(db, amyCai, cai);
    expect(await chats.listSessions(db, cai, 10, 0)).toEqual([]);
    expect(cai1?.last_seq).toBe(6);
    // The seqs skipped are known to be empty.
    expect(await chats.emptySeqsWithin(db, amyBen, 1, 100)).toEqual([{ fromSeq: 6, toSeq: 9 }]);
    expect(await chats.emptySeqsWithin(db, amyCai, 1, 100)).toEqual([{ fromSeq: 3, toSeq: 6 }]);

    const next = await append(amyBen, amy, 'after');
    expect(next).toEqual({ id: counter + 5, seq: 10 });
    // A later start with nothing lost changes nothing.
    await mark.cover(counter + 5);
    await guardMessageIds(db, dialect, mark, log);
    expect((await chats.findMemberChat(db, amyBen, ben))?.last_seq).toBe(10);
    expect(await chats.messageIdCounter(db, dialect)).toBe(counter + 5);
    expect(await chats.emptySeqsWithin(db, amyBen, 1, 100)).toEqual([{ fromSeq: 6, toSeq: 9 }]);
  });

  it('brings a mark new to an existing database up to its counter, changing nothing else', async () => {
    const { db, dataDir } = await freshDatabase(dialect);
    const [amy, ben] = [await insertPlainUser(db, 'amy'), await insertPlainUser(db, 'ben')];
    const chatId = await db.transaction().execute((trx) => chats.ensureSingleChat(trx, amy, ben, 1));
    await db.transaction().execute(async (trx) =>
      chats.appendMessage(trx, {
        id: (await chats.reserveMessageIds(trx, 1))[0] as number,
        chatId,
        senderId: amy,
        clientMsgId: 'x',
        msgType: 'TEXT',
        content: { text: 'x' },
        createdAt: 2,
      }),
    );
    const mark = await openMark(dataDir);
    expect(mark.value).toBe(0);
    await guardMessageIds(db, dialect, mark, log);
    expect(mark.value).toBe(await chats.messageIdCounter(db, dialect));
    expect((await chats.findMemberChat(db, chatId, ben))?.last_seq).toBe(1);
    // The mark is on disk: opened again, it says the same.
    const again = await openMark(dataDir);
    expect(again.value).toBe(mark.value);
  });
});
