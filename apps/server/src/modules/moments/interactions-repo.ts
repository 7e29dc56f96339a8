/** Likes, comments, interaction lists and feed visits in SQL (see migrations/0022). */
import type { DbOrTx } from '../../db';
import { visibleTo } from './repo';

/** Someone on a post, with the viewer's remark for them. */
export interface PersonOnPost {
  user_id: number;
  nick_name: string;
  remark: string | null;
}

export interface LikeRow extends PersonOnPost {
  moment_id: number;
}

export interface CommentRow extends PersonOnPost {
  id: number;
  moment_id: number;
  text: string;
  created_at: number;
  reply_to_user_id: number | null;
  reply_nick_name: string | null;
  reply_remark: string | null;
}

/** Likes of these posts, oldest first, with the viewer's remarks. */
export function listLikes(db: DbOrTx, viewerId: number, momentIds: readonly number[]): Promise<LikeRow[]> {
  if (momentIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('moment_likes')
    .innerJoin('users', 'users.id', 'moment_likes.user_id')
    .leftJoin('friends as own', (join) =>
      join.onRef('own.friend_id', '=', 'moment_likes.user_id').on('own.user_id', '=', viewerId),
    )
    .select(['moment_likes.moment_id', 'moment_likes.user_id', 'users.nick_name', 'own.remark'])
    .where('moment_likes.moment_id', 'in', [...momentIds])
    .orderBy('moment_likes.created_at')
    .orderBy('moment_likes.user_id')
    .execute();
}

/** Comments of these posts, oldest first, with the viewer's remarks for both people. */
export function listComments(
  db: DbOrTx,
  viewerId: number,
  momentIds: readonly number[],
): Promise<CommentRow[]> {
  if (momentIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('moment_comments as c')
    .innerJoin('users as author', 'author.id', 'c.user_id')
    .leftJoin('users as target', 'target.id', 'c.reply_to_user_id')
    .leftJoin('friends as own', (join) =>
      join.onRef('own.friend_id', '=', 'c.user_id').on('own.user_id', '=', viewerId),
    )
    .leftJoin('friends as ownTarget', (join) =>
      join.onRef('ownTarget.friend_id', '=', 'c.reply_to_user_id').on('ownTarget.user_id', '=', viewerId),
    )
    .select([
      'c.id',
      'c.moment_id',
      'c.user_id',
      'c.text',
      'c.created_at',
      'c.reply_to_user_id',
      'author.nick_name',
      'own.remark',
      'target.nick_name as reply_nick_name',
      'ownTarget.remark as reply_remark',
    ])
    .where('c.moment_id', 'in', [...momentIds])
    .orderBy('c.created_at')
    .orderBy('c.id')
    .execute();
}

/** Adds the like; false when it was there already. */
export async function insertLike(
  db: DbOrTx,
  momentId: number,
  userId: number,
  now: number,
): Promise<boolean> {
  const result = await db
    .insertInto('moment_likes')
    .values({ moment_id: momentId, user_id: userId, created_at: now })
    .onConflict((oc) => oc.columns(['moment_id', 'user_id']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

/** Takes the like back, and the author's interaction entry for it. */
export async function deleteLike(db: DbOrTx, momentId: number, userId: number): Promise<void> {
  await db
    .deleteFrom('moment_likes')
    .where('moment_id', '=', momentId)
    .where('user_id', '=', userId)
    .execute();
  await db
    .deleteFrom('moment_interactions')
    .where('moment_id', '=', momentId)
    .where('actor_id', '=', userId)
    .where('kind', '=', 'LIKE')
    .execute();
}

export async function insertComment(
  db: DbOrTx,
  comment: { momentId: number; userId: number; replyToUserId: number | null; text: string; now: number },
): Promise<number> {
  const { id } = await db
    .insertInto('moment_comments')
    .values({
      moment_id: comment.momentId,
      user_id: comment.userId,
      reply_to_user_id: comment.replyToUserId,
      text: comment.text,
      created_at: comment.now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

export function findComment(db: DbOrTx, id: number) {
  return db
    .selectFrom('moment_comments')
    .innerJoin('moments', 'moments.id', 'moment_comments.moment_id')
    .select([
      'moment_comments.id',
      'moment_comments.moment_id',
      'moment_comments.user_id',
      'moments.user_id as moment_author_id',
    ])
    .where('moment_comments.id', '=', id)
    .executeTakeFirst();
}

/** Deletes the comment (its interaction entries go with it). */
export async function deleteComment(db: DbOrTx, id: number): Promise<void> {
  await db.deleteFrom('moment_comments').where('id', '=', id).execute();
}

export async function insertInteraction(
  db: DbOrTx,
  entry: {
    ownerId: number;
    momentId: number;
    actorId: number;
    kind: string;
    commentId: number | null;
    now: number;
  },
): Promise<void> {
  await db
    .insertInto('moment_interactions')
    .values({
      owner_id: entry.ownerId,
      moment_id: entry.momentId,
      actor_id: entry.actorId,
      kind: entry.kind,
      comment_id: entry.commentId,
      created_at: entry.now,
    })
    .execute();
}

/**
 * The owner's entries they may see now, by the rules their post view follows: the post is one
 * they may see (visibleTo, so someone unfriended or blocked since gets nothing of it, however
 * new the entry), its actor is their friend, and a reply answers them or a friend of theirs.
 */
function entriesShownTo(db: DbOrTx, ownerId: number) {
  return db
    .selectFrom('moment_interactions as i')
    .innerJoin('friends as own', (join) =>
      join.onRef('own.friend_id', '=', 'i.actor_id').on('own.user_id', '=', ownerId),
    )
    .innerJoin('moments', 'moments.id', 'i.moment_id')
    .leftJoin('moment_comments as c', 'c.id', 'i.comment_id')
    .where('i.owner_id', '=', ownerId)
    .where(visibleTo(ownerId))
    .where((eb) =>
      eb.or([
        eb('c.reply_to_user_id', 'is', null),
        eb('c.reply_to_user_id', '=', ownerId),
        eb.exists(
          eb
            .selectFrom('friends as answered')
            .select('answered.user_id')
            .where('answered.user_id', '=', ownerId)
            .whereRef('answered.friend_id', '=', 'c.reply_to_user_id'),
        ),
      ]),
    );
}

/** The entries the owner may see (entriesShownTo), newest first. */
export function listInteractions(db: DbOrTx, ownerId: number, limit: number) {
  return entriesShownTo(db, ownerId)
    .innerJoin('users as actor', 'actor.id', 'i.actor_id')
    .select([
      'i.id',
      'i.kind',
      'i.moment_id',
      'i.actor_id',
      'i.created_at',
      'i.is_read',
      'actor.nick_name',
      'actor.portrait',
      'own.remark',
      'c.text as comment_text',
      'moments.text as moment_text',
    ])
    .orderBy('i.created_at', 'desc')
    .orderBy('i.id', 'desc')
    .limit(limit)
    .execute();
}

/** The unread entries the owner may see (entriesShownTo). */
export async function countUnreadInteractions(db: DbOrTx, ownerId: number): Promise<number> {
  const row = await entriesShownTo(db, ownerId)
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .where('i.is_read', '=', 0)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function markInteractionsRead(db: DbOrTx, ownerId: number): Promise<void> {
  await db.updateTable('moment_interactions').set({ is_read: 1 }).where('owner_id', '=', ownerId).execute();
}

export async function clearInteractions(db: DbOrTx, ownerId: number): Promise<void> {
  await db.deleteFrom('moment_interactions').where('owner_id', '=', ownerId).execute();
}

/** When the user last opened the feed (0: never). */
export async function feedSeenAt(db: DbOrTx, userId: number): Promise<number> {
  const row = await db
    .selectFrom('moment_feed_seen')
    .select('seen_at')
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row?.seen_at ?? 0;
}

export async function markFeedSeen(db: DbOrTx, userId: number, now: number): Promise<void> {
  await db
    .insertInto('moment_feed_seen')
    .values({ user_id: userId, seen_at: now })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ seen_at: now }))
    .execute();
}
