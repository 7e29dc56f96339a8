/**
 * Message search benchmark: the real server (child process) over a history of --messages
 * stored messages (default 1,000,000) in 20 chats of the searcher's and 30 chats of strangers
 * (the searcher's hold a tenth of them), texts of pseudo-English words and Chinese characters
 * drawn with a long tail, a few planted words. The people and chats are made through the API;
 * the messages go straight into the database in large transactions, each with its search row as
 * the server writes it (apps/server/src/modules/search/terms.ts), for speed. Then it asks
 * /search/messages (a page of 20) --rounds times for each kind of keyword and prints p50 and p99.
 *
 *   npm run bench:search -w bench
 *   npm run bench:search -w bench -- --messages 1000000 --rounds 200 --backend postgres
 *
 * Target: p99 ≤ 100 ms per search on this machine.
 */
import { randomBytes } from 'node:crypto';
import { MsgType } from '@paichat/protocol';
import Database from 'better-sqlite3';
import pg from 'pg';
import { startServer } from '../../e2e/support/server';
import { PG_URL, withPg } from '../../apps/server/test/support/server';
import { seed, type SeededUser } from '../../apps/server/test/support/seed';
import {
  ftsDocument,
  indexTerms,
  searchableText,
  tsvectorLiteral,
} from '../../apps/server/src/modules/search/terms';
import { inBatches, jsonClient } from './load';
import { flag, percentile } from './stats';

const total = flag('messages', 1_000_000);
const rounds = flag('rounds', 200);
const backendAt = process.argv.indexOf('--backend');
const backend = backendAt < 0 ? 'sqlite' : process.argv[backendAt + 1];
if (backend !== 'sqlite' && backend !== 'postgres') throw new Error('--backend must be sqlite or postgres');

// A repeatable pseudo-random stream (mulberry32), so every run stores the same history.
let state = 20261125;
const random = () => {
  state = (state + 0x6d2b79f5) | 0;
  let t = Math.imul(state ^ (state >>> 15), 1 | state);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};
/** An index in [0, n) with a long tail: the first few are common, most are rare. */
const skewed = (n: number) => Math.floor(n * random() ** 3);

const SYLLABLES = 'ka lo mi su te ra no vi pe do ha ze ku li ma so ne ti ro ba fu ge'.split(' ');
const WORDS = Array.from(
  { length: 5000 },
  (_, i) =>
    SYLLABLES[i % 22]! +
    SYLLABLES[Math.floor(i / 22) % 22]! +
    (i >= 484 ? SYLLABLES[Math.floor(i / 484) % 22]! : ''),
);
const HAN = Array.from({ length: 1500 }, (_, i) => String.fromCodePoint(0x4e00 + ((i * 7919) % 20000)));

function messageText(inSearchersChat: boolean): string {
  if (random() < 0.2) {
    const chars = Array.from({ length: 4 + Math.floor(random() * 16) }, () => HAN[skewed(HAN.length)]);
    if (random() < 0.005) chars.splice(Math.floor(random() * chars.length), 0, '晚', '饭');
    return chars.join('');
  }
  const words = Array.from({ length: 4 + Math.floor(random() * 12) }, () => WORDS[skewed(WORDS.length)]!);
  if (random() < 0.005) {
    words.splice(Math.floor(random() * words.length), 0, 'dinner');
    if (random() < 0.3) words.push('tonight');
  }
  // Only strangers talk about orchids: a search for it finds nothing of the searcher's.
  if (!inSearchersChat && random() < 0.001) words.push('orchid');
  return words.join(' ');
}

const schema = `bench_search_${randomBytes(4).toString('hex')}`;
if (backend === 'postgres') await withPg((c) => c.query(`create schema "${schema}"`));
const server = await startServer(
  backend === 'postgres'
    ? {
        DATABASE_URL: `${PG_URL}?options=${encodeURIComponent(`-c search_path=${schema}`)}`,
        LOG_LEVEL: 'error',
      }
    : { LOG_LEVEL: 'error' },
);
const { must, close } = jsonClient(server.url, 8);
try {
  const setupStarted = performance.now();
  const people = seed(server.url);
  const searcher = await people.user('searcher');
  const strangers: SeededUser[] = [];
  await inBatches(
    Array.from({ length: 80 }, (_, i) => i),
    8,
    async (i) => {
      const user = await people.user(`person${i}`);
      // The first 20 are the searcher's friends; the other 60 make 30 pairs of strangers.
      if (i < 20) await people.befriend(searcher, user);
      else strangers[i] = user;
    },
  );
  for (let i = 20; i < 80; i += 2) await people.befriend(strangers[i]!, strangers[i + 1]!);

  type Chat = { id: number; members: number[]; seq: number; searchers: boolean };
  const searcherId = Number(searcher.userId);
  const store = await openStore();
  const chats = await store.chats(searcherId);
  const mine = chats.filter((c) => c.searchers);
  const theirs = chats.filter((c) => !c.searchers);
  if (mine.length !== 20 || theirs.length !== 30) throw new Error(`chats: ${mine.length} + ${theirs.length}`);

  let id = (await store.maxMessageId()) + 1;
  const started = Date.now() - total * 1000;
  const BATCH = 20_000;
  for (let done = 0; done < total;) {
    const rows: Row[] = [];
    for (const end = Math.min(total, done + BATCH); done < end; done += 1) {
      const pool = random() < 0.1 ? mine : theirs;
      const chat: Chat = pool[Math.floor(random() * pool.length)]!;
      chat.seq += 1;
      const content = { text: messageText(chat.searchers) };
      rows.push({
        id: id++,
        chatId: chat.id,
        seq: chat.seq,
        senderId: chat.members[Math.floor(random() * chat.members.length)]!,
        content: JSON.stringify(content),
        createdAt: started + done * 1000,
        terms: indexTerms(searchableText(MsgType.TEXT, content) ?? ''),
      });
    }
    await store.insert(rows);
    if (done % 200_000 === 0) console.log(`  stored ${done} messages`);
  }
  await store.finish(chats, started + total * 1000);
  console.log(
    `setup: ${total} messages (a tenth in the searcher's 20 chats) in ${((performance.now() - setupStarted) / 1000).toFixed(1)} s on ${backend}`,
  );

  type Page = { list: { text: string }[]; next: string | null };
  const all: number[] = [];
  for (const [label, keyword] of [
    ['a planted word (dinner)', 'dinner'],
    ['a word start (din)', 'din'],
    ['two words (dinner tonight)', 'dinner tonight'],
    ['the commonest word', WORDS[0]!],
    ['a rare word', WORDS[4000]!],
    ['two Chinese characters (晚饭)', '晚饭'],
    ['one Chinese character', HAN[0]!],
    ["only in others' chats (orchid)", 'orchid'],
  ] as const) {
    const times: number[] = [];
    let found = 0;
    for (let i = 0; i < rounds; i += 1) {
      const t0 = performance.now();
      const page = await must<Page>('/search/messages', searcher.token, { keyword, pageSize: 20 });
      times.push(performance.now() - t0);
      found = page.list.length;
    }
    all.push(...times);
    times.sort((a, b) => a - b);
    console.log(
      `${label}: p50 ${percentile(times, 50).toFixed(1)} ms, p99 ${percentile(times, 99).toFixed(1)} ms (${found} hits on the page, ${rounds} requests)`,
    );
  }
  all.sort((a, b) => a - b);
  console.log(
    `all searches: p50 ${percentile(all, 50).toFixed(1)} ms, p99 ${percentile(all, 99).toFixed(1)} ms`,
  );
  await store.close();
} finally {
  close();
  await server.stop();
  if (backend === 'postgres') await withPg((c) => c.query(`drop schema if exists "${schema}" cascade`));
}

interface Row {
  id: number;
  chatId: number;
  seq: number;
  senderId: number;
  content: string;
  createdAt: number;
  terms: string[];
}

/** The database beside the server's, for what the API would take too long to store. */
async function openStore() {
  type ChatRow = { id: number; user_id: number; last_seq: number };
  const toChats = (rows: ChatRow[], searcherId: number) => {
    const byId = new Map<number, { id: number; members: number[]; seq: number; searchers: boolean }>();
    for (const r of rows) {
      const chat = byId.get(r.id) ?? { id: r.id, members: [], seq: r.last_seq, searchers: false };
      chat.members.push(r.user_id);
      chat.searchers ||= r.user_id === searcherId;
      byId.set(r.id, chat);
    }
    return [...byId.values()];
  };
  const CHATS = `select c.id, m.user_id, c.last_seq from chats c join chat_members m on m.chat_id = c.id order by c.id`;

  if (backend === 'sqlite') {
    const db = new Database(`${server.dataDir}/paichat.db`);
    db.pragma('busy_timeout = 5000');
    const message = db.prepare(
      `insert into messages (id, chat_id, seq, sender_id, msg_type, content, created_at) values (?, ?, ?, ?, 'TEXT', ?, ?)`,
    );
    const term = db.prepare(`insert into message_search (rowid, terms) values (?, ?)`);
    const insert = db.transaction((rows: Row[]) => {
      for (const r of rows) {
        message.run(r.id, r.chatId, r.seq, r.senderId, r.content, r.createdAt);
        term.run(r.id, ftsDocument(r.terms));
      }
    });
    return {
      chats: async (searcherId: number) => toChats(db.prepare(CHATS).all() as ChatRow[], searcherId),
      maxMessageId: async () =>
        (db.prepare(`select coalesce(max(id), 0) as n from messages`).get() as { n: number }).n,
      insert: async (rows: Row[]) => insert(rows),
      finish: async (chats: { id: number; seq: number }[], now: number) => {
        const head = db.prepare(`update chats set last_seq = ?, last_msg_at = ? where id = ?`);
        db.transaction(() => chats.forEach((c) => head.run(c.seq, now, c.id)))();
        db.exec(`insert into message_search (message_search) values ('optimize')`);
        // Indexed here: the server's indexer is to start after them.
        db.exec(`update search_watermark set indexed_to = (select max(id) from messages)`);
      },
      close: async () => db.close(),
    };
  }

  const client = new pg.Client({ connectionString: PG_URL });
  await client.connect();
  await client.query(`set search_path = "${schema}"`);
  return {
    chats: async (searcherId: number) => toChats((await client.query<ChatRow>(CHATS)).rows, searcherId),
    maxMessageId: async () =>
      Number(
        (await client.query<{ n: string }>(`select coalesce(max(id), 0) as n from messages`)).rows[0]?.n,
      ),
    insert: async (rows: Row[]) => {
      await client.query('begin');
      await client.query(
        `insert into messages (id, chat_id, seq, sender_id, msg_type, content, created_at)
         select i, c, s, u, 'TEXT', t, a from unnest($1::bigint[], $2::int[], $3::int[], $4::int[], $5::text[], $6::bigint[]) as x(i, c, s, u, t, a)`,
        [
          rows.map((r) => r.id),
          rows.map((r) => r.chatId),
          rows.map((r) => r.seq),
          rows.map((r) => r.senderId),
          rows.map((r) => r.content),
          rows.map((r) => r.createdAt),
        ],
      );
      await client.query(
        `insert into message_search (msg_id, terms) select i, v::tsvector from unnest($1::bigint[], $2::text[]) as x(i, v)`,
        [rows.map((r) => r.id), rows.map((r) => tsvectorLiteral(r.terms))],
      );
      await client.query('commit');
    },
    finish: async (chats: { id: number; seq: number }[], now: number) => {
      for (const c of chats)
        await client.query(`update chats set last_seq = $1, last_msg_at = $2 where id = $3`, [
          c.seq,
          now,
          c.id,
        ]);
      await client.query(
        `select setval(pg_get_serial_sequence('messages', 'id'), (select max(id) from messages))`,
      );
      // Indexed here: the server's indexer is to start after them.
      await client.query(`update search_watermark set indexed_to = (select max(id) from messages)`);
      await client.query('vacuum analyze messages');
      await client.query('vacuum analyze message_search');
      await client.query('analyze chat_members');
    },
    close: () => client.end(),
  };
}
