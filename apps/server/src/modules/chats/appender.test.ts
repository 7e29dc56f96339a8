import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { migrateToLatest, openDatabase, type Db } from '../../db';
import { ServerBusyError } from '../../errors';
import { createLogger } from '../../logger';
import { createAppender, type AppendRequest } from './appender';
import { noIdMark } from './id-mark';
import { ensureSingleChat, listMessagesAfter } from './repo';
import { insertPlainUser } from '../../../test/support/rows';
import { availableDialects, PG_URL, withPg } from '../../../test/support/server';

const dialects = await availableDialects();

// On PostgreSQL a batch of two or more goes as one statement (repo.appendMessagesOnPostgres).
describe.each(dialects)('appender (group commit) on %s', (dialect) => {
  let db: Db;
  let dropSchema = async () => {};
  let a: number;
  let b: number;
  let chatId: number;
  const logger = createLogger({ logLevel: 'silent' });

  beforeEach(async () => {
    if (dialect === 'sqlite') {
      db = openDatabase({ dialect, file: ':memory:' }).db;
    } else {
      const schema = `a_${randomBytes(5).toString('hex')}`;
      await withPg((c) => c.query(`create schema "${schema}"`));
      dropSchema = () => withPg((c) => c.query(`drop schema "${schema}" cascade`)).then(() => {});
      db = openDatabase({
        dialect,
        url: `${PG_URL}?options=${encodeURIComponent(`-c search_path=${schema}`)}`,
      }).db;
    }
    await migrateToLatest(db, dialect);
    const user = (nick: string) => insertPlainUser(db, nick);
    [a, b] = [await user('a'), await user('b')];
    chatId = await db.transaction().execute((trx) => ensureSingleChat(trx, a, b, 1));
  });
  afterEach(async () => {
    await db.destroy();
    await dropSchema();
  });

  const request = (
    text: string,
    clientMsgId: string | null,
    chat: number | null = chatId,
  ): AppendRequest => ({
    chatId: chat,
    senderId: a,
    recipientId: b,
    clientMsgId,
    msgType: 'TEXT',
    content: { text },
    createdAt: 2,
  });

  it('writes the sends of one turn in one transaction, with consecutive seqs in arrival order', async () => {
    const committed: { id: number; chatId: number; seq: number }[][] = [];
    const appender = createAppender(db, logger, noIdMark, {
      onCommitted: (stored) => committed.push(stored),
    });
    const transactions = vi.spyOn(db, 'transaction');
    const outcomes = await Promise.all(
      ['m1', 'm2', 'm3'].map((t) => appender.append(request(t, `local_${t}`))),
    );
    expect(outcomes.map((o) => o.stored && o.seq)).toEqual([1, 2, 3]);
    const rows = await listMessagesAfter(db, chatId, 0, 10);
    expect(rows.map((r) => [r.seq, r.content])).toEqual([
      [1, '{"text":"m1"}'],
      [2, '{"text":"m2"}'],
      [3, '{"text":"m3"}'],
    ]);
    expect(transactions).toHaveBeenCalledTimes(1);
    // The search index is left to the indexer, told of the batch once it committed.
    const indexed = await sql<{ n: number }>`select count(*) as "n" from "message_search"`.execute(db);
    expect(Number(indexed.rows[0]?.n)).toBe(0);
    expect(committed).toEqual([
      outcomes.map((o) => (o.stored ? { id: o.id, chatId: o.chatId, seq: o.seq } : null)),
    ]);
    // The sender has read up to the last.
    const sender = await db
      .selectFrom('chat_members')
      .select('read_seq')
      .where('chat_id', '=', chatId)
      .where('user_id', '=', a)
      .executeTakeFirstOrThrow();
    expect(sender.read_seq).toBe(3);
  });

  it('answers a copy in the same batch, or a later retry, with the original and leaves no gap', async () => {
    const appender = createAppender(db, logger, noIdMark);
    const [first, copy, other] = await Promise.all([
      appender.append(request('x', 'local_same')),
      appender.append(request('x again', 'local_same')),
      appender.append(request('y', 'local_other')),
    ]);
    expect(first).toMatchObject({ stored: true, seq: 1 });
    expect(copy).toMatchObject({ stored: false, original: { seq: 1, content: '{"text":"x"}' } });
    expect(other).toMatchObject({ stored: true, seq: 2 });
    const [later, next] = await Promise.all([
      appender.append(request('x', 'local_same')),
      appender.append(request('z', null)),
    ]);
    expect(later).toMatchObject({ stored: false, original: { seq: 1 } });
    expect(next).toMatchObject({ stored: true, seq: 3 });
    const chat = await db
      .selectFrom('chats')
      .select(['last_seq'])
      .where('id', '=', chatId)
      .executeTakeFirstOrThrow();
    expect(chat.last_seq).toBe(3);
  });

  it('keeps the good messages of a batch in which one fails', async () => {
    const appender = createAppender(db, logger, noIdMark);
    const results = await Promise.allSettled([
      appender.append(request('good 1', 'local_g1')),
      appender.append(request('no such chat', 'local_bad', 999_999)),
      appender.append(request('good 2', 'local_g2')),
    ]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect((await listMessagesAfter(db, chatId, 0, 10)).map((r) => [r.seq, r.client_msg_id])).toEqual([
      [1, 'local_g1'],
      [2, 'local_g2'],
    ]);
  });

  it('refuses at once, storing nothing, once maxWaiting sends wait behind a batch', async () => {
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    let holding = true;
    const appender = createAppender(db, logger, noIdMark, {
      maxWaiting: 2,
      // The first batch waits after its commit: what arrives meanwhile queues behind it.
      afterCommit: async () => {
        if (!holding) return;
        holding = false;
        await held;
      },
    });
    const first = appender.append(request('first', 'local_w0'));
    await vi.waitFor(() => expect(holding).toBe(false));
    const queued = [appender.append(request('a', 'local_w1')), appender.append(request('b', 'local_w2'))];
    await expect(appender.append(request('c', 'local_w3'))).rejects.toBeInstanceOf(ServerBusyError);
    release();
    const outcomes = await Promise.all([first, ...queued]);
    expect(outcomes.map((o) => o.stored && o.seq)).toEqual([1, 2, 3]);
    expect((await listMessagesAfter(db, chatId, 0, 10)).map((r) => r.client_msg_id)).toEqual([
      'local_w0',
      'local_w1',
      'local_w2',
    ]);
    // Room again once the queue has drained.
    expect(await appender.append(request('c', 'local_w3'))).toMatchObject({ stored: true, seq: 4 });
  });

  it('tells a sender of the message only once its commit is on disk, taking sends meanwhile', async () => {
    let synced = () => {};
    let syncing = false;
    const durability = {
      settled: false,
      flush: () => {
        syncing = true;
        return new Promise<void>((resolve) => (synced = resolve));
      },
      close: async () => {},
    };
    const appender = createAppender(db, logger, noIdMark, { durability });
    let told = false;
    const first = appender.append(request('first', 'local_d1')).then((outcome) => {
      told = true;
      return outcome;
    });
    await vi.waitFor(() => expect(syncing).toBe(true));
    // Committed, and other requests run meanwhile; the sender is not told yet.
    expect((await listMessagesAfter(db, chatId, 0, 10)).map((r) => r.client_msg_id)).toEqual(['local_d1']);
    const second = appender.append(request('second', 'local_d2'));
    expect(told).toBe(false);
    syncing = false;
    synced();
    expect(await first).toMatchObject({ stored: true, seq: 1 });
    await vi.waitFor(() => expect(syncing).toBe(true));
    synced();
    expect(await second).toMatchObject({ stored: true, seq: 2 });
  });

  it('opens the chat of a pair that has none', async () => {
    const c = await insertPlainUser(db, 'c');
    const appender = createAppender(db, logger, noIdMark);
    const outcome = await appender.append({ ...request('hi', null, null), recipientId: c });
    expect(outcome).toMatchObject({ stored: true, seq: 1 });
    expect(outcome.stored && outcome.chatId).not.toBe(chatId);
  });
});
