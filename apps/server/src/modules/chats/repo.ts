import { clipRanges, MsgType, type SeqRange } from '@paichat/protocol';
import { sql } from 'kysely';
import type { ChatMemberRow, ChatRow, DbOrTx, Dialect, MessageRow, Tx } from '../../db';
import { isPostgres } from '../../db/dialect';
import { deletedBy } from './deletions';
import type { IdMark } from './id-mark';

// Chats and their members.

/** The chat of a pair, if any. */
export function findSingleChat(db: DbOrTx, a: number, b: number): Promise<ChatRow | undefined> {
  const [low, high] = a < b ? [a, b] : [b, a];
  return db
    .selectFrom('chats')
    .selectAll()
    .where('user_low', '=', low)
    .where('user_high', '=', high)
    .executeTakeFirst();
}

/**
 * The pair's chat, created with both members if it does not exist yet; answers its id.
 * Safe against a concurrent creation: the pair is unique and a loser's insert does nothing
 * (on PostgreSQL it waits for the winner to commit, then reads its row).
 */
export async function ensureSingleChat(db: DbOrTx, a: number, b: number, now: number): Promise<number> {
  const [low, high] = a < b ? [a, b] : [b, a];
  await db
    .insertInto('chats')
    .values({ type: 'SINGLE', user_low: low, user_high: high, last_msg_at: now, created_at: now })
    .onConflict((oc) => oc.columns(['user_low', 'user_high']).doNothing())
    .execute();
  const chat = await findSingleChat(db, low, high);
  if (!chat) throw new Error(`chat of ${low} and ${high} vanished`);
  await db
    .insertInto('chat_members')
    .values([
      { chat_id: chat.id, user_id: low, joined_at: now },
      { chat_id: chat.id, user_id: high, joined_at: now },
    ])
    .onConflict((oc) => oc.columns(['chat_id', 'user_id']).doNothing())
    .execute();
  return chat.id;
}

export type MemberChat = Pick<
  ChatRow,
  'type' | 'user_low' | 'user_high' | 'group_id' | 'last_seq' | 'last_msg_at' | 'created_at'
> &
  Omit<ChatMemberRow, 'joined_at'>;

/** A member's row joined with its chat (`chat_members as m`, `chats as c`): a MemberChat. */
const MEMBER_CHAT_COLUMNS = [
  'm.chat_id',
  'm.user_id',
  'm.read_seq',
  'm.cleared_seq',
  'm.hidden_seq',
  'm.is_top',
  'm.is_disturb',
  'm.left_seq',
  'm.mention_seq',
  'c.type',
  'c.user_low',
  'c.user_high',
  'c.group_id',
  'c.last_seq',
  'c.last_msg_at',
  'c.created_at',
] as const;

/** The chat as one of its members sees it; undefined when the user is not a member. */
export function findMemberChat(db: DbOrTx, chatId: number, userId: number): Promise<MemberChat | undefined> {
  return db
    .selectFrom('chat_members as m')
    .innerJoin('chats as c', 'c.id', 'm.chat_id')
    .select(MEMBER_CHAT_COLUMNS)
    .where('m.chat_id', '=', chatId)
    .where('m.user_id', '=', userId)
    .executeTakeFirst();
}

export type MemberChanges = Partial<
  Pick<ChatMemberRow, 'read_seq' | 'cleared_seq' | 'hidden_seq' | 'is_top' | 'is_disturb'>
>;

export async function updateMember(
  db: DbOrTx,
  chatId: number,
  userId: number,
  changes: MemberChanges,
): Promise<void> {
  await db
    .updateTable('chat_members')
    .set(changes)
    .where('chat_id', '=', chatId)
    .where('user_id', '=', userId)
    .execute();
}

/** Moves the member's read position forward to `seq` (never back); answers whether it moved. */
export async function advanceRead(db: DbOrTx, chatId: number, userId: number, seq: number): Promise<boolean> {
  const result = await db
    .updateTable('chat_members')
    .set({ read_seq: seq })
    .where('chat_id', '=', chatId)
    .where('user_id', '=', userId)
    .where('read_seq', '<', seq)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/**
 * Hides everything so far from the member (`cleared_seq`) or takes the chat off their list
 * (`hidden_seq`), and marks it read, up to the chat's last seq at this moment: the chat's own
 * value, read inside the statement, so a message stored meanwhile is never hidden unseen (for
 * a former group member, their last seq is where they left).
 */
export async function catchUpMember(
  db: DbOrTx,
  chatId: number,
  userId: number,
  column: 'cleared_seq' | 'hidden_seq',
): Promise<void> {
  const last = sql<number>`coalesce(left_seq, (select last_seq from chats where id = ${chatId}))`;
  await db
    .updateTable('chat_members')
    .set((eb) => ({
      [column]: last,
      read_seq: eb.case().when('read_seq', '<', last).then(last).else(eb.ref('read_seq')).end(),
    }))
    .where('chat_id', '=', chatId)
    .where('user_id', '=', userId)
    .execute();
}

// Sending.

export interface PairContext {
  /** Profiles of the two, by id (a missing one is not a user). */
  users: { id: number; nick_name: string; portrait: string; user_type: string }[];
  friends: boolean;
  /** The sender blocked the recipient. */
  senderBlocks: boolean;
  /** The recipient blocked the sender. */
  recipientBlocks: boolean;
  chatId: number | null;
}

/**
 * Everything a send to a friend must know, in one round trip. It runs on every send, so it is
 * written as plain SQL (the same on SQLite and PostgreSQL): building it with the query builder
 * costs several times what running it does.
 */
export async function loadPairContext(
  db: DbOrTx,
  senderId: number,
  recipientId: number,
): Promise<PairContext> {
  const [low, high] = senderId < recipientId ? [senderId, recipientId] : [recipientId, senderId];
  const { rows } = await sql<{
    id: number;
    nick_name: string;
    portrait: string;
    user_type: string;
    friends: number | boolean;
    sender_blocks: number | boolean;
    recipient_blocks: number | boolean;
    chat_id: number | null;
  }>`select "u"."id", "u"."nick_name", "u"."portrait", "u"."user_type",
      exists (select 1 from "friends" where "user_id" = ${senderId} and "friend_id" = ${recipientId}) as "friends",
      exists (select 1 from "blocks" where "user_id" = ${senderId} and "blocked_id" = ${recipientId}) as "sender_blocks",
      exists (select 1 from "blocks" where "user_id" = ${recipientId} and "blocked_id" = ${senderId}) as "recipient_blocks",
      (select "id" from "chats" where "user_low" = ${low} and "user_high" = ${high}) as "chat_id"
    from "users" as "u" where "u"."id" in (${senderId}, ${recipientId})`.execute(db);
  const first = rows[0];
  return {
    users: rows.map(({ id, nick_name, portrait, user_type }) => ({ id, nick_name, portrait, user_type })),
    // EXISTS answers 0/1 on SQLite and a boolean on PostgreSQL.
    friends: Boolean(first?.friends),
    senderBlocks: Boolean(first?.sender_blocks),
    recipientBlocks: Boolean(first?.recipient_blocks),
    chatId: first?.chat_id ?? null,
  };
}

export interface NewChatMessage {
  /** Taken beforehand (reserveMessageIds) and covered by the message-id mark. */
  id: number;
  chatId: number;
  senderId: number | null;
  clientMsgId: string | null;
  msgType: string;
  /** Stored as JSON; indexed for search as it is. */
  content: Record<string, unknown>;
  createdAt: number;
  /** GROUP: the sender's group nickname now (kept with the message). */
  groupNick?: string | null;
}

/**
 * Stores a message under the chat's next seq, inside the caller's transaction: the chat row's
 * update takes the next seq and holds the row until commit, so concurrent sends into one chat
 * queue up and get consecutive seqs. The sender has read their own message.
 *
 * Answers null, storing nothing, when the sender already stored a message under this
 * clientMsgId (a retry): the insert does nothing on that conflict (on PostgreSQL it first
 * waits for a racing original to commit) and the chat's head is put back as it was, so the
 * seq it took leaves no gap. No error is raised, so the transaction (and the other messages
 * of a batch) carries on.
 *
 * The caller has covered the id with the message-id mark (id-mark.ts) before this locks the
 * chat row, so that the mark's sync does not hold up other transactions waiting for the row.
 * It is indexed for search after the commit (modules/search/indexer.ts).
 */
export async function appendMessage(
  trx: Tx,
  message: NewChatMessage,
): Promise<{ id: number; seq: number } | null> {
  if (isPostgres(trx)) return appendOnPostgres(trx, message);
  // Plain SQL for the same reason as loadPairContext: this runs for every message.
  const head = await sql<{ last_seq: number }>`update "chats"
    set "last_seq" = "last_seq" + 1, "last_msg_at" = ${message.createdAt}
    where "id" = ${message.chatId} returning "last_seq"`.execute(trx);
  const seq = head.rows[0]?.last_seq;
  if (seq === undefined) throw new Error(`no chat ${message.chatId}`);
  const inserted = await sql<{ id: number }>`insert into "messages"
    ("id", "chat_id", "seq", "sender_id", "client_msg_id", "msg_type", "content", "created_at", "group_nick")
    values (${message.id}, ${message.chatId}, ${seq}, ${message.senderId}, ${message.clientMsgId},
      ${message.msgType}, ${JSON.stringify(message.content)}, ${message.createdAt}, ${message.groupNick ?? null})
    on conflict ("sender_id", "client_msg_id") do nothing returning "id"`.execute(trx);
  const id = inserted.rows[0]?.id;
  if (id === undefined) {
    await restoreChatHead(trx, message.chatId);
    return null;
  }
  if (message.senderId !== null)
    await sql`update "chat_members" set "read_seq" = ${seq}
      where "chat_id" = ${message.chatId} and "user_id" = ${message.senderId} and "read_seq" < ${seq}`.execute(
      trx,
    );
  return { id, seq };
}

/**
 * Stores a system notice (an ALERT: no sender, no clientMsgId) under the chat's next seq, its
 * id covered by the message-id mark before the chat row is locked.
 */
export async function appendNotice(
  trx: Tx,
  idMark: IdMark,
  notice: { chatId: number; content: Record<string, unknown>; createdAt: number },
): Promise<{ id: number; seq: number }> {
  const [id] = await reserveMessageIds(trx, 1);
  await idMark.cover(id as number);
  const appended = await appendMessage(trx, {
    ...notice,
    id: id as number,
    senderId: null,
    clientMsgId: null,
    msgType: MsgType.ALERT,
  });
  if (!appended) throw new Error('a notice without clientMsgId cannot conflict');
  return appended;
}

/**
 * appendMessage on PostgreSQL: the seq, the row and the sender's read
 * position in one statement (data-modifying CTEs), so a batch of the group commit costs one
 * round trip per message to the database instead of four; on a busy machine those round trips, each waiting for the database
 * process to be scheduled, were what limited a node's sends. SQLite runs in the process, where
 * a statement costs no round trip, and keeps the plain steps above.
 */
async function appendOnPostgres(
  trx: Tx,
  message: NewChatMessage,
): Promise<{ id: number; seq: number } | null> {
  const { rows } = await sql<{ seq: number | null; id: number | null }>`with "head" as (
      update "chats" set "last_seq" = "last_seq" + 1, "last_msg_at" = ${message.createdAt}
      where "id" = ${message.chatId} returning "last_seq"
    ), "ins" as (
      insert into "messages"
        ("id", "chat_id", "seq", "sender_id", "client_msg_id", "msg_type", "content", "created_at", "group_nick")
      select ${message.id}::bigint, ${message.chatId}, "head"."last_seq", ${message.senderId}, ${message.clientMsgId},
        ${message.msgType}, ${JSON.stringify(message.content)}, ${message.createdAt}, ${message.groupNick ?? null} from "head"
      on conflict ("sender_id", "client_msg_id") do nothing returning "id", "seq"
    ), "reader" as (
      update "chat_members" set "read_seq" = "ins"."seq" from "ins"
      where "chat_members"."chat_id" = ${message.chatId} and "chat_members"."user_id" = ${message.senderId}
        and "chat_members"."read_seq" < "ins"."seq"
    )
    select "head"."last_seq" as "seq", "ins"."id" as "id" from "head" left join "ins" on true`.execute(trx);
  const row = rows[0];
  if (row?.seq === undefined || row.seq === null) throw new Error(`no chat ${message.chatId}`);
  if (row.id === null) {
    await restoreChatHead(trx, message.chatId);
    return null;
  }
  return { id: Number(row.id), seq: Number(row.seq) };
}

/**
 * appendMessage for several messages at once on PostgreSQL, each with its reserved id, given in
 * order of chat, then arrival: one statement locks their chats in id order, takes each chat's
 * next seqs, stores the rows and their senders' read positions. A
 * batch then holds its chats' rows for that one round trip and its COMMIT, not for one round
 * trip per message. A message whose clientMsgId is already stored takes no seq and is not in
 * the answer (id → seq); one racing in from another transaction fails the statement on the
 * unique key, as does a copy within `messages` (callers send each clientMsgId once).
 */
export async function appendMessagesOnPostgres(
  trx: Tx,
  messages: NewChatMessage[],
): Promise<Map<number, number>> {
  const column = <T>(pick: (message: NewChatMessage) => T): T[] => messages.map(pick);
  const { rows } = await sql<{ id: string; seq: number }>`with "input" as (
      select * from unnest(${column((m) => m.id)}::bigint[], ${column((m) => m.chatId)}::bigint[],
        ${column((m) => m.senderId)}::bigint[], ${column((m) => m.clientMsgId)}::text[],
        ${column((m) => m.msgType)}::text[], ${column((m) => JSON.stringify(m.content))}::text[],
        ${column((m) => m.createdAt)}::bigint[], ${column((m) => m.groupNick ?? null)}::text[])
        with ordinality as "t"("id", "chat_id", "sender_id", "client_msg_id", "msg_type", "content",
          "created_at", "group_nick", "ord")
    ), "fresh" as (
      select * from "input" where not exists (select from "messages" as "m"
        where "m"."sender_id" = "input"."sender_id" and "m"."client_msg_id" = "input"."client_msg_id")
    ), "counts" as (
      select "chat_id", count(*) as "n", max("created_at") as "at" from "fresh" group by "chat_id"
    ), "locked" as (
      select "id" from "chats" where "id" in (select "chat_id" from "counts") order by "id" for update
    ), "head" as (
      update "chats" set "last_seq" = "chats"."last_seq" + "counts"."n", "last_msg_at" = "counts"."at"
      from "counts" join "locked" on "locked"."id" = "counts"."chat_id"
      where "chats"."id" = "counts"."chat_id"
      returning "chats"."id", "chats"."last_seq" - "counts"."n" as "base"
    ), "ins" as (
      insert into "messages"
        ("id", "chat_id", "seq", "sender_id", "client_msg_id", "msg_type", "content", "created_at", "group_nick")
      select "f"."id", "f"."chat_id", "head"."base" + row_number() over (partition by "f"."chat_id" order by "f"."ord"),
        "f"."sender_id", "f"."client_msg_id", "f"."msg_type", "f"."content", "f"."created_at", "f"."group_nick"
      from "fresh" as "f" join "head" on "head"."id" = "f"."chat_id"
      returning "id", "chat_id", "seq", "sender_id"
    ), "reader" as (
      update "chat_members" set "read_seq" = "r"."seq"
      from (select "chat_id", "sender_id", max("seq") as "seq" from "ins" group by "chat_id", "sender_id") as "r"
      where "chat_members"."chat_id" = "r"."chat_id" and "chat_members"."user_id" = "r"."sender_id"
        and "chat_members"."read_seq" < "r"."seq"
    )
    select "id", "seq" from "ins"`.execute(trx);
  return new Map(rows.map((row) => [Number(row.id), Number(row.seq)]));
}

/**
 * `count` new msgIds, ascending, for the messages a transaction is about to store. Taken before
 * it locks any chat row, so that the message-id mark can cover them first. PostgreSQL's
 * sequence gives them to no one else (another node included); SQLite's counter moves past them
 * in the transaction, which holds the database's only connection. Either way the counter
 * reaches the mark's cover even when one of them ends up unused (a retried clientMsgId).
 */
export async function reserveMessageIds(trx: Tx, count: number): Promise<number[]> {
  if (isPostgres(trx)) {
    const { rows } = await sql<{ id: string }>`select nextval(pg_get_serial_sequence('messages', 'id'))
      as "id" from generate_series(1, ${count})`.execute(trx);
    return rows.map((row) => Number(row.id)).sort((a, b) => a - b);
  }
  const last = await messageIdCounter(trx, 'sqlite');
  await moveMessageIdsPast(trx, 'sqlite', last + count);
  return Array.from({ length: count }, (_, i) => last + 1 + i);
}

/**
 * Locks the chat row until commit (on PostgreSQL; SQLite has one writer at a time anyway):
 * what the transaction reads next sees every change committed before it got the lock.
 * Answers the chat's last seq (undefined when there is no such chat).
 */
export async function lockChat(trx: Tx, chatId: number): Promise<number | undefined> {
  const { rows } = await sql<{ last_seq: number }>`update "chats" set "last_seq" = "last_seq"
    where "id" = ${chatId} returning "last_seq"`.execute(trx);
  return rows[0]?.last_seq;
}

/** Takes back the seq just taken: the head is the previous message again (its time, or the chat's). */
async function restoreChatHead(trx: Tx, chatId: number): Promise<void> {
  await trx
    .updateTable('chats')
    .set((eb) => ({
      last_seq: eb('last_seq', '-', 1),
      last_msg_at: eb.fn.coalesce(
        eb
          .selectFrom('messages')
          .select('messages.created_at')
          .whereRef('messages.chat_id', '=', 'chats.id')
          .where('messages.seq', '=', eb('chats.last_seq', '-', 1)),
        eb.ref('chats.created_at'),
      ),
    }))
    .where('id', '=', chatId)
    .execute();
}

/**
 * Who a chat's message at `seq` is for: the members whose history holds it (joined before it,
 * not cleared past it, not gone before it). Read by seq, the answer does not depend on when it
 * is asked: a member added after the message was stored is not among them, one removed after it
 * still is. One query, however large the group.
 */
export async function recipientsAt(db: DbOrTx, chatId: number, seq: number): Promise<number[]> {
  const { rows } = await sql<{ user_id: number }>`select "user_id" from "chat_members"
    where "chat_id" = ${chatId} and "cleared_seq" < ${seq}
      and ("left_seq" is null or "left_seq" >= ${seq})`.execute(db);
  return rows.map((r) => r.user_id);
}

export function findByClientMsgId(
  db: DbOrTx,
  senderId: number,
  clientMsgId: string,
): Promise<MessageRow | undefined> {
  return db
    .selectFrom('messages')
    .selectAll()
    .where('sender_id', '=', senderId)
    .where('client_msg_id', '=', clientMsgId)
    .executeTakeFirst();
}

// Reading.

export function findMessageInChat(
  db: DbOrTx,
  chatId: number,
  msgId: number,
): Promise<MessageRow | undefined> {
  return db
    .selectFrom('messages')
    .selectAll()
    .where('id', '=', msgId)
    .where('chat_id', '=', chatId)
    .executeTakeFirst();
}

/** Up to `limit` messages with afterSeq < seq < beforeSeq, newest first. */
export function listMessagesBefore(
  db: DbOrTx,
  chatId: number,
  beforeSeq: number,
  afterSeq: number,
  limit: number,
): Promise<MessageRow[]> {
  return db
    .selectFrom('messages')
    .selectAll()
    .where('chat_id', '=', chatId)
    .where('seq', '<', beforeSeq)
    .where('seq', '>', afterSeq)
    .orderBy('seq', 'desc')
    .limit(limit)
    .execute();
}

/** Up to `limit` messages with seq > afterSeq (and ≤ upToSeq when given), oldest first. */
export function listMessagesAfter(
  db: DbOrTx,
  chatId: number,
  afterSeq: number,
  limit: number,
  upToSeq?: number,
): Promise<MessageRow[]> {
  return db
    .selectFrom('messages')
    .selectAll()
    .where('chat_id', '=', chatId)
    .where('seq', '>', afterSeq)
    .$if(upToSeq !== undefined, (q) => q.where('seq', '<=', upToSeq as number))
    .orderBy('seq')
    .limit(limit)
    .execute();
}

/**
 * The chat's empty seqs (skipSeqs) within from…to, ascending: the parts of its ranges that
 * lie there.
 */
export async function emptySeqsWithin(
  db: DbOrTx,
  chatId: number,
  from: number,
  to: number,
): Promise<SeqRange[]> {
  if (from > to) return [];
  const rows = await db
    .selectFrom('empty_seqs')
    .select(['from_seq', 'to_seq'])
    .where('chat_id', '=', chatId)
    .where('to_seq', '>=', from)
    .where('from_seq', '<=', to)
    .orderBy('from_seq')
    .execute();
  return clipRanges(
    rows.map((row) => ({ fromSeq: row.from_seq, toSeq: row.to_seq })),
    from,
    to,
  );
}

// The chat list.

export type SessionRow = MemberChat & {
  peer_id: number | null;
  peer_nick_name: string | null;
  peer_portrait: string | null;
  peer_user_type: string | null;
  peer_remark: string | null;
  /** GROUP: the group. */
  group_name: string | null;
  group_portrait: string | null;
  group_status: string | null;
  /** When the newest message the member can see was sent (the chat's creation time when none). */
  last_time: number;
  /** The newest message, when the member can see it. */
  last_id: number | null;
  last_seq_seen: number | null;
  last_sender_id: number | null;
  last_sender_nick_name: string | null;
  last_sender_portrait: string | null;
  last_sender_user_type: string | null;
  last_sender_group_nick: string | null;
  last_client_msg_id: string | null;
  last_msg_type: string | null;
  last_content: string | null;
  last_created_at: number | null;
  /** How many of the chat's messages the member deleted for themselves (a string from PostgreSQL). */
  deletions: number | string;
};

/** The newest seq the member may see: where they left a group, else the chat's newest. */
const seenLast = sql<number>`coalesce("m"."left_seq", "c"."last_seq")`;

/**
 * The seq of the newest message at or below seenLast (below it when seenLast is an empty seq)
 * that the member did not delete for themselves: the list previews what they still see. A
 * reaction is no message of its own: the list previews what it was put on, or what came after.
 */
const newestSeen = sql<number>`(select "s"."seq" from "messages" as "s"
  where "s"."chat_id" = "c"."id" and "s"."seq" <= ${seenLast} and not ${deletedBy(sql.ref('m.user_id'), 's')}
    and "s"."msg_type" <> ${MsgType.REACTION}
  order by "s"."seq" desc limit 1)`;

function sessionsQuery(db: DbOrTx, userId: number) {
  return db
    .selectFrom('chat_members as m')
    .innerJoin('chats as c', 'c.id', 'm.chat_id')
    .leftJoin('users as p', (join) =>
      join.on((eb) =>
        eb(
          'p.id',
          '=',
          eb
            .case()
            .when('c.user_low', '=', userId)
            .then(eb.ref('c.user_high'))
            .else(eb.ref('c.user_low'))
            .end(),
        ),
      ),
    )
    .leftJoin('friends as f', (join) => join.onRef('f.friend_id', '=', 'p.id').on('f.user_id', '=', userId))
    .leftJoin('groups as g', 'g.id', 'c.group_id')
    .leftJoin('messages as lm', (join) =>
      join
        .onRef('lm.chat_id', '=', 'c.id')
        .on('lm.seq', '=', newestSeen)
        .onRef('lm.seq', '>', 'm.cleared_seq'),
    )
    .leftJoin('users as s', 's.id', 'lm.sender_id')
    .select([
      ...MEMBER_CHAT_COLUMNS,
      'p.id as peer_id',
      'p.nick_name as peer_nick_name',
      'p.portrait as peer_portrait',
      'p.user_type as peer_user_type',
      'f.remark as peer_remark',
      'g.name as group_name',
      'g.portrait as group_portrait',
      'g.status as group_status',
      // A former group member's chat stops moving where they left.
      sql<number>`case when "m"."left_seq" is null then "c"."last_msg_at" else coalesce("lm"."created_at", "c"."created_at") end`.as(
        'last_time',
      ),
      'lm.id as last_id',
      'lm.seq as last_seq_seen',
      'lm.sender_id as last_sender_id',
      's.nick_name as last_sender_nick_name',
      's.portrait as last_sender_portrait',
      's.user_type as last_sender_user_type',
      'lm.group_nick as last_sender_group_nick',
      'lm.client_msg_id as last_client_msg_id',
      'lm.msg_type as last_msg_type',
      'lm.content as last_content',
      'lm.created_at as last_created_at',
      sql<number>`(select count(*) from "message_deletions" as "d"
        where "d"."user_id" = "m"."user_id" and "d"."chat_id" = "m"."chat_id")`.as('deletions'),
    ])
    .where('m.user_id', '=', userId);
}

/** The member's chat list: not removed (or a message came since), pinned first, then newest. */
export function listSessions(
  db: DbOrTx,
  userId: number,
  limit: number,
  offset: number,
): Promise<SessionRow[]> {
  return sessionsQuery(db, userId)
    .where(seenLast, '>', sql<number>`"m"."hidden_seq"`)
    .orderBy('m.is_top', 'desc')
    .orderBy('last_time', 'desc')
    .orderBy('c.id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
}

export async function countSessions(db: DbOrTx, userId: number): Promise<number> {
  const row = await db
    .selectFrom('chat_members as m')
    .innerJoin('chats as c', 'c.id', 'm.chat_id')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('m.user_id', '=', userId)
    .where(seenLast, '>', sql<number>`"m"."hidden_seq"`)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** One chat as the member's list would show it, removed or not. */
export function findSession(db: DbOrTx, userId: number, chatId: number): Promise<SessionRow | undefined> {
  return sessionsQuery(db, userId).where('m.chat_id', '=', chatId).executeTakeFirst();
}

/** Several chats as the member's list would show them, removed or not (search names its hits' chats). */
export function findSessions(db: DbOrTx, userId: number, chatIds: number[]): Promise<SessionRow[]> {
  if (chatIds.length === 0) return Promise.resolve([]);
  return sessionsQuery(db, userId).where('m.chat_id', 'in', chatIds).execute();
}

// The message-id counter and seqs after a rollback (rollback.ts).

/** The highest msgId the database's counter has given (0 before the first message). */
export async function messageIdCounter(db: DbOrTx, dialect: Dialect): Promise<number> {
  const { rows } =
    dialect === 'postgres'
      ? await sql<{ value: number | null }>`select pg_sequence_last_value(
          pg_get_serial_sequence('messages', 'id')::regclass) as "value"`.execute(db)
      : await sql<{ value: number | null }>`select "seq" as "value" from "sqlite_sequence"
          where "name" = 'messages'`.execute(db);
  return Number(rows[0]?.value ?? 0);
}

/** From now on the counter gives msgIds above `id`. */
export async function moveMessageIdsPast(trx: Tx, dialect: Dialect, id: number): Promise<void> {
  if (dialect === 'postgres') {
    await sql`select setval(pg_get_serial_sequence('messages', 'id'), ${id})`.execute(trx);
    return;
  }
  const moved = await sql`update "sqlite_sequence" set "seq" = ${id} where "name" = 'messages'`.execute(trx);
  if (Number(moved.numAffectedRows ?? 0) === 0)
    await sql`insert into "sqlite_sequence" ("name", "seq") values ('messages', ${id})`.execute(trx);
}

/**
 * Every chat's next seq comes `by` further on, and the seqs it skips are recorded as empty
 * (emptySeqsWithin). A current member's read position and removal move along, so their unread
 * count and their list stay as they were, and so does a clear that had reached the chat's
 * head. A former group member's view ends where they left, and stays.
 */
export async function skipSeqs(trx: Tx, by: number): Promise<void> {
  await sql`insert into "empty_seqs" ("chat_id", "from_seq", "to_seq")
    select "id", "last_seq" + 1, "last_seq" + ${by} from "chats"`.execute(trx);
  await sql`update "chat_members" set
      "read_seq" = "read_seq" + ${by},
      "hidden_seq" = "hidden_seq" + ${by},
      "cleared_seq" = case
        when "cleared_seq" >= (select "c"."last_seq" from "chats" as "c" where "c"."id" = "chat_members"."chat_id")
        then "cleared_seq" + ${by} else "cleared_seq" end
    where "left_seq" is null`.execute(trx);
  await sql`update "chats" set "last_seq" = "last_seq" + ${by}`.execute(trx);
}
