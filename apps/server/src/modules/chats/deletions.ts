/**
 * "Delete for me" (docs/architecture.md, "Message actions"): the messages a person deleted for
 * themselves (`message_deletions`). They keep their seqs: answers to that person carry them as
 * DELETED `{}` (`hideDeleted`), so their devices' gap check sees no hole; nobody else is
 * affected. Search and the chat list's preview leave them out for that person by the same rows.
 */
import { MsgType } from '@paichat/protocol';
import { sql, type RawBuilder } from 'kysely';
import type { DbOrTx, MessageRow } from '../../db';
import { MessageNotFoundError } from '../../errors';
import { parseBigId } from '../../ids';
import type { MemberChat } from './repo';
import { seenLastSeq } from './views';

/** Of the chat's seqs from…to, those the user deleted for themselves. */
export async function deletedWithin(
  db: DbOrTx,
  userId: number,
  chatId: number,
  from: number,
  to: number,
): Promise<Set<number>> {
  if (from > to) return new Set();
  const rows = await db
    .selectFrom('message_deletions')
    .select('seq')
    .where('user_id', '=', userId)
    .where('chat_id', '=', chatId)
    .where('seq', '>=', from)
    .where('seq', '<=', to)
    .execute();
  return new Set(rows.map((row) => row.seq));
}

/** The rows as `userId` is answered them: those they deleted become DELETED `{}` at their seq. */
export async function hideDeleted(db: DbOrTx, userId: number, rows: MessageRow[]): Promise<MessageRow[]> {
  const first = rows[0];
  if (!first) return rows;
  const seqs = rows.map((row) => row.seq);
  const deleted = await deletedWithin(db, userId, first.chat_id, Math.min(...seqs), Math.max(...seqs));
  if (deleted.size === 0) return rows;
  return rows.map((row) =>
    deleted.has(row.seq) ? { ...row, msg_type: MsgType.DELETED, content: '{}' } : row,
  );
}

/**
 * The chat's messages with these ids, as the member may read them (after what they cleared,
 * not after they left), in the order asked; MessageNotFound when one is not. Those the member
 * deleted are answered as they are stored: callers that must refuse them check `deletedWithin`.
 */
export async function readableMessages(
  db: DbOrTx,
  chat: MemberChat,
  msgIds: readonly string[],
): Promise<MessageRow[]> {
  const ids = msgIds.map((value) => parseBigId(value));
  if (ids.some((id) => id === null)) throw new MessageNotFoundError();
  const rows = await db
    .selectFrom('messages')
    .selectAll()
    .where('chat_id', '=', chat.chat_id)
    .where('id', 'in', [...new Set(ids as number[])])
    .execute();
  const byId = new Map(rows.map((row) => [row.id, row]));
  return (ids as number[]).map((id) => {
    const row = byId.get(id);
    if (!row || row.seq <= chat.cleared_seq || row.seq > seenLastSeq(chat)) throw new MessageNotFoundError();
    return row;
  });
}

/** Records the deletions (one already recorded stays as it was). */
export async function deleteForMe(
  db: DbOrTx,
  userId: number,
  rows: MessageRow[],
  now: number,
): Promise<void> {
  if (rows.length === 0) return;
  await db
    .insertInto('message_deletions')
    .values(
      rows.map((row) => ({
        user_id: userId,
        chat_id: row.chat_id,
        seq: row.seq,
        message_id: row.id,
        created_at: now,
      })),
    )
    .onConflict((oc) => oc.columns(['user_id', 'chat_id', 'seq']).doNothing())
    .execute();
}

/** SQL: the message `msg` (with "chat_id" and "seq") was deleted by `userId` for themselves. */
export const deletedBy = (userId: number | RawBuilder<unknown>, msg: string) =>
  sql`exists (select 1 from "message_deletions" as "d" where "d"."user_id" = ${userId}
    and "d"."chat_id" = ${sql.ref(`${msg}.chat_id`)} and "d"."seq" = ${sql.ref(`${msg}.seq`)})`;
