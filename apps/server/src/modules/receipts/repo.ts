/** Read receipts' SQL: the setting, and read positions seen from the other members. */
import { sql } from 'kysely';
import type { DbOrTx } from '../../db';

export async function readReceiptsOn(db: DbOrTx, userId: number): Promise<boolean> {
  const row = await db
    .selectFrom('users')
    .select('read_receipts')
    .where('id', '=', userId)
    .executeTakeFirst();
  return row?.read_receipts !== 0;
}

/** Of these users, those with read receipts on. */
export async function withReceiptsOn(db: DbOrTx, userIds: readonly number[]): Promise<number[]> {
  if (userIds.length === 0) return [];
  const rows = await db
    .selectFrom('users')
    .select('id')
    .where('id', 'in', [...userIds])
    .where('read_receipts', '=', 1)
    .execute();
  return rows.map((row) => row.id);
}

export async function setReadReceipts(db: DbOrTx, userId: number, on: boolean): Promise<void> {
  await db
    .updateTable('users')
    .set({ read_receipts: on ? 1 : 0 })
    .where('id', '=', userId)
    .execute();
}

/** The other member of a one-to-one chat: who, how far they read, and whether they share it. */
export async function peerOf(
  db: DbOrTx,
  chatId: number,
  viewerId: number,
): Promise<{ user_id: number; read_seq: number; read_receipts: number } | undefined> {
  return db
    .selectFrom('chat_members as m')
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .select(['m.user_id', 'm.read_seq', 'u.read_receipts'])
    .where('m.chat_id', '=', chatId)
    .where('m.user_id', '<>', viewerId)
    .executeTakeFirst();
}

/**
 * The viewer's own messages among these seqs, each with how many members have read it: the
 * members whose history holds it (as `recipientsAt`: not joined after it, not gone before it),
 * besides the sender, who share their receipts. One query, however large the group.
 */
export async function ownReadCounts(
  db: DbOrTx,
  chatId: number,
  senderId: number,
  seqs: readonly number[],
): Promise<{ seq: number; count: number }[]> {
  const { rows } = await sql<{ seq: number; count: number | string }>`select "msg"."seq",
      (select count(*) from "chat_members" as "m" inner join "users" as "u" on "u"."id" = "m"."user_id"
        where "m"."chat_id" = ${chatId} and "m"."user_id" <> ${senderId}
          and "m"."cleared_seq" < "msg"."seq" and ("m"."left_seq" is null or "m"."left_seq" >= "msg"."seq")
          and "m"."read_seq" >= "msg"."seq" and "u"."read_receipts" = 1) as "count"
    from "messages" as "msg"
    where "msg"."chat_id" = ${chatId} and "msg"."sender_id" = ${senderId}
      and "msg"."seq" in (${sql.join([...seqs])})
    order by "msg"."seq"`.execute(db);
  // PostgreSQL's count(*) is a bigint, which its driver answers as a string.
  return rows.map((row) => ({ seq: row.seq, count: Number(row.count) }));
}

export interface MemberRead {
  user_id: number;
  nick_name: string;
  portrait: string;
  read_seq: number;
}

/** The members a message at `seq` is for (as `recipientsAt`), besides its sender, who share receipts. */
export function sharingMembersAt(
  db: DbOrTx,
  chatId: number,
  seq: number,
  senderId: number,
): Promise<MemberRead[]> {
  return db
    .selectFrom('chat_members as m')
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .select(['m.user_id', 'u.nick_name', 'u.portrait', 'm.read_seq'])
    .where('m.chat_id', '=', chatId)
    .where('m.user_id', '<>', senderId)
    .where('m.cleared_seq', '<', seq)
    .where((eb) => eb.or([eb('m.left_seq', 'is', null), eb('m.left_seq', '>=', seq)]))
    .where('u.read_receipts', '=', 1)
    .orderBy('m.joined_at')
    .orderBy('m.user_id')
    .execute();
}

/** Who sent messages in the chat's seqs (from, to]. */
export async function sendersBetween(
  db: DbOrTx,
  chatId: number,
  from: number,
  to: number,
): Promise<number[]> {
  const rows = await db
    .selectFrom('messages')
    .select('sender_id')
    .distinct()
    .where('chat_id', '=', chatId)
    .where('seq', '>', from)
    .where('seq', '<=', to)
    .where('sender_id', 'is not', null)
    .execute();
  return rows.flatMap((row) => (row.sender_id === null ? [] : [row.sender_id]));
}
