import type { ApplyStatus } from '@paichat/protocol';
import { sql, type RawBuilder, type SqlBool } from 'kysely';
import type { DbOrTx, FriendApplyRow, FriendRow, NewFriendApply, UserRow } from '../../db';

// Friendships (both directions stored; each row holds its owner's remark and tags).

/** Makes two users friends: one row each way, each with its owner's remark. Already friends: unchanged. */
export async function insertFriendship(
  db: DbOrTx,
  a: number,
  b: number,
  now: number,
  remarks: { aForB?: string; bForA?: string } = {},
): Promise<void> {
  await db
    .insertInto('friends')
    .values([
      { user_id: a, friend_id: b, created_at: now, remark: remarks.aForB ?? '' },
      { user_id: b, friend_id: a, created_at: now, remark: remarks.bForA ?? '' },
    ])
    .onConflict((oc) => oc.columns(['user_id', 'friend_id']).doNothing())
    .execute();
}

export async function listFriendIds(db: DbOrTx, userId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('friends')
    .select('friend_id')
    .where('user_id', '=', userId)
    .orderBy('friend_id')
    .execute();
  return rows.map((r) => r.friend_id);
}

/** Which of `ids` are friends of `userId`. */
export async function friendIdsAmong(db: DbOrTx, userId: number, ids: number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .selectFrom('friends')
    .select('friend_id')
    .where('user_id', '=', userId)
    .where('friend_id', 'in', ids)
    .execute();
  return new Set(rows.map((r) => r.friend_id));
}

/** The owner's row of a friendship, or undefined when they are not friends. */
export function findFriendship(db: DbOrTx, userId: number, friendId: number): Promise<FriendRow | undefined> {
  return db
    .selectFrom('friends')
    .selectAll()
    .where('user_id', '=', userId)
    .where('friend_id', '=', friendId)
    .executeTakeFirst();
}

export type FriendWithUser = Pick<FriendRow, 'remark' | 'tags'> & UserRow & { blocked_at: number | null };

export function listFriendsWithUsers(db: DbOrTx, userId: number): Promise<FriendWithUser[]> {
  return db
    .selectFrom('friends')
    .innerJoin('users', 'users.id', 'friends.friend_id')
    .leftJoin('blocks', (join) =>
      join.onRef('blocks.blocked_id', '=', 'friends.friend_id').on('blocks.user_id', '=', userId),
    )
    .selectAll('users')
    .select(['friends.remark', 'friends.tags', 'blocks.created_at as blocked_at'])
    .where('friends.user_id', '=', userId)
    .orderBy('users.nick_name')
    .orderBy('users.id')
    .execute();
}

/** Answers whether the owner's row existed (they are friends). */
export async function updateRemark(
  db: DbOrTx,
  userId: number,
  friendId: number,
  remark: string,
  tagsJson: string,
): Promise<boolean> {
  const result = await db
    .updateTable('friends')
    .set({ remark, tags: tagsJson })
    .where('user_id', '=', userId)
    .where('friend_id', '=', friendId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Ends a friendship in both directions (with both remarks); answers whether there was one. */
export async function deleteFriendship(db: DbOrTx, a: number, b: number): Promise<boolean> {
  const result = await db
    .deleteFrom('friends')
    .where((eb) =>
      eb.or([
        eb.and([eb('user_id', '=', a), eb('friend_id', '=', b)]),
        eb.and([eb('user_id', '=', b), eb('friend_id', '=', a)]),
      ]),
    )
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

// Friend requests.

export async function insertApply(db: DbOrTx, apply: NewFriendApply): Promise<number> {
  const row = await db.insertInto('friend_applies').values(apply).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export function findApplyById(db: DbOrTx, id: number): Promise<FriendApplyRow | undefined> {
  return db.selectFrom('friend_applies').selectAll().where('id', '=', id).executeTakeFirst();
}

export function findPendingApply(
  db: DbOrTx,
  fromId: number,
  toId: number,
): Promise<FriendApplyRow | undefined> {
  return db
    .selectFrom('friend_applies')
    .selectAll()
    .where('from_id', '=', fromId)
    .where('to_id', '=', toId)
    .where('status', '=', 'pending')
    .executeTakeFirst();
}

/**
 * Decides a pending request addressed to `toId`. Answers the row as it was, or undefined when
 * there is no such pending request (unknown, someone else's, or already decided): the
 * condition is in the UPDATE itself, so two deciders racing cannot both win.
 */
export async function decidePendingApply(
  db: DbOrTx,
  id: number,
  toId: number,
  status: Exclude<ApplyStatus, 'pending'>,
  now: number,
): Promise<FriendApplyRow | undefined> {
  return db
    .updateTable('friend_applies')
    .set({ status, updated_at: now })
    .where('id', '=', id)
    .where('to_id', '=', toId)
    .where('status', '=', 'pending')
    .returningAll()
    .executeTakeFirst();
}

/** Marks every pending request between two people, either way, with this status. */
export async function settlePendingBetween(
  db: DbOrTx,
  a: number,
  b: number,
  status: Exclude<ApplyStatus, 'pending'>,
  now: number,
): Promise<void> {
  // One statement per direction: SQLite 3.51 fails ("internal query planner error") on an
  // UPDATE or DELETE whose WHERE ORs two pairs over a table with a partial unique index.
  await settlePendingFrom(db, a, b, status, now);
  await settlePendingFrom(db, b, a, status, now);
}

/** Marks the pending request from `fromId` to `toId`, if any, with this status. */
export async function settlePendingFrom(
  db: DbOrTx,
  fromId: number,
  toId: number,
  status: Exclude<ApplyStatus, 'pending'>,
  now: number,
): Promise<void> {
  await db
    .updateTable('friend_applies')
    .set({ status, updated_at: now })
    .where('from_id', '=', fromId)
    .where('to_id', '=', toId)
    .where('status', '=', 'pending')
    .execute();
}

export async function deletePendingBetween(db: DbOrTx, a: number, b: number): Promise<void> {
  // Per direction, for the SQLite planner's sake (see settlePendingBetween).
  for (const [from, to] of [
    [a, b],
    [b, a],
  ] as const) {
    await db
      .deleteFrom('friend_applies')
      .where('from_id', '=', from)
      .where('to_id', '=', to)
      .where('status', '=', 'pending')
      .execute();
  }
}

export async function countPendingReceived(db: DbOrTx, userId: number): Promise<number> {
  const row = await db
    .selectFrom('friend_applies')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('to_id', '=', userId)
    .where('status', '=', 'pending')
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Requests the user sent or received, newest first. */
export function listAppliesInvolving(db: DbOrTx, userId: number, limit: number): Promise<FriendApplyRow[]> {
  return db
    .selectFrom('friend_applies')
    .selectAll()
    .where((eb) => eb.or([eb('from_id', '=', userId), eb('to_id', '=', userId)]))
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

// Blacklist.

export async function isBlocking(db: DbOrTx, userId: number, blockedId: number): Promise<boolean> {
  const row = await db
    .selectFrom('blocks')
    .select('user_id')
    .where('user_id', '=', userId)
    .where('blocked_id', '=', blockedId)
    .executeTakeFirst();
  return row !== undefined;
}

/** Idempotent. */
export async function insertBlock(db: DbOrTx, userId: number, blockedId: number, now: number): Promise<void> {
  await db
    .insertInto('blocks')
    .values({ user_id: userId, blocked_id: blockedId, created_at: now })
    .onConflict((oc) => oc.columns(['user_id', 'blocked_id']).doNothing())
    .execute();
}

export async function deleteBlock(db: DbOrTx, userId: number, blockedId: number): Promise<void> {
  await db.deleteFrom('blocks').where('user_id', '=', userId).where('blocked_id', '=', blockedId).execute();
}

/**
 * A condition for a query over people: neither `viewerId` nor the user in column `person`
 * (e.g. `'n.user_id'`) has blocked the other. For lists of strangers (People Nearby).
 */
export function noBlockBetween(viewerId: number, person: string): RawBuilder<SqlBool> {
  const other = sql.ref(person);
  return sql<SqlBool>`not exists (select 1 from blocks where (blocks.user_id = ${viewerId} and blocks.blocked_id = ${other}) or (blocks.user_id = ${other} and blocks.blocked_id = ${viewerId}))`;
}

export type BlockedWithUser = UserRow & { remark: string | null; tags: string | null };

/** The people the user blocked, newest first, with the user's remark for those who are friends. */
export function listBlockedWithUsers(db: DbOrTx, userId: number): Promise<BlockedWithUser[]> {
  return db
    .selectFrom('blocks')
    .innerJoin('users', 'users.id', 'blocks.blocked_id')
    .leftJoin('friends', (join) =>
      join.onRef('friends.friend_id', '=', 'blocks.blocked_id').on('friends.user_id', '=', userId),
    )
    .selectAll('users')
    .select(['friends.remark', 'friends.tags'])
    .where('blocks.user_id', '=', userId)
    .orderBy('blocks.created_at', 'desc')
    .orderBy('users.id')
    .execute();
}

// Relations (modules/friends/visibility.ts decides what they allow).

/**
 * Whether `viewerId` has a relation to `otherId` that lets them see the person: a friendship,
 * the viewer's block of them, a friend request either way (any status), a group both are
 * members of, or a chat of the two.
 */
export async function isRelated(db: DbOrTx, viewerId: number, otherId: number): Promise<boolean> {
  const row = await db
    .selectNoFrom((eb) =>
      eb
        .or([
          eb.exists(
            eb
              .selectFrom('friends')
              .select('user_id')
              .where('user_id', '=', viewerId)
              .where('friend_id', '=', otherId),
          ),
          eb.exists(
            eb
              .selectFrom('blocks')
              .select('user_id')
              .where('user_id', '=', viewerId)
              .where('blocked_id', '=', otherId),
          ),
          eb.exists(
            eb
              .selectFrom('friend_applies')
              .select('id')
              .where('from_id', '=', viewerId)
              .where('to_id', '=', otherId),
          ),
          eb.exists(
            eb
              .selectFrom('friend_applies')
              .select('id')
              .where('from_id', '=', otherId)
              .where('to_id', '=', viewerId),
          ),
          eb.exists(
            eb
              .selectFrom('group_members as mine')
              .innerJoin('group_members as theirs', 'theirs.group_id', 'mine.group_id')
              .select('mine.group_id')
              .where('mine.user_id', '=', viewerId)
              .where('theirs.user_id', '=', otherId),
          ),
          eb.exists(
            eb
              .selectFrom('chats')
              .select('id')
              .where('user_low', '=', Math.min(viewerId, otherId))
              .where('user_high', '=', Math.max(viewerId, otherId)),
          ),
        ])
        .as('related'),
    )
    .executeTakeFirstOrThrow();
  // PostgreSQL answers a boolean, SQLite 0 or 1.
  return Boolean(row.related);
}
