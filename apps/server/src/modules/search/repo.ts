import { sql, type QueryExecutorProvider } from 'kysely';
import type { Db } from '../../db';
import { isPostgres } from '../../db/dialect';
import { deletedBy } from '../chats/deletions';
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

/**
 * PostgreSQL: a message's index row as the tsvector literal of `message_search.terms`, or null
 * when it has none; for the statement that stores a message and its index row at once
 * (chats/repo.ts appendOnPostgres).
 */
export function postgresIndexTerms(msgType: string, content: Record<string, unknown>): string | null {
  const terms = termsOf(msgType, content);
  return terms === null ? null : tsvectorLiteral(terms);
}

/** A message to index: its id, its type and its parsed content. */
export interface IndexedMessage {
  id: number;
  msgType: string;
  content: Record<string, unknown>;
}

/**
 * Indexes messages just stored, in one statement (those with words: most types have none):
 * inside the transaction that stores a message, and for the history migration 0030 found.
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
          values ${sql.join(rows.map((r) => sql`(${r.id}, ${tsvectorLiteral(r.terms)}::tsvector)`))}`
      : sql`insert into "message_search" ("rowid", "terms")
          values ${sql.join(rows.map((r) => sql`(${r.id}, ${ftsDocument(r.terms)})`))}`
  ).execute(db);
}

/**
 * Takes a message out of the index (a recalled one), inside the caller's transaction. SQLite's
 * contentless table forgets a row only when told the terms it was indexed with, so the message
 * is given as it was indexed.
 */
export async function unindexMessage(db: QueryExecutorProvider, message: IndexedMessage): Promise<void> {
  if (isPostgres(db)) {
    await sql`delete from "message_search" where "msg_id" = ${message.id}`.execute(db);
    return;
  }
  const terms = termsOf(message.msgType, message.content);
  if (terms === null) return;
  await sql`insert into "message_search" ("message_search", "rowid", "terms")
    values ('delete', ${message.id}, ${ftsDocument(terms)})`.execute(db);
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
