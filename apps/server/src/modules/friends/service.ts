/**
 * Friends: requests, the contact list, remarks and the blacklist.
 *
 * A request is pending until its addressee accepts, rejects or ignores it; only the addressee
 * of a pending request may decide it. Applying to someone who already asked you accepts their
 * request at once. Becoming friends happens in one transaction (both rows, the requests
 * between the two settled, and whatever `onFriendsMade` adds, such as opening their chat);
 * pushes go out through the bus only after it commits. Blocking is private: the blocked
 * person learns of it only as the refusal of an action (blockedByUser). Who may see (and so
 * apply to, or block) whom is visibility.ts's rule: a stranger's id alone answers userNotFound.
 */
import {
  FriendSource,
  NoticeType,
  type ApplyStatus,
  type Friend,
  type FriendApply,
  type Notices,
  type PersonView,
  noticePush,
  type NoticeContent,
} from '@paichat/protocol';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../clock';
import { isUniqueViolation, type Db, type FriendApplyRow, type Tx, type UserRow } from '../../db';
import {
  AlreadyFriendsError,
  ApplyNotFoundError,
  BlockedByUserError,
  CannotAddSelfError,
  NotFriendsError,
  RequestPendingError,
  UnauthorizedError,
  UserBlockedError,
  UserNotFoundError,
  ValidationError,
} from '../../errors';
import type { AuthContext } from '../../http/auth-hook';
import { parseId } from '../../ids';
import type { Bus } from '../../realtime/bus';
import { pushToUsers } from '../../realtime/push';
import * as authRepo from '../auth/repo';
import * as usersRepo from '../users/repo';
import { toUserInfo } from '../users/service';
import type { PushNotifier } from '../webpush/notifier';
import * as repo from './repo';
import type { Sight, Visibility } from './visibility';

export interface FriendsMadeEvent {
  /** Who sent the request that was accepted. */
  requesterId: number;
  /** Who accepted it (by agreeing, or by applying back). */
  accepterId: number;
  at: number;
}

/** Work to do once the transaction has committed (e.g. pushes). */
export type AfterCommit = () => Promise<void>;

/**
 * The seam for what else becoming friends sets off (the messaging work opens the pair's chat
 * with a "you are now friends" notice). It runs inside the transaction that made them friends,
 * so it writes or fails with it; what it returns runs after the commit.
 */
export type FriendsMadeHook = (trx: Tx, event: FriendsMadeEvent) => Promise<AfterCommit | void>;

export interface FriendsServiceDeps {
  db: Db;
  clock: Clock;
  bus: Bus;
  log: FastifyBaseLogger;
  visibility: Visibility;
  onFriendsMade?: FriendsMadeHook;
  /** The moments part of `/my/notices` (unread interactions, the newest unseen friend's post). */
  momentNotices: (viewerId: number) => Promise<Pick<Notices, 'topicReply' | 'topicRed'>>;
  /** Wakes the person asked, when they have no open socket (Web Push). */
  webPush: Pick<PushNotifier, 'friendRequest'>;
}

/** How many requests the list looks at, before keeping the newest per person. */
const APPLY_LIST_SCAN = 500;

export function parseTags(json: string | null): string[] {
  if (!json) return [];
  try {
    const value: unknown = JSON.parse(json);
    return Array.isArray(value) ? value.filter((t): t is string => typeof t === 'string') : [];
  } catch {
    return [];
  }
}

/** `remark` and `tags` are the viewer's friendship row's: null when the two are not friends. */
const toFriend = (user: UserRow, remark: string | null, tags: string | null, isBlocked: boolean): Friend => ({
  userId: String(user.id),
  nickName: user.nick_name,
  portrait: user.portrait,
  userType: user.user_type,
  // The chat ID (the login name) is for friends only.
  chatNo: remark === null ? '' : (user.chat_no ?? ''),
  remark: remark ?? '',
  tags: parseTags(tags),
  isBlocked,
});

export function createFriendsService(deps: FriendsServiceDeps) {
  const { db, clock, bus, log, visibility } = deps;

  /** Pushes are best effort: the change is committed whether or not a device hears of it now. */
  const push = async <T extends NoticeType>(
    userIds: number[],
    noticeType: T,
    msgContent: NoticeContent<T>,
    exceptSessionId?: number,
  ): Promise<void> => {
    try {
      await pushToUsers(
        bus,
        userIds.map(String),
        noticePush(noticeType, msgContent, clock.now()),
        exceptSessionId === undefined ? {} : { exceptSessionIds: [String(exceptSessionId)] },
      );
    } catch (error) {
      log.error({ err: error, noticeType }, 'push failed');
    }
  };

  /** The actor's other devices refetch their contacts. */
  const contactsChanged = (actor: AuthContext) =>
    push([actor.userId], NoticeType.CONTACTS_CHANGED, {}, actor.sessionId);

  /** The person as the viewer may see them; an id they may not see is as unknown as a missing one. */
  const requireVisible = async (viewerId: number, userId: string, ref?: string): Promise<Sight> => {
    const sight = await visibility.see(viewerId, userId, ref);
    if (!sight) throw new UserNotFoundError();
    return sight;
  };

  /** The signed-in caller's own row (a live session whose user is gone counts as signed out). */
  const me = async (actor: AuthContext): Promise<UserRow> => {
    const user = await usersRepo.findUserById(db, actor.userId);
    if (!user) throw new UnauthorizedError();
    return user;
  };

  async function personView(viewerId: number, { user, showsChatNo }: Sight): Promise<PersonView> {
    const profile = { ...toUserInfo(user), chatNo: showsChatNo ? (user.chat_no ?? '') : '' };
    if (user.id === viewerId) {
      return {
        ...profile,
        isSelf: true,
        isFriend: false,
        isBlocked: false,
        requestSent: false,
        remark: '',
        tags: [],
      };
    }
    const friendship = await repo.findFriendship(db, viewerId, user.id);
    const isBlocked = await repo.isBlocking(db, viewerId, user.id);
    const sent = await repo.findPendingApply(db, viewerId, user.id);
    return {
      ...profile,
      isSelf: false,
      isFriend: friendship !== undefined,
      isBlocked,
      requestSent: sent !== undefined,
      // The viewer's own remark and tags, never anyone else's.
      remark: friendship?.remark ?? '',
      tags: parseTags(friendship?.tags ?? null),
    };
  }

  /** Both rows, the requests between them settled, and the hook; inside the caller's transaction. */
  async function makeFriends(
    trx: Tx,
    apply: FriendApplyRow,
    now: number,
    accepterRemark = '',
  ): Promise<AfterCommit | void> {
    await repo.insertFriendship(trx, apply.from_id, apply.to_id, now, {
      aForB: apply.remark,
      bForA: accepterRemark,
    });
    await repo.settlePendingBetween(trx, apply.from_id, apply.to_id, 'accepted', now);
    return deps.onFriendsMade?.(trx, { requesterId: apply.from_id, accepterId: apply.to_id, at: now });
  }

  async function decide(
    actor: AuthContext,
    applyId: string,
    status: Exclude<ApplyStatus, 'pending' | 'accepted'>,
  ): Promise<FriendApplyRow> {
    const id = parseId(applyId);
    if (id === null) throw new ApplyNotFoundError();
    const apply = await repo.decidePendingApply(db, id, actor.userId, status, clock.now());
    if (!apply) throw new ApplyNotFoundError();
    return apply;
  }

  return {
    /** Found by their chat ID: the searcher may see it, and gets a reference to open them again. */
    async search(viewerId: number, chatNo: string): Promise<PersonView & { ref: string }> {
      const user = await authRepo.findUserByChatNoLower(db, chatNo.trim().toLowerCase());
      if (!user) throw new UserNotFoundError();
      const view = await personView(viewerId, { user, showsChatNo: true });
      return { ...view, ref: visibility.searchRef(viewerId, user.id) };
    },

    async info(viewerId: number, userId: string, ref?: string): Promise<PersonView> {
      return personView(viewerId, await requireVisible(viewerId, userId, ref));
    },

    async apply(
      actor: AuthContext,
      input: {
        userId: string;
        ref?: string | undefined;
        reason: string;
        source: FriendSource;
        remark: string;
      },
    ): Promise<{ applyId: string; status: ApplyStatus }> {
      if (parseId(input.userId) === actor.userId) throw new CannotAddSelfError();
      const { user: target } = await requireVisible(actor.userId, input.userId, input.ref);
      const self = await me(actor);
      const now = clock.now();

      type Outcome =
        { applyId: number; accepted: false } | { applyId: number; accepted: true; after: AfterCommit | void };
      let outcome: Outcome;
      try {
        outcome = await db.transaction().execute(async (trx): Promise<Outcome> => {
          if (await repo.isBlocking(trx, self.id, target.id)) throw new UserBlockedError();
          if (await repo.isBlocking(trx, target.id, self.id)) throw new BlockedByUserError();
          if (await repo.findFriendship(trx, self.id, target.id)) throw new AlreadyFriendsError();
          const theirs = await repo.findPendingApply(trx, target.id, self.id);
          if (theirs) {
            const accepted = await repo.decidePendingApply(trx, theirs.id, self.id, 'accepted', now);
            if (accepted) {
              const after = await makeFriends(trx, accepted, now, input.remark);
              return { applyId: accepted.id, accepted: true, after };
            }
          }
          if (await repo.findPendingApply(trx, self.id, target.id)) throw new RequestPendingError();
          const applyId = await repo.insertApply(trx, {
            from_id: self.id,
            to_id: target.id,
            reason: input.reason,
            source: input.source,
            remark: input.remark,
            status: 'pending',
            created_at: now,
            updated_at: now,
          });
          return { applyId, accepted: false };
        });
      } catch (error) {
        // Two identical requests racing: the partial unique index lets one through.
        if (isUniqueViolation(error)) throw new RequestPendingError();
        throw error;
      }

      if (outcome.accepted) {
        await push([target.id], NoticeType.FRIEND_ACCEPTED, {
          userId: String(self.id),
          nickName: self.nick_name,
        });
        await contactsChanged(actor);
        await outcome.after?.();
        return { applyId: String(outcome.applyId), status: 'accepted' };
      }
      const count = await repo.countPendingReceived(db, target.id);
      await push([target.id], NoticeType.FRIEND_APPLY, {
        count,
        userId: String(self.id),
        nickName: self.nick_name,
      });
      deps.webPush.friendRequest(target.id, self.nick_name);
      return { applyId: String(outcome.applyId), status: 'pending' };
    },

    async listApplies(viewerId: number): Promise<{ list: FriendApply[] }> {
      const rows = await repo.listAppliesInvolving(db, viewerId, APPLY_LIST_SCAN);
      // Newest first; a newer request between the same two people supersedes the older ones.
      const newest = new Map<number, FriendApplyRow>();
      for (const row of rows) {
        const other = row.from_id === viewerId ? row.to_id : row.from_id;
        if (!newest.has(other)) newest.set(other, row);
      }
      const users = new Map(
        (await usersRepo.findUsersByIds(db, [...newest.keys()])).map((u) => [u.id, u] as const),
      );
      const friends = new Set(await repo.listFriendIds(db, viewerId));
      const list: FriendApply[] = [];
      for (const [otherId, row] of newest) {
        const other = users.get(otherId);
        if (!other) continue;
        const source = FriendSource.safeParse(row.source);
        list.push({
          applyId: String(row.id),
          userId: String(other.id),
          nickName: other.nick_name,
          portrait: other.portrait,
          chatNo: friends.has(other.id) ? (other.chat_no ?? '') : '',
          reason: row.reason,
          source: source.success ? source.data : 'search',
          status: row.status as ApplyStatus,
          direction: row.to_id === viewerId ? 'received' : 'sent',
          createTime: row.created_at,
          updateTime: row.updated_at,
        });
      }
      return { list };
    },

    async agree(actor: AuthContext, applyId: string): Promise<{ userId: string }> {
      const id = parseId(applyId);
      if (id === null) throw new ApplyNotFoundError();
      const self = await me(actor);
      const now = clock.now();
      const { apply, after } = await db.transaction().execute(async (trx) => {
        const decided = await repo.decidePendingApply(trx, id, self.id, 'accepted', now);
        if (!decided) throw new ApplyNotFoundError();
        return { apply: decided, after: await makeFriends(trx, decided, now) };
      });
      await push([apply.from_id], NoticeType.FRIEND_ACCEPTED, {
        userId: String(self.id),
        nickName: self.nick_name,
      });
      await contactsChanged(actor);
      await after?.();
      return { userId: String(apply.from_id) };
    },

    async refuse(actor: AuthContext, applyId: string): Promise<void> {
      const self = await me(actor);
      const apply = await decide(actor, applyId, 'rejected');
      await push([apply.from_id], NoticeType.FRIEND_REJECTED, {
        userId: String(self.id),
        nickName: self.nick_name,
      });
    },

    /** The requester is not told. */
    async ignore(actor: AuthContext, applyId: string): Promise<void> {
      await decide(actor, applyId, 'ignored');
    },

    async listFriends(viewerId: number): Promise<{ list: Friend[] }> {
      const rows = await repo.listFriendsWithUsers(db, viewerId);
      return { list: rows.map((row) => toFriend(row, row.remark, row.tags, row.blocked_at !== null)) };
    },

    async setRemark(
      actor: AuthContext,
      input: { userId: string; remark: string; tags: string[] },
    ): Promise<void> {
      const id = parseId(input.userId);
      if (id === null) throw new NotFriendsError();
      const tags = [...new Set(input.tags)];
      if (!(await repo.updateRemark(db, actor.userId, id, input.remark, JSON.stringify(tags))))
        throw new NotFriendsError();
      await contactsChanged(actor);
    },

    /** `ref` is how a stranger was shown (People Nearby, Shake, a search, a card). */
    async block(actor: AuthContext, userId: string, ref?: string): Promise<void> {
      if (parseId(userId) === actor.userId) throw new ValidationError('userId: you cannot block yourself');
      const { id } = (await requireVisible(actor.userId, userId, ref)).user;
      const now = clock.now();
      await db.transaction().execute(async (trx) => {
        await repo.insertBlock(trx, actor.userId, id, now);
        // Their waiting request goes quietly, as if ignored: they cannot send another.
        await repo.settlePendingFrom(trx, id, actor.userId, 'ignored', now);
      });
      await contactsChanged(actor);
    },

    async unblock(actor: AuthContext, userId: string): Promise<void> {
      const { id } = (await requireVisible(actor.userId, userId)).user;
      await repo.deleteBlock(db, actor.userId, id);
      await contactsChanged(actor);
    },

    async listBlocked(viewerId: number): Promise<{ list: Friend[] }> {
      const rows = await repo.listBlockedWithUsers(db, viewerId);
      return { list: rows.map((row) => toFriend(row, row.remark, row.tags, true)) };
    },

    async deleteFriend(actor: AuthContext, userId: string): Promise<void> {
      const id = parseId(userId);
      if (id === null) throw new NotFriendsError();
      await db.transaction().execute(async (trx) => {
        if (!(await repo.deleteFriendship(trx, actor.userId, id))) throw new NotFriendsError();
        await repo.deletePendingBetween(trx, actor.userId, id);
      });
      await contactsChanged(actor);
      await push([id], NoticeType.CONTACTS_CHANGED, {});
    },

    async notices(viewerId: number): Promise<Notices> {
      const [count, moments] = await Promise.all([
        repo.countPendingReceived(db, viewerId),
        deps.momentNotices(viewerId),
      ]);
      return { friendApply: { count }, ...moments };
    },
  };
}

export type FriendsService = ReturnType<typeof createFriendsService>;
