import { sql, type Updateable } from 'kysely';
import type { DbOrTx, GroupInviteRow, GroupRow, GroupsTable, NewGroupInvite, Tx } from '../../db';

// Groups.

export interface NewGroupFields {
  name: string;
  nameIsDefault: boolean;
  portrait: string;
  portraitKey: string;
  ownerId: number;
  createdAt: number;
}

/** Creates the group and its GROUP chat (each pointing at the other); answers both ids. */
export async function insertGroup(
  trx: Tx,
  fields: NewGroupFields,
): Promise<{ groupId: number; chatId: number }> {
  const chat = await trx
    .insertInto('chats')
    .values({ type: 'GROUP', last_msg_at: fields.createdAt, created_at: fields.createdAt })
    .returning('id')
    .executeTakeFirstOrThrow();
  const group = await trx
    .insertInto('groups')
    .values({
      chat_id: chat.id,
      name: fields.name,
      name_is_default: fields.nameIsDefault ? 1 : 0,
      portrait: fields.portrait,
      portrait_key: fields.portraitKey,
      owner_id: fields.ownerId,
      created_at: fields.createdAt,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await trx.updateTable('chats').set({ group_id: group.id }).where('id', '=', chat.id).execute();
  return { groupId: group.id, chatId: chat.id };
}

export function findGroup(db: DbOrTx, groupId: number): Promise<GroupRow | undefined> {
  return db.selectFrom('groups').selectAll().where('id', '=', groupId).executeTakeFirst();
}

export type GroupChanges = Pick<
  Updateable<GroupsTable>,
  | 'name'
  | 'name_is_default'
  | 'portrait'
  | 'portrait_key'
  | 'notice'
  | 'notice_time'
  | 'owner_id'
  | 'status'
  | 'dismissed_at'
>;

export async function updateGroup(db: DbOrTx, groupId: number, changes: GroupChanges): Promise<void> {
  await db.updateTable('groups').set(changes).where('id', '=', groupId).execute();
}

/** A group as one user sees it: their membership (null fields when they are not a member) and chat settings. */
export type GroupForViewer = GroupRow & {
  role: string | null;
  group_nick: string | null;
  saved: number | null;
  /** Whether the viewer ever belonged (they have a chat_members row). */
  belonged: number | null;
  left_seq: number | null;
  is_top: number | null;
  is_disturb: number | null;
  member_count: number;
};

function groupsForViewer(db: DbOrTx, viewerId: number) {
  return db
    .selectFrom('groups as g')
    .leftJoin('group_members as gm', (join) =>
      join.onRef('gm.group_id', '=', 'g.id').on('gm.user_id', '=', viewerId),
    )
    .leftJoin('chat_members as cm', (join) =>
      join.onRef('cm.chat_id', '=', 'g.chat_id').on('cm.user_id', '=', viewerId),
    )
    .selectAll('g')
    .select([
      'gm.role',
      'gm.group_nick',
      'gm.saved',
      'cm.user_id as belonged',
      'cm.left_seq',
      'cm.is_top',
      'cm.is_disturb',
      (eb) =>
        eb
          .selectFrom('group_members as c')
          .select(eb.fn.countAll<number>().as('n'))
          .whereRef('c.group_id', '=', 'g.id')
          .as('member_count'),
    ]);
}

export async function findGroupForViewer(
  db: DbOrTx,
  groupId: number,
  viewerId: number,
): Promise<GroupForViewer | undefined> {
  const row = await groupsForViewer(db, viewerId).where('g.id', '=', groupId).executeTakeFirst();
  return row && { ...row, member_count: Number(row.member_count ?? 0) };
}

/** The active groups the user is in and saved to their contacts, by name. */
export async function listSavedGroups(db: DbOrTx, viewerId: number): Promise<GroupForViewer[]> {
  const rows = await groupsForViewer(db, viewerId)
    .where('gm.saved', '=', 1)
    .where('g.status', '=', 'ACTIVE')
    .orderBy('g.name')
    .orderBy('g.id')
    .execute();
  return rows.map((row) => ({ ...row, member_count: Number(row.member_count ?? 0) }));
}

// Members.

export interface MemberWithUser {
  user_id: number;
  role: string;
  group_nick: string;
  joined_at: number;
  nick_name: string;
  portrait: string;
  user_type: string;
  /** The viewer's remark for them (null when not the viewer's friend). */
  remark: string | null;
}

/** Current members with their profiles and the viewer's remarks: the owner first, then by joining. */
export function listMembers(db: DbOrTx, groupId: number, viewerId: number): Promise<MemberWithUser[]> {
  return db
    .selectFrom('group_members as gm')
    .innerJoin('users as u', 'u.id', 'gm.user_id')
    .leftJoin('friends as f', (join) =>
      join.onRef('f.friend_id', '=', 'gm.user_id').on('f.user_id', '=', viewerId),
    )
    .select([
      'gm.user_id',
      'gm.role',
      'gm.group_nick',
      'gm.joined_at',
      'u.nick_name',
      'u.portrait',
      'u.user_type',
      'f.remark',
    ])
    .where('gm.group_id', '=', groupId)
    .orderBy(sql`case when "gm"."role" = 'OWNER' then 0 else 1 end`)
    .orderBy('gm.joined_at')
    .orderBy('gm.user_id')
    .execute();
}

/** Every current member's id: who a group message is pushed to (one query, however large the group). */
export async function memberIds(db: DbOrTx, groupId: number): Promise<number[]> {
  const rows = await sql<{
    user_id: number;
  }>`select "user_id" from "group_members" where "group_id" = ${groupId}`.execute(db);
  return rows.rows.map((r) => r.user_id);
}

export interface FirstMember {
  group_id: number;
  user_id: number;
  nick_name: string;
  portrait: string;
}

/**
 * Each group's first `limit` members by joining, with what its picture and default name are
 * made of: one query for a whole page of groups, in group then joining order.
 */
export async function firstMembersOf(
  db: DbOrTx,
  groupIds: readonly number[],
  limit: number,
): Promise<FirstMember[]> {
  if (groupIds.length === 0) return [];
  const { rows } = await sql<FirstMember>`select "group_id", "user_id", "nick_name", "portrait" from (
      select "gm"."group_id", "gm"."user_id", "u"."nick_name", "u"."portrait",
        row_number() over (partition by "gm"."group_id" order by "gm"."joined_at", "gm"."user_id") as "place"
      from "group_members" as "gm" inner join "users" as "u" on "u"."id" = "gm"."user_id"
      where "gm"."group_id" in (${sql.join([...groupIds])})
    ) as "first" where "place" <= ${limit} order by "group_id", "place"`.execute(db);
  return rows;
}

/** One group's first members by joining. */
export const firstMembers = (db: DbOrTx, groupId: number, limit: number): Promise<FirstMember[]> =>
  firstMembersOf(db, [groupId], limit);

/** Who inherits the group: the longest-standing member other than `exceptId` (ties by user id). */
export async function longestStanding(db: DbOrTx, groupId: number, exceptId: number): Promise<number | null> {
  const row = await db
    .selectFrom('group_members')
    .select('user_id')
    .where('group_id', '=', groupId)
    .where('user_id', '!=', exceptId)
    .orderBy('joined_at')
    .orderBy('user_id')
    .executeTakeFirst();
  return row?.user_id ?? null;
}

export async function countMembers(db: DbOrTx, groupId: number): Promise<number> {
  const row = await db
    .selectFrom('group_members')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('group_id', '=', groupId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Of these users, the ones who are current members. */
export async function membersAmong(
  db: DbOrTx,
  groupId: number,
  userIds: readonly number[],
): Promise<Set<number>> {
  if (userIds.length === 0) return new Set();
  const rows = await db
    .selectFrom('group_members')
    .select('user_id')
    .where('group_id', '=', groupId)
    .where('user_id', 'in', [...userIds])
    .execute();
  return new Set(rows.map((r) => r.user_id));
}

export interface SendContext {
  id: number;
  chat_id: number;
  name: string;
  portrait: string;
  status: string;
  /** 1 when the sender is a current member; null otherwise. */
  member: number | null;
  group_nick: string | null;
  sender: { id: number; nick_name: string; portrait: string; user_type: string };
}

/**
 * Everything a group send must know, in one round trip: the group, the sender's membership
 * and profile. Plain SQL, like chats/repo's loadPairContext: it runs on every send.
 */
export async function loadSendContext(
  db: DbOrTx,
  groupId: number,
  senderId: number,
): Promise<SendContext | undefined> {
  const { rows } = await sql<
    Omit<SendContext, 'sender'> & {
      sender_nick_name: string;
      sender_portrait: string;
      sender_user_type: string;
    }
  >`select "g"."id", "g"."chat_id", "g"."name", "g"."portrait", "g"."status",
      case when "gm"."user_id" is null then null else 1 end as "member", "gm"."group_nick",
      "u"."nick_name" as "sender_nick_name", "u"."portrait" as "sender_portrait", "u"."user_type" as "sender_user_type"
    from "groups" as "g"
    inner join "users" as "u" on "u"."id" = ${senderId}
    left join "group_members" as "gm" on "gm"."group_id" = "g"."id" and "gm"."user_id" = ${senderId}
    where "g"."id" = ${groupId}`.execute(db);
  const row = rows[0];
  if (!row) return undefined;
  const { sender_nick_name, sender_portrait, sender_user_type, ...group } = row;
  return {
    ...group,
    sender: {
      id: senderId,
      nick_name: sender_nick_name,
      portrait: sender_portrait,
      user_type: sender_user_type,
    },
  };
}

/** Whether the user is a current member of an active group, read inside the sending transaction. */
export async function canSend(
  trx: Tx,
  groupId: number,
  userId: number,
): Promise<'ok' | 'notMember' | 'dismissed'> {
  const row = await sql<{ status: string; member: number | null }>`select "g"."status",
      (select 1 from "group_members" where "group_id" = "g"."id" and "user_id" = ${userId}) as "member"
    from "groups" as "g" where "g"."id" = ${groupId}`.execute(trx);
  const found = row.rows[0];
  if (!found?.member) return 'notMember';
  return found.status === 'DISMISSED' ? 'dismissed' : 'ok';
}

/**
 * Makes these users members from after `sinceSeq` (the chat's last seq; its row locked): their
 * history starts with the notice that tells of their joining (a returning member does not see
 * what was said while they were away, nor before).
 */
export async function addMembers(
  trx: Tx,
  group: { id: number; chat_id: number },
  members: { userId: number; role: 'OWNER' | 'MEMBER' }[],
  sinceSeq: number,
  now: number,
): Promise<void> {
  if (members.length === 0) return;
  await trx
    .insertInto('group_members')
    .values(members.map((m) => ({ group_id: group.id, user_id: m.userId, role: m.role, joined_at: now })))
    .execute();
  await trx
    .insertInto('chat_members')
    .values(
      members.map((m) => ({
        chat_id: group.chat_id,
        user_id: m.userId,
        read_seq: sinceSeq,
        cleared_seq: sinceSeq,
        joined_at: now,
      })),
    )
    .onConflict((oc) =>
      oc.columns(['chat_id', 'user_id']).doUpdateSet((eb) => ({
        read_seq: eb.ref('excluded.read_seq'),
        cleared_seq: eb.ref('excluded.cleared_seq'),
        hidden_seq: 0,
        left_seq: null,
        joined_at: eb.ref('excluded.joined_at'),
      })),
    )
    .execute();
}

/**
 * Ends these memberships at the notice `leftSeq`: they keep their history up to it and see
 * nothing after. `hide` also takes the chat off their list ("delete and quit"). The QR codes
 * they made die with their membership (a removed member cannot walk back in with one).
 */
export async function endMemberships(
  trx: Tx,
  group: { id: number; chat_id: number },
  userIds: readonly number[],
  end: { leftSeq: number; hide: boolean; now: number },
): Promise<void> {
  if (userIds.length === 0) return;
  await trx
    .deleteFrom('group_members')
    .where('group_id', '=', group.id)
    .where('user_id', 'in', [...userIds])
    .execute();
  await trx
    .updateTable('chat_members')
    .set({
      left_seq: end.leftSeq,
      ...(end.hide ? { hidden_seq: end.leftSeq, read_seq: end.leftSeq } : {}),
    })
    .where('chat_id', '=', group.chat_id)
    .where('user_id', 'in', [...userIds])
    .execute();
  await revokeInvites(trx, group.id, userIds, end.now);
}

/**
 * A notice is nothing to catch up on: members who had read everything before it have read it
 * too. (Members with unread messages count it, which keeps unread = lastSeq − readSeq.)
 */
export async function readNoticeIfCaughtUp(trx: Tx, chatId: number, seq: number): Promise<void> {
  await trx
    .updateTable('chat_members')
    .set({ read_seq: seq })
    .where('chat_id', '=', chatId)
    .where('read_seq', '=', seq - 1)
    .where('left_seq', 'is', null)
    .execute();
}

export async function updateMember(
  db: DbOrTx,
  groupId: number,
  userId: number,
  changes: { role?: string; group_nick?: string; saved?: number },
): Promise<void> {
  await db
    .updateTable('group_members')
    .set(changes)
    .where('group_id', '=', groupId)
    .where('user_id', '=', userId)
    .execute();
}

// Invites (QR codes).

export async function insertInvite(db: DbOrTx, invite: NewGroupInvite): Promise<void> {
  await db.insertInto('group_invites').values(invite).execute();
}

/** An invite, and whether its creator is a member of its group now (1, else null). */
export type InviteWithCreator = GroupInviteRow & { creator_is_member: number | null };

export function findInvite(db: DbOrTx, code: string): Promise<InviteWithCreator | undefined> {
  return db
    .selectFrom('group_invites as i')
    .leftJoin('group_members as gm', (join) =>
      join.onRef('gm.group_id', '=', 'i.group_id').onRef('gm.user_id', '=', 'i.created_by'),
    )
    .selectAll('i')
    .select((eb) => eb.case().when('gm.user_id', 'is not', null).then(1).end().as('creator_is_member'))
    .where('i.code', '=', code)
    .executeTakeFirst();
}

/** The member's newest unrevoked code for the group that is still valid after `validAfter`, if any. */
export function findFreshInvite(
  db: DbOrTx,
  groupId: number,
  createdBy: number,
  validAfter: number,
): Promise<GroupInviteRow | undefined> {
  return db
    .selectFrom('group_invites')
    .selectAll()
    .where('group_id', '=', groupId)
    .where('created_by', '=', createdBy)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', validAfter)
    .orderBy('expires_at', 'desc')
    .executeTakeFirst();
}

/** Revokes the group's codes made by these users (all of its codes when `createdBy` is 'everyone'). */
export async function revokeInvites(
  trx: Tx,
  groupId: number,
  createdBy: readonly number[] | 'everyone',
  now: number,
): Promise<void> {
  let query = trx
    .updateTable('group_invites')
    .set({ revoked_at: now })
    .where('group_id', '=', groupId)
    .where('revoked_at', 'is', null);
  if (createdBy !== 'everyone') {
    if (createdBy.length === 0) return;
    query = query.where('created_by', 'in', [...createdBy]);
  }
  await query.execute();
}
