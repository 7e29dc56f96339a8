/**
 * The message search index below the HTTP API, on every database: migration 0030 indexes the
 * messages stored before it (texts, places, cards; nothing else), a message stored afterwards
 * is indexed by the indexer after its commit (a start catches up with what a crash left behind),
 * and on PostgreSQL both ways of answering (the GIN index first, or the newest-first walk for
 * common words) give the same page, and a message committed while a run writes the index is
 * indexed by a run of its own.
 */
import { randomBytes } from 'node:crypto';
import { Migrator, sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { migrateToLatest, openDatabase, type Db } from '../src/db';
import { migrations } from '../src/db/migrations';
import { appendMessage, ensureSingleChat, reserveMessageIds } from '../src/modules/chats/repo';
import { applyRecall } from '../src/modules/chats/recall';
import { createLogger } from '../src/logger';
import { createSearchIndexer } from '../src/modules/search/indexer';
import { searchMessages } from '../src/modules/search/repo';
import { queryGroups } from '../src/modules/search/terms';
import { insertPlainUser } from './support/rows';
import { availableDialects, PG_URL, withPg, type DialectName } from './support/server';
import { until } from './support/until';

const dialects = await availableDialects();
const log = createLogger({ logLevel: 'silent' });
const schemas: string[] = [];

afterAll(async () => {
  for (const schema of schemas) await withPg((c) => c.query(`drop schema if exists "${schema}" cascade`));
});

/** A fresh database with the migrations before 0030 run. */
async function openBefore0030(dialect: DialectName): Promise<Db> {
  const schema = `s_${randomBytes(5).toString('hex')}`;
  let db: Db;
  if (dialect === 'sqlite') db = openDatabase({ dialect, file: ':memory:' }).db;
  else {
    schemas.push(schema);
    await withPg((c) => c.query(`create schema "${schema}"`));
    db = openDatabase({
      dialect,
      url: `${PG_URL}?options=${encodeURIComponent(`-c search_path=${schema}`)}`,
    }).db;
  }
  const before = Object.fromEntries(Object.entries(migrations).filter(([name]) => name < '0030'));
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => before },
    ...(dialect === 'postgres' ? { migrationTableSchema: schema } : {}),
  });
  expect((await migrator.migrateToLatest()).error).toBeUndefined();
  return db;
}

/** Stores a text in its own transaction, as a send does, telling no indexer. */
const storeText = (db: Db, chatId: number, senderId: number, text: string) =>
  db.transaction().execute(async (trx) => {
    const stored = await appendMessage(trx, {
      id: (await reserveMessageIds(trx, 1))[0] as number,
      chatId,
      senderId,
      clientMsgId: null,
      msgType: 'TEXT',
      content: { text },
      createdAt: 5,
    });
    return stored as { id: number; seq: number };
  });

describe.each(dialects)('the message search index on %s', (dialect) => {
  it('indexes the messages stored before it, and each one stored after once the indexer is told', async () => {
    const db = await openBefore0030(dialect);
    try {
      const [amy, ben, cat] = [
        await insertPlainUser(db, 'amy'),
        await insertPlainUser(db, 'ben'),
        await insertPlainUser(db, 'cat'),
      ];
      const amyBen = await ensureSingleChat(db, amy, ben, 1);
      const benCat = await ensureSingleChat(db, ben, cat, 1);
      let time = 10;
      const store = (chatId: number, seq: number, senderId: number, msgType: string, content: unknown) =>
        sql`insert into "messages" ("chat_id", "seq", "sender_id", "msg_type", "content", "created_at")
          values (${chatId}, ${seq}, ${senderId}, ${msgType}, ${JSON.stringify(content)}, ${(time += 1)})`.execute(
          db,
        );
      for (let seq = 1; seq <= 5; seq += 1)
        await store(amyBen, seq, amy, 'TEXT', { text: `Walnut cake ${seq}` });
      await store(amyBen, 6, ben, 'LOCATION', { name: 'Walnut Grove', address: '1 Mill Lane' });
      await store(amyBen, 7, ben, 'IMAGE', { url: '/file/walnut', width: 1, height: 1 });
      await store(benCat, 1, cat, 'TEXT', { text: 'walnut secret between ben and cat' });
      await sql`update "chats" set "last_seq" = case when "id" = ${amyBen} then 7 else 1 end`.execute(db);

      await migrateToLatest(db, dialect);

      const found = async (viewer: number, keyword: string, limit = 10, fewMatches?: number) =>
        (
          await searchMessages(db, viewer, queryGroups(keyword), Number.MAX_SAFE_INTEGER, limit, fewMatches)
        ).map((r) => JSON.parse(r.content) as { text?: string; name?: string });
      expect(await found(amy, 'walnut')).toEqual([
        { name: 'Walnut Grove', address: '1 Mill Lane' },
        ...[5, 4, 3, 2, 1].map((n) => ({ text: `Walnut cake ${n}` })),
      ]);
      expect((await found(ben, 'walnut')).map((c) => c.text ?? c.name)).toEqual([
        'walnut secret between ben and cat',
        'Walnut Grove',
        'Walnut cake 5',
        'Walnut cake 4',
        'Walnut cake 3',
        'Walnut cake 2',
        'Walnut cake 1',
      ]);
      // Few matches or many, the same newest page.
      expect(await found(amy, 'walnut', 3, 2)).toEqual(await found(amy, 'walnut', 3));
      expect(await found(amy, 'mill')).toEqual([{ name: 'Walnut Grove', address: '1 Mill Lane' }]);

      await db.transaction().execute(async (trx) => {
        await sql`update "chats" set "last_seq" = 7 where "id" = ${amyBen}`.execute(trx);
        await appendMessage(trx, {
          id: (await reserveMessageIds(trx, 1))[0] as number,
          chatId: amyBen,
          senderId: amy,
          clientMsgId: 'c1',
          msgType: 'TEXT',
          content: { text: '明天一起吃核桃蛋糕' },
          createdAt: (time += 1),
        });
      });
      // The send's transaction wrote no index row: the indexer does, after the commit.
      expect(await found(ben, '核桃')).toEqual([]);
      const indexer = createSearchIndexer(db, log);
      await indexer.settled();
      await indexer.close();
      expect(await found(ben, '核桃')).toEqual([{ text: '明天一起吃核桃蛋糕' }]);
      expect(await found(cat, '核桃')).toEqual([]);
    } finally {
      await db.destroy();
    }
  });

  it('indexes a history longer than one batch of the migration, every message once', async () => {
    const db = await openBefore0030(dialect);
    try {
      const [amy, ben] = [await insertPlainUser(db, 'amy'), await insertPlainUser(db, 'ben')];
      const chatId = await ensureSingleChat(db, amy, ben, 1);
      // 1,666 texts among pictures (nothing to index): the migration reads them 1,000 at a time.
      const total = 2500;
      const seqs = Array.from({ length: total }, (_, i) => i + 1);
      await db
        .insertInto('messages')
        .values(
          seqs.map((seq) => ({
            chat_id: chatId,
            seq,
            sender_id: amy,
            client_msg_id: null,
            msg_type: seq % 3 === 0 ? 'IMAGE' : 'TEXT',
            content: JSON.stringify(
              seq % 3 === 0 ? { url: '/file/pecan', width: 1, height: 1 } : { text: `Pecan ${seq}` },
            ),
            created_at: seq,
          })),
        )
        .execute();
      await sql`update "chats" set "last_seq" = ${total} where "id" = ${chatId}`.execute(db);

      await migrateToLatest(db, dialect);

      const hits = await searchMessages(db, ben, queryGroups('pecan'), Number.MAX_SAFE_INTEGER, total);
      expect(hits.map((r) => r.content)).toEqual(
        seqs
          .filter((seq) => seq % 3 !== 0)
          .reverse()
          .map((seq) => JSON.stringify({ text: `Pecan ${seq}` })),
      );
    } finally {
      await db.destroy();
    }
  });

  it('catches up at start with messages committed but not indexed (a crash), leaving a recalled one out', async () => {
    const db = await openBefore0030(dialect);
    try {
      await migrateToLatest(db, dialect);
      const [amy, ben] = [await insertPlainUser(db, 'amy'), await insertPlainUser(db, 'ben')];
      const chatId = await ensureSingleChat(db, amy, ben, 1);
      const send = (text: string) => storeText(db, chatId, amy, text);
      const indexed = async () =>
        (await searchMessages(db, ben, queryGroups('hazelnut'), Number.MAX_SAFE_INTEGER, 10)).map(
          (r) => JSON.parse(r.content) as unknown,
        );
      // Stored, then the server stopped before its indexer was told: the watermark is behind them.
      const kept = await send('hazelnut pie');
      await send('hazelnut torte');
      const recalled = await send('hazelnut secret');
      // Recalled before it was indexed: nothing to take out of the index yet.
      const target = await db
        .selectFrom('messages')
        .selectAll()
        .where('id', '=', recalled.id)
        .executeTakeFirstOrThrow();
      await db
        .transaction()
        .execute((trx) =>
          applyRecall(
            trx,
            target,
            { id: amy, name: 'amy', isGroupOwner: false },
            { seq: recalled.seq + 1, chatId },
          ),
        );
      expect(await indexed()).toEqual([]);

      const indexer = createSearchIndexer(db, log, 2);
      await indexer.settled();
      expect(await indexed()).toEqual([{ text: 'hazelnut torte' }, { text: 'hazelnut pie' }]);
      const mark = await db.selectFrom('search_watermark').select('indexed_to').executeTakeFirstOrThrow();
      expect(Number(mark.indexed_to)).toBe(recalled.id);

      // Told of a later commit, it indexes it; nothing is indexed twice.
      const later = await send('hazelnut brittle');
      indexer.committed([later]);
      await indexer.settled();
      await indexer.close();
      expect(await indexed()).toEqual([
        { text: 'hazelnut brittle' },
        { text: 'hazelnut torte' },
        { text: 'hazelnut pie' },
      ]);
      expect(kept.id).toBeLessThan(later.id);
    } finally {
      await db.destroy();
    }
  });
});

describe.runIf(dialects.includes('postgres'))('the search indexer on PostgreSQL', () => {
  const dialect = 'postgres';
  it('indexes a message committed while a run is writing the index (nodes share the database)', async () => {
    const db = await openBefore0030(dialect);
    const schema = schemas.at(-1) as string;
    try {
      await migrateToLatest(db, dialect);
      const [amy, ben] = [await insertPlainUser(db, 'amy'), await insertPlainUser(db, 'ben')];
      const chatId = await ensureSingleChat(db, amy, ben, 1);
      const indexer = createSearchIndexer(db, log);
      await indexer.settled();
      await withPg(async (other) => {
        // Another connection holds the index table: the next run reads its messages, then waits to write.
        await other.query('begin');
        await other.query(`lock table "${schema}"."message_search" in share mode`);
        const first = await storeText(db, chatId, amy, 'almond first');
        indexer.committed([first]);
        await until(async () => {
          const { rows } = await other.query(
            'select 1 from pg_locks where not granted and relation = to_regclass($1)',
            [`"${schema}"."message_search"`],
          );
          return rows.length > 0;
        }, 'the indexer waiting for the index table');
        // Committed after that run read the messages: a run of its own must index it.
        indexer.committed([await storeText(db, chatId, amy, 'almond second')]);
        await other.query('commit');
      });
      await indexer.settled();
      await indexer.close();
      const hits = await searchMessages(db, ben, queryGroups('almond'), Number.MAX_SAFE_INTEGER, 10);
      expect(hits.map((r) => JSON.parse(r.content) as unknown)).toEqual([
        { text: 'almond second' },
        { text: 'almond first' },
      ]);
    } finally {
      await db.destroy();
    }
  });
});
