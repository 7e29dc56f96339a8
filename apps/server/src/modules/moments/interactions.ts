/**
 * What people do with posts: likes, comments and replies, each user's interaction list, and
 * the counts `/my/notices` shows (see the contract's header in packages/protocol/src/moments.ts).
 *
 * Only someone who may see a post may like it or comment on it, and a reply must answer a
 * comment they may see. Each like, comment or reply becomes an entry of the post author's
 * interaction list (a reply also of the list of the one it answers), never of one's own.
 */
import {
  NoticeType,
  noticePush,
  type Moment,
  type MomentInteraction,
  type Notices,
  type RequestOf,
  type commentMoment,
} from '@paichat/protocol';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../clock';
import type { Db } from '../../db';
import { MomentCommentNotFoundError, MomentNotFoundError } from '../../errors';
import type { AuthContext } from '../../http/auth-hook';
import { parseId } from '../../ids';
import type { Bus } from '../../realtime/bus';
import { pushToUsers } from '../../realtime/push';
import * as friendsRepo from '../friends/repo';
import { urlOf } from '../files/service';
import * as repo from './interactions-repo';
import * as momentsRepo from './repo';
import type { MomentsService } from './service';

/** The interaction list shows at most this many entries, newest first. */
const INTERACTIONS_SHOWN = 200;

export interface MomentInteractionsDeps {
  db: Db;
  clock: Clock;
  bus: Bus;
  log: FastifyBaseLogger;
  moments: MomentsService;
}

export function createMomentInteractions({ db, clock, bus, log, moments }: MomentInteractionsDeps) {
  /**
   * Tells these users (each may see the post) their unread count, their Discover badge, and which
   * post changed, for an open feed; best effort.
   */
  async function tell(ownerIds: Iterable<number>, momentId: number): Promise<void> {
    try {
      for (const ownerId of new Set(ownerIds)) {
        const count = await repo.countUnreadInteractions(db, ownerId);
        const content = { count, momentId: String(momentId) };
        const notice = noticePush(NoticeType.MOMENT_INTERACTION, content, clock.now());
        await pushToUsers(bus, [String(ownerId)], notice);
      }
    } catch (error) {
      log.error({ err: error }, 'moment interaction push failed');
    }
  }

  /** Whether the viewer may see the post (repo.visibleTo). */
  async function mayRead(viewerId: number, momentId: number): Promise<boolean> {
    return (await momentsRepo.listVisible(db, { viewerId, momentId, limit: 1 })).length > 0;
  }

  /** The post `momentId` names, if the viewer may see it. */
  async function visiblePost(viewerId: number, momentId: string): Promise<momentsRepo.MomentWithAuthor> {
    const id = parseId(momentId);
    const [row] = id === null ? [] : await momentsRepo.listVisible(db, { viewerId, momentId: id, limit: 1 });
    if (!row) throw new MomentNotFoundError();
    return row;
  }

  /** Whether the viewer sees what `userId` does on posts (their own, or a friend's). */
  async function sees(viewerId: number, userId: number): Promise<boolean> {
    return userId === viewerId || (await friendsRepo.findFriendship(db, viewerId, userId)) !== undefined;
  }

  return {
    async like(actor: AuthContext, momentId: string): Promise<Moment> {
      const post = await visiblePost(actor.userId, momentId);
      const now = clock.now();
      const told = await db.transaction().execute(async (trx) => {
        const added = await repo.insertLike(trx, post.id, actor.userId, now);
        if (!added || post.user_id === actor.userId) return [];
        await repo.insertInteraction(trx, {
          ownerId: post.user_id,
          momentId: post.id,
          actorId: actor.userId,
          kind: 'LIKE',
          commentId: null,
          now,
        });
        return [post.user_id];
      });
      await tell(told, post.id);
      return moments.detail(actor.userId, momentId);
    },

    async unlike(actor: AuthContext, momentId: string): Promise<Moment> {
      const post = await visiblePost(actor.userId, momentId);
      await db.transaction().execute((trx) => repo.deleteLike(trx, post.id, actor.userId));
      return moments.detail(actor.userId, momentId);
    },

    async comment(actor: AuthContext, input: RequestOf<typeof commentMoment>): Promise<Moment> {
      const post = await visiblePost(actor.userId, input.momentId);
      let replyToUserId: number | null = null;
      if (input.replyTo !== undefined) {
        const id = parseId(input.replyTo);
        const answered = id === null ? undefined : await repo.findComment(db, id);
        if (!answered || answered.moment_id !== post.id || !(await sees(actor.userId, answered.user_id)))
          throw new MomentCommentNotFoundError();
        replyToUserId = answered.user_id;
      }
      const now = clock.now();
      const told = new Map<number, string>();
      if (post.user_id !== actor.userId) told.set(post.user_id, replyToUserId === null ? 'COMMENT' : 'REPLY');
      // Someone unfriended or blocked by the author since their comment hears nothing of the post.
      if (replyToUserId !== null && replyToUserId !== actor.userId && (await mayRead(replyToUserId, post.id)))
        told.set(replyToUserId, 'REPLY');
      await db.transaction().execute(async (trx) => {
        const commentId = await repo.insertComment(trx, {
          momentId: post.id,
          userId: actor.userId,
          replyToUserId,
          text: input.text,
          now,
        });
        for (const [ownerId, kind] of told)
          await repo.insertInteraction(trx, {
            ownerId,
            momentId: post.id,
            actorId: actor.userId,
            kind,
            commentId,
            now,
          });
      });
      await tell(told.keys(), post.id);
      return moments.detail(actor.userId, input.momentId);
    },

    async deleteComment(actor: AuthContext, commentId: string): Promise<Moment> {
      const id = parseId(commentId);
      const comment = id === null ? undefined : await repo.findComment(db, id);
      const mayDelete =
        comment && (comment.user_id === actor.userId || comment.moment_author_id === actor.userId);
      if (!comment || !mayDelete) throw new MomentCommentNotFoundError();
      // The commenter may no longer see the post (unfriended since): their comment still goes.
      await repo.deleteComment(db, comment.id);
      return moments.detail(actor.userId, String(comment.moment_id)).catch((error: unknown) => {
        throw error instanceof MomentNotFoundError ? new MomentCommentNotFoundError() : error;
      });
    },

    /** The list, newest first, as it was before this opening; opening it reads it. */
    async list(ownerId: number): Promise<{ list: MomentInteraction[] }> {
      const rows = await repo.listInteractions(db, ownerId, INTERACTIONS_SHOWN);
      const media = await momentsRepo.listMedia(db, [...new Set(rows.map((row) => row.moment_id))]);
      await repo.markInteractionsRead(db, ownerId);
      return {
        list: rows.map((row) => {
          const first = media.find((m) => m.moment_id === row.moment_id);
          return {
            interactionId: String(row.id),
            kind: row.kind as MomentInteraction['kind'],
            from: {
              userId: String(row.actor_id),
              nickName: row.nick_name,
              remark: row.remark,
              portrait: row.portrait,
            },
            text: row.comment_text ?? '',
            momentId: String(row.moment_id),
            momentThumbUrl: first ? urlOf(first.thumb_name ?? first.upload_name) : '',
            momentText: row.moment_text,
            createTime: row.created_at,
            read: row.is_read === 1,
          };
        }),
      };
    },

    async clear(ownerId: number): Promise<null> {
      await repo.clearInteractions(db, ownerId);
      return null;
    },

    /** `/my/notices`' moments part: unread interactions, and the newest unseen friend's post. */
    async notices(viewerId: number): Promise<Pick<Notices, 'topicReply' | 'topicRed'>> {
      const [count, seenAt] = await Promise.all([
        repo.countUnreadInteractions(db, viewerId),
        repo.feedSeenAt(db, viewerId),
      ]);
      const [newest] = await momentsRepo.listVisible(db, { viewerId, othersNewerThan: seenAt, limit: 1 });
      const topicRed = newest
        ? { portrait: newest.portrait, userId: String(newest.user_id), nickName: newest.nick_name }
        : { portrait: '', userId: '', nickName: '' };
      return { topicReply: { count }, topicRed };
    },
  };
}

export type MomentInteractions = ReturnType<typeof createMomentInteractions>;
