import { MsgType } from '@paichat/protocol';
import { sql, type QueryExecutorProvider } from 'kysely';
import type { Db } from '../../db';
import { isPostgres } from '../../db/dialect';
import { deletedBy } from '../chats/deletions';
import { parseStoredContent } from '../chats/views';
import {
  ftsDocument,
  ftsQuery,
  indexTerms,
  searchableText,
  tsqueryLiteral,
  tsvectorLiteral,
  type TermGroup,
} from './terms';

// The message search index (migrations/0030_message_search.ts): a contentless FTS5 table on
// SQLite, a tsvector with a GIN index on PostgreSQL, both keyed by the message id.

/** A message's index terms, from its parsed content; null when it has none (most types). */
function termsOf(msgType: string, content: Record<string, unknown>): string[] | null {
  const text = searchableText(msgType, content);
  if (text === null) return null;
  const terms = indexTerms(text);
  return terms.length === 0 ? null : terms;
}

/** A message to index: its id, its type and its parsed content. */
export interface IndexedMessage {
  id: number;
  msgType: string;
  content: Record<string, unknown>;
}

/**
 * Indexes messages, in one statement (those with words: most types have none): the messages
 * past the watermark (indexPastWatermark), and the history migration 0030 found. On PostgreSQL
 * a message another node's indexer got to first is left as it is.
 */
export async function indexMessages(db: QueryExecutorProvider, messages: IndexedMessage[]): Promise<void> {
  const rows = messages.flatMap(({ id, msgType, content }) => {
    const terms = termsOf(msgType, content);
    return terms === null ? [] : [{ id, terms }];
  });
  if (rows.length === 0) return;
  await (
    isPostgres(db)
      ? sql`insert into "message_search" ("msg_id", "terms")
          values ${sql.join(rows.map((r) => sql`(${r.id}, ${tsvectorLiteral(r.terms)}::tsvector)`))}
          on conflict ("msg_id") do nothing`
      : sql`insert into "message_search" ("rowid", "terms")
          values ${sql.join(rows.map((r) => sql`(${r.id}, ${ftsDocument(r.terms)})`))}`
  ).execute(db);
}

/**
 * Takes a message out of the index (a recalled one), inside the caller's transaction, if it is
 * there: the indexer may not have reached it yet (it then reads it recalled and skips it).
 * SQLite's contentless table forgets a row only when told the terms it was indexed with (told
 * of a row it does not hold, it would corrupt its counts), so the message is given as it was
 * indexed.
 */
export async function unindexMessage(db: QueryExecutorProvider, message: IndexedMessage): Promise<void> {
  if (isPostgres(db)) {
    await sql`delete from "message_search" where "msg_id" = ${message.id}`.execute(db);
    return;
  }
  const terms = termsOf(message.msgType, message.content);
  if (terms === null) return;
  const held = await sql`select "rowid" from "message_search" where "rowid" = ${message.id}`.execute(db);
  if (held.rows.length === 0) return;
  await sql`insert into "message_search" ("message_search", "rowid", "terms")
    values ('delete', ${message.id}, ${ftsDocument(terms)})`.execute(db);
}

/** The types with words to index (search/terms.ts searchableText); every other message has none. */
const SEARCHABLE_TYPES = [MsgType.TEXT, MsgType.LOCATION, MsgType.CARD];

/**
 * Indexes, in one small transaction, up to `limit` messages with an id above the watermark, as
 * their rows are now (a message recalled meanwhile has no words left), and moves the watermark
 * past them; answers whether more may follow. On SQLite transactions run one at a time and take
 * ids in order, so what is committed is always every id up to some point. On PostgreSQL a
 * transaction that took lower ids may commit after one with higher ids was indexed: `told`, the
 * ids this node just committed, brings those below the watermark in too. Rows are read `for
 * share` there, so a recall committing meanwhile either comes first (its row is read recalled)
 * or waits for this commit and then removes the index row itself.
 */
export async function indexPastWatermark(db: Db, told: number[], limit: number): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const postgres = isPostgres(trx);
    const mark = await sql<{ indexed_to: number | string }>`select "indexed_to" from "search_watermark"
      where "id" = 1 ${postgres ? sql`for update` : sql``}`.execute(trx);
    const from = Number(mark.rows[0]?.indexed_to ?? 0);
    const behind = told.filter((id) => id <= from);
    const { rows } = await sql<{ id: number | string; msg_type: string; content: string | null }>`select
      "id", "msg_type", case when "msg_type" in (${sql.join(SEARCHABLE_TYPES)}) then "content" end as "content"
      from "messages" where "id" > ${from}
      ${behind.length > 0 ? sql`or "id" in (${sql.join(behind)})` : sql``}
      order by "id" limit ${limit} ${postgres ? sql`for share` : sql``}`.execute(trx);
    await indexMessages(
      trx,
      rows.flatMap((row) =>
        row.content === null
          ? []
          : [{ id: Number(row.id), msgType: row.msg_type, content: parseStoredContent(row.content) }],
      ),
    );
    const to = Math.max(from, ...rows.map((row) => Number(row.id)));
    if (to > from) await sql`update "search_watermark" set "indexed_to" = ${to} where "id" = 1`.execute(trx);
    return rows.length === limit;
  });
}

export interface MessageHitRow {
  id: number;
  chat_id: number;
  seq: number;
  sender_id: number | null;
  msg_type: string;
  content: string;
  created_at: number;
  group_nick: string | null;
}

/** Matches of a keyword beyond which PostgreSQL walks its index newest first instead (below). */
const FEW_MATCHES = 5000;

/**
 * The viewer's messages matching every group, newest (highest id) first, below `beforeId`:
 * only in chats they are a member of, after what they cleared and not after they left
 * (the bounds of chats/service.ts getMessages), and not those they deleted for themselves.
 *
 * SQLite walks the FTS index newest first and stops at `limit` hits, so a search costs what it
 * finds, not the size of the history. PostgreSQL's GIN index answers matches in no order, and
 * its planner cannot tell a rare word from a common one (a word start least of all): left to
 * itself it walks the messages newest first testing each one's terms, which for a rare word
 * reads the whole history. So it first asks the GIN index alone for up to FEW_MATCHES matches;
 * when there are no more than that, those are all, and only they are joined and sorted; a
 * common word takes the newest-first walk, which meets a page of hits soon.
 */
export async function searchMessages(
  db: Db,
  viewerId: number,
  groups: TermGroup[],
  beforeId: number,
  limit: number,
  /** Tests: a lower bound, to take the newest-first walk with few messages. */
  fewMatches = FEW_MATCHES,
): Promise<MessageHitRow[]> {
  const visible = sql`"m"."chat_id" = "msg"."chat_id" and "m"."user_id" = ${viewerId}
    and "msg"."seq" > "m"."cleared_seq" and ("m"."left_seq" is null or "msg"."seq" <= "m"."left_seq")
    and not ${deletedBy(viewerId, 'msg')}`;
  const columns = sql`"msg"."id", "msg"."chat_id", "msg"."seq", "msg"."sender_id", "msg"."msg_type",
    "msg"."content", "msg"."created_at", "msg"."group_nick"`;
  if (!isPostgres(db)) {
    // CROSS JOIN keeps the index the outer loop, read newest first.
    const { rows } = await sql<MessageHitRow>`select ${columns} from "message_search" as "s"
      cross join "messages" as "msg" on "msg"."id" = "s"."rowid"
      cross join "chat_members" as "m" on ${visible}
      where "message_search" match ${ftsQuery(groups)} and "s"."rowid" < ${beforeId}
      order by "s"."rowid" desc limit ${limit}`.execute(db);
    return rows;
  }
  const query = tsqueryLiteral(groups);
  const few = await db.transaction().execute(async (trx) => {
    // Only for this statement's plan: the GIN index, nothing else.
    await sql`set local enable_indexscan = off`.execute(trx);
    await sql`set local enable_seqscan = off`.execute(trx);
    const { rows } = await sql<{ msg_id: number }>`select "msg_id" from "message_search"
      where "terms" @@ ${query}::tsquery and "msg_id" < ${beforeId} limit ${fewMatches + 1}`.execute(trx);
    return rows.length > fewMatches ? null : rows.map((r) => Number(r.msg_id));
  });
  if (few?.length === 0) return [];
  const { rows } = few
    ? await sql<MessageHitRow>`select ${columns} from "messages" as "msg"
        join "chat_members" as "m" on ${visible}
        where "msg"."id" = any(${few}::bigint[])
        order by "msg"."id" desc limit ${limit}`.execute(db)
    : await sql<MessageHitRow>`select ${columns} from "message_search" as "s"
        join "messages" as "msg" on "msg"."id" = "s"."msg_id"
        join "chat_members" as "m" on ${visible}
        where "s"."terms" @@ ${query}::tsquery and "s"."msg_id" < ${beforeId}
        order by "s"."msg_id" desc limit ${limit}`.execute(db);
  return rows;
}
