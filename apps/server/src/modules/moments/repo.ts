/**
 * Moments in SQL. Who may see a post is one expression (`visibleTo`) that every read uses, so
 * the feed, an album and a detail cannot disagree: the author always; anyone else only while
 * they are the author's friend, neither has blocked the other, and the post's visibility lets
 * them (PUBLIC; INCLUDE naming them; EXCLUDE not naming them; never PRIVATE).
 */
import { sql, type ExpressionBuilder, type SqlBool } from 'kysely';
import type { DatabaseSchema, DbOrTx, MomentMediaRow } from '../../db';
import { noBlockBetween } from '../friends/repo';

type MomentScope = ExpressionBuilder<DatabaseSchema, 'moments'>;

/**
 * The viewer follows the author in column `author`: they are friends, and neither has blocked
 * the other. Besides the author, only a follower sees the author's posts (and cover).
 */
function followerOf(viewerId: number, author: 'moments.user_id' | 'moment_covers.user_id') {
  const friends = sql<SqlBool>`exists (select 1 from friends where friends.user_id = ${viewerId} and friends.friend_id = ${sql.ref(author)})`;
  return sql<SqlBool>`(${friends} and ${noBlockBetween(viewerId, author)})`;
}

/** The posts `viewerId` may see (see the header). */
export function visibleTo(viewerId: number) {
  return (eb: MomentScope) =>
    eb.or([
      eb('moments.user_id', '=', viewerId),
      eb.and([
        followerOf(viewerId, 'moments.user_id'),
        eb.or([
          eb('moments.visibility', '=', 'PUBLIC'),
          eb.and([eb('moments.visibility', '=', 'INCLUDE'), eb.exists(audienceOf(eb, viewerId))]),
          eb.and([eb('moments.visibility', '=', 'EXCLUDE'), eb.not(eb.exists(audienceOf(eb, viewerId)))]),
        ]),
      ]),
    ]);
}

const audienceOf = (eb: MomentScope, viewerId: number) =>
  eb
    .selectFrom('moment_audience')
    .select('moment_audience.user_id')
    .whereRef('moment_audience.moment_id', '=', 'moments.id')
    .where('moment_audience.user_id', '=', viewerId);

/** Where a page starts: after the post at (createdAt, id) in newest-first order. */
export interface PagePosition {
  createdAt: number;
  id: number;
}

export interface MomentQuery {
  viewerId: number;
  /** Only this author's posts (an album); all visible authors when absent (the feed). */
  authorId?: number;
  /** Only this post (a detail). */
  momentId?: number;
  /** Only posts by others than the viewer, newer than this (the Discover tab's dot). */
  othersNewerThan?: number;
  after?: PagePosition;
  limit: number;
}

/** A post with its author and the viewer's remark for them. */
export interface MomentWithAuthor {
  id: number;
  user_id: number;
  text: string;
  location: string;
  visibility: string;
  created_at: number;
  nick_name: string;
  portrait: string;
  remark: string | null;
}

/** Visible posts, newest first (by time, then id), from `after` on. */
export function listVisible(db: DbOrTx, query: MomentQuery): Promise<MomentWithAuthor[]> {
  const { viewerId, authorId, momentId, othersNewerThan, after, limit } = query;
  let select = db
    .selectFrom('moments')
    .innerJoin('users', 'users.id', 'moments.user_id')
    .leftJoin('friends as own', (join) =>
      join.onRef('own.friend_id', '=', 'moments.user_id').on('own.user_id', '=', viewerId),
    )
    .select([
      'moments.id',
      'moments.user_id',
      'moments.text',
      'moments.location',
      'moments.visibility',
      'moments.created_at',
      'users.nick_name',
      'users.portrait',
      'own.remark',
    ])
    .where(visibleTo(viewerId));
  if (authorId !== undefined) select = select.where('moments.user_id', '=', authorId);
  if (momentId !== undefined) select = select.where('moments.id', '=', momentId);
  if (othersNewerThan !== undefined)
    select = select
      .where('moments.user_id', '!=', viewerId)
      .where('moments.created_at', '>', othersNewerThan);
  if (after)
    select = select.where((eb) =>
      eb.or([
        eb('moments.created_at', '<', after.createdAt),
        eb.and([eb('moments.created_at', '=', after.createdAt), eb('moments.id', '<', after.id)]),
      ]),
    );
  return select.orderBy('moments.created_at', 'desc').orderBy('moments.id', 'desc').limit(limit).execute();
}

/** The media of these posts, in order. */
export function listMedia(db: DbOrTx, momentIds: readonly number[]): Promise<MomentMediaRow[]> {
  if (momentIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('moment_media')
    .selectAll()
    .where('moment_id', 'in', [...momentIds])
    .orderBy('moment_id')
    .orderBy('position')
    .execute();
}

export interface NewMoment {
  userId: number;
  text: string;
  location: string;
  visibility: string;
  createdAt: number;
  media: Omit<MomentMediaRow, 'moment_id' | 'position'>[];
  audience: readonly number[];
}

/** Stores a post with its media and audience (call in a transaction); answers its id. */
export async function insertMoment(db: DbOrTx, moment: NewMoment): Promise<number> {
  const { id } = await db
    .insertInto('moments')
    .values({
      user_id: moment.userId,
      text: moment.text,
      location: moment.location,
      visibility: moment.visibility,
      created_at: moment.createdAt,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (moment.media.length > 0)
    await db
      .insertInto('moment_media')
      .values(moment.media.map((media, position) => ({ ...media, moment_id: id, position })))
      .execute();
  if (moment.audience.length > 0)
    await db
      .insertInto('moment_audience')
      .values(moment.audience.map((userId) => ({ moment_id: id, user_id: userId })))
      .execute();
  return id;
}

/** Deletes the author's post (its media and audience go with it); false when there is none. */
export async function deleteOwnMoment(db: DbOrTx, id: number, authorId: number): Promise<boolean> {
  const result = await db
    .deleteFrom('moments')
    .where('id', '=', id)
    .where('user_id', '=', authorId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** Which of these users are the author's friends. */
export async function friendsAmong(db: DbOrTx, userId: number, ids: readonly number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .selectFrom('friends')
    .select('friend_id')
    .where('user_id', '=', userId)
    .where('friend_id', 'in', [...ids])
    .execute();
  return new Set(rows.map((row) => row.friend_id));
}

/** The author's friends who may see the post (its readers besides the author). */
export async function readersOf(db: DbOrTx, momentId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('friends')
    .innerJoin('moments', 'moments.user_id', 'friends.user_id')
    .select('friends.friend_id')
    .where('moments.id', '=', momentId)
    .execute();
  const readers: number[] = [];
  // Each friend is checked by the one rule the reads use.
  for (const { friend_id } of rows) {
    const [seen] = await listVisible(db, { viewerId: friend_id, momentId, limit: 1 });
    if (seen) readers.push(friend_id);
  }
  return readers;
}

/** The user's cover's stored name, if they chose one and the viewer may see it (as their posts). */
export async function findCover(db: DbOrTx, viewerId: number, userId: number): Promise<string | undefined> {
  const row = await db
    .selectFrom('moment_covers')
    .select('upload_name')
    .where('moment_covers.user_id', '=', userId)
    .where((eb) =>
      eb.or([eb('moment_covers.user_id', '=', viewerId), followerOf(viewerId, 'moment_covers.user_id')]),
    )
    .executeTakeFirst();
  return row?.upload_name;
}

export async function setCover(db: DbOrTx, userId: number, uploadName: string): Promise<void> {
  await db
    .insertInto('moment_covers')
    .values({ user_id: userId, upload_name: uploadName })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ upload_name: uploadName }))
    .execute();
}
