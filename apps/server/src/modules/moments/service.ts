/**
 * Moments: the rules (see the contract's header in packages/protocol/src/moments.ts).
 *
 * A post names its pictures or video by the URLs its author's uploads answered; each must be
 * one of the author's own uploads of that kind (an image the server re-encoded, or a video), so
 * nobody can post someone else's file. Who may see a post is decided when it is read
 * (repo.visibleTo), against the friendships and blacklists of that moment.
 */
import {
  NoticeType,
  type NoticeContent,
  noticePush,
  type Moment,
  type MomentCover,
  type MomentPage,
  type RequestOf,
  type getMomentAlbum,
  type getMomentFeed,
  type postMoment,
} from '@paichat/protocol';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { Clock } from '../../clock';
import type { Db } from '../../db';
import { MomentMediaInvalidError, MomentNotFoundError, NotFriendsError } from '../../errors';
import type { AuthContext } from '../../http/auth-hook';
import { parseId } from '../../ids';
import { ownedUploads } from '../files/owned';
import type { Bus } from '../../realtime/bus';
import { pushToUsers } from '../../realtime/push';
import * as friendsRepo from '../friends/repo';
import * as interactionsRepo from './interactions-repo';
import { urlOf } from '../files/service';
import * as repo from './repo';
import { toMoment } from './views';

export interface MomentsServiceDeps {
  db: Db;
  clock: Clock;
  bus: Bus;
  log: FastifyBaseLogger;
}

type PostInput = Required<Omit<RequestOf<typeof postMoment>, 'video'>> & { video?: string };
type FeedInput = z.output<(typeof getMomentFeed)['request']>;
type AlbumInput = z.output<(typeof getMomentAlbum)['request']>;

/** A page cursor: the last post's time and id (the contract reads it back). */
const cursorOf = (row: { created_at: number; id: number }) => `${row.created_at}_${row.id}`;

export function createMomentsService({ db, clock, bus, log }: MomentsServiceDeps) {
  /** Tells the friends who may see a new post (their Discover dot); best effort. */
  async function announce(momentId: number, author: NoticeContent<'MOMENT_POSTED'>): Promise<void> {
    try {
      const readers = await repo.readersOf(db, momentId);
      await pushToUsers(bus, readers.map(String), noticePush(NoticeType.MOMENT_POSTED, author, clock.now()));
    } catch (error) {
      log.error({ err: error, momentId }, 'moment push failed');
    }
  }

  /** Posts with their media and the likes and comments the viewer may see. */
  async function present(rows: repo.MomentWithAuthor[], viewerId: number): Promise<Moment[]> {
    const ids = rows.map((row) => row.id);
    const [friends, media, likes, comments] = await Promise.all([
      friendsRepo.listFriendIds(db, viewerId),
      repo.listMedia(db, ids),
      interactionsRepo.listLikes(db, viewerId, ids),
      interactionsRepo.listComments(db, viewerId, ids),
    ]);
    const seen = { viewerId, friends: new Set(friends), media, likes, comments };
    return rows.map((row) => toMoment(row, seen));
  }

  async function page(query: repo.MomentQuery): Promise<MomentPage> {
    const rows = await repo.listVisible(db, { ...query, limit: query.limit + 1 });
    const list = rows.slice(0, query.limit);
    const last = list.at(-1);
    return {
      list: await present(list, query.viewerId),
      next: rows.length > query.limit && last ? cursorOf(last) : null,
    };
  }

  /** The author's uploads these URLs name, checked to be of the kind a post may carry. */
  async function mediaOf(
    authorId: number,
    input: Pick<PostInput, 'images' | 'video'>,
  ): Promise<repo.NewMoment['media']> {
    const kind = input.video ? 'video' : 'image';
    const uploads = await ownedUploads(db, authorId, input.video ? [input.video] : input.images, kind);
    if (!uploads) throw new MomentMediaInvalidError();
    return uploads.map((upload) => ({
      kind,
      upload_name: upload.name,
      thumb_name: upload.thumb_name,
      width: upload.width ?? 0,
      height: upload.height ?? 0,
    }));
  }

  /** The post's audience: the chosen ids, which must all be the author's friends. */
  async function audienceOf(authorId: number, input: PostInput): Promise<number[]> {
    if (input.visibility !== 'INCLUDE' && input.visibility !== 'EXCLUDE') return [];
    const ids = [...new Set(input.userIds.map(parseId))];
    if (ids.some((id) => id === null)) throw new NotFriendsError();
    const chosen = ids as number[];
    const friends = await repo.friendsAmong(db, authorId, chosen);
    if (chosen.some((id) => !friends.has(id))) throw new NotFriendsError();
    return chosen;
  }

  async function detail(viewerId: number, momentId: string): Promise<Moment> {
    const id = parseId(momentId);
    const [row] = id === null ? [] : await repo.listVisible(db, { viewerId, limit: 1, momentId: id });
    if (!row) throw new MomentNotFoundError();
    const [moment] = await present([row], viewerId);
    return moment as Moment;
  }

  return {
    async post(actor: AuthContext, input: PostInput): Promise<Moment> {
      const media = await mediaOf(actor.userId, input);
      const audience = await audienceOf(actor.userId, input);
      const id = await db.transaction().execute((trx) =>
        repo.insertMoment(trx, {
          userId: actor.userId,
          text: input.text,
          location: input.location,
          visibility: input.visibility,
          createdAt: clock.now(),
          media,
          audience,
        }),
      );
      const moment = await detail(actor.userId, String(id));
      await announce(id, { portrait: moment.portrait, userId: moment.userId, nickName: moment.nickName });
      return moment;
    },

    async remove(actor: AuthContext, momentId: string): Promise<null> {
      const id = parseId(momentId);
      if (id === null || !(await repo.deleteOwnMoment(db, id, actor.userId))) throw new MomentNotFoundError();
      return null;
    },

    async feed(viewerId: number, input: FeedInput): Promise<MomentPage> {
      // Opening the feed (its first page) sees every post so far: the Discover dot goes.
      if (input.after === undefined) await interactionsRepo.markFeedSeen(db, viewerId, clock.now());
      return page({ viewerId, after: input.after, limit: input.pageSize });
    },

    async album(viewerId: number, input: AlbumInput): Promise<MomentPage> {
      const authorId = parseId(input.userId);
      if (authorId === null) return { list: [], next: null };
      return page({
        viewerId,
        authorId,
        after: input.after,
        limit: input.pageSize,
      });
    },

    detail,

    /** My cover, or that of a friend whose posts I may see; '' for anyone else and for none. */
    async cover(viewerId: number, userId: string): Promise<MomentCover> {
      const id = parseId(userId);
      const name = id === null ? undefined : await repo.findCover(db, viewerId, id);
      return { cover: name ? urlOf(name) : '' };
    },

    /** Changes my cover to an image I uploaded. */
    async setCover(actor: AuthContext, cover: string): Promise<MomentCover> {
      const [media] = await mediaOf(actor.userId, { images: [cover] });
      if (!media) throw new MomentMediaInvalidError();
      await repo.setCover(db, actor.userId, media.upload_name);
      return { cover: urlOf(media.upload_name) };
    },
  };
}

export type MomentsService = ReturnType<typeof createMomentsService>;
