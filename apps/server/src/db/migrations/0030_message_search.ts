import { sql, type Kysely } from 'kysely';
import { parseStoredContent } from '../../modules/chats/views';
import { indexMessages } from '../../modules/search/repo';
import { isPostgres } from '../dialect';

/**
 * The message search index (modules/search): the terms of every searchable message (a text, a
 * place, a card), keyed by the message's id, written in the transaction that stores the
 * message. The terms are made in JavaScript (search/terms.ts) so both databases find the same:
 * - SQLite: `message_search`, a contentless FTS5 table (only the index, no copy of the text)
 *   whose rowid is the message id; unicode61 only splits the terms on their spaces (marks kept,
 *   so Thai words stay whole).
 * - PostgreSQL: `message_search (msg_id, terms tsvector)` with a GIN index.
 * Existing messages are indexed here, a batch at a time.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) {
    await sql`create table "message_search" (
      "msg_id" bigint primary key references "messages" ("id") on delete cascade,
      "terms" tsvector not null)`.execute(db);
    await sql`create index "message_search_terms_idx" on "message_search" using gin ("terms")`.execute(db);
  } else {
    await sql`create virtual table "message_search" using fts5("terms", content='',
      tokenize="unicode61 remove_diacritics 0 categories 'L* N* Co M*'")`.execute(db);
  }

  const BATCH = 1000;
  for (let after = 0; ;) {
    const { rows } = await sql<{
      id: number;
      msg_type: string;
      content: string;
    }>`select "id", "msg_type", "content"
      from "messages" where "id" > ${after} and "msg_type" in ('TEXT', 'LOCATION', 'CARD')
      order by "id" limit ${BATCH}`.execute(db);
    if (rows.length === 0) break;
    after = Number(rows.at(-1)?.id);
    await indexMessages(
      db,
      rows.map((row) => ({ id: row.id, msgType: row.msg_type, content: parseStoredContent(row.content) })),
    );
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table "message_search"`.execute(db);
}
