import { CloseCode, Gender, NoticeType, noticePush, type MyInfo, type UserInfo } from '@paichat/protocol';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../clock';
import { isUniqueViolation, type Db, type UserRow } from '../../db';
import {
  ChatNoAlreadySetError,
  ChatNoTakenError,
  UnauthorizedError,
  ValidationError,
  WrongPasswordError,
} from '../../errors';
import type { AuthContext } from '../../http/auth-hook';
import type { Bus } from '../../realtime/bus';
import { closeSessionSockets, pushToUsers } from '../../realtime/push';
import { hashPassword, verifyPassword } from '../auth/password';
import * as authRepo from '../auth/repo';
import type { PersonRefs } from './refs';
import * as repo from './repo';

export function toUserInfo(row: UserRow): UserInfo {
  const gender = Gender.safeParse(row.gender);
  return {
    userId: String(row.id),
    nickName: row.nick_name,
    portrait: row.portrait,
    userType: row.user_type,
    chatNo: row.chat_no ?? '',
    gender: gender.success ? gender.data : 'unknown',
    intro: row.intro,
    address: { country: row.country, province: row.province, city: row.city },
  };
}

export interface ProfileUpdate {
  nickName?: string | undefined;
  intro?: string | undefined;
  gender?: Gender | undefined;
  portrait?: string | undefined;
  address?: { country: string; province: string; city: string } | undefined;
}

export interface UsersServiceDeps {
  db: Db;
  clock: Clock;
  bus: Bus;
  log: FastifyBaseLogger;
  /** Whether `url` is an image `userId` uploaded (the files module answers). */
  isOwnImage: (userId: number, url: string) => Promise<boolean>;
  refs: PersonRefs;
}

export function createUsersService(deps: UsersServiceDeps) {
  const { db, clock, bus, log, refs } = deps;

  /** The QR card carries the share reference: whoever scans it may open this user's page. */
  const toMyInfo = (row: UserRow): MyInfo => ({ ...toUserInfo(row), shareRef: refs.forCard(row.id) });

  const requireMe = async (userId: number): Promise<UserRow> => {
    const row = await repo.findUserById(db, userId);
    // A live session whose user is gone: treat like an expired login.
    if (!row) throw new UnauthorizedError();
    return row;
  };

  /** The user's other devices refetch the profile; best effort, the change is committed. */
  const profileChanged = async (actor: AuthContext): Promise<void> => {
    try {
      await pushToUsers(
        bus,
        [String(actor.userId)],
        noticePush(NoticeType.PROFILE_CHANGED, {}, clock.now()),
        {
          exceptSessionIds: [String(actor.sessionId)],
        },
      );
    } catch (error) {
      log.error({ err: error }, 'push failed');
    }
  };

  return {
    async getMyInfo(userId: number): Promise<MyInfo> {
      return toMyInfo(await requireMe(userId));
    },

    async updateInfo(actor: AuthContext, input: ProfileUpdate): Promise<MyInfo> {
      await requireMe(actor.userId);
      // '' clears the portrait; anything else must be an image this user uploaded.
      if (input.portrait && !(await deps.isOwnImage(actor.userId, input.portrait)))
        throw new ValidationError('portrait: must be an image you uploaded');
      const changes: repo.ProfileChanges = {};
      if (input.nickName !== undefined) changes.nick_name = input.nickName;
      if (input.intro !== undefined) changes.intro = input.intro;
      if (input.gender !== undefined) changes.gender = input.gender;
      if (input.portrait !== undefined) changes.portrait = input.portrait;
      if (input.address !== undefined) {
        changes.country = input.address.country;
        changes.province = input.address.province;
        changes.city = input.address.city;
      }
      await repo.updateProfile(db, actor.userId, changes);
      await profileChanged(actor);
      return toMyInfo(await requireMe(actor.userId));
    },

    /** Once only, for an account that has no chat ID yet. */
    async setChatNo(actor: AuthContext, chatNo: string): Promise<MyInfo> {
      const row = await requireMe(actor.userId);
      if (row.chat_no !== null) throw new ChatNoAlreadySetError();
      const chatNoLower = chatNo.toLowerCase();
      if (await authRepo.findUserByChatNoLower(db, chatNoLower)) throw new ChatNoTakenError();
      let set: boolean;
      try {
        set = await repo.setChatNoIfUnset(db, actor.userId, chatNo, chatNoLower);
      } catch (error) {
        // Someone took it between the check and the update.
        if (isUniqueViolation(error)) throw new ChatNoTakenError();
        throw error;
      }
      // Another device set one between the read and the update.
      if (!set) throw new ChatNoAlreadySetError();
      await profileChanged(actor);
      return toMyInfo(await requireMe(actor.userId));
    },

    /**
     * Sets or changes the password. When the account has one, the current one must be given
     * and right. Every other session of the user is revoked and its sockets closed; the one
     * that made the change stays signed in.
     */
    async setPassword(
      actor: AuthContext,
      input: { oldPassword?: string | undefined; newPassword: string },
    ): Promise<void> {
      const row = await requireMe(actor.userId);
      if (row.password_hash !== null) {
        if (!input.oldPassword) throw new ValidationError('oldPassword: please enter your current password');
        if (!(await verifyPassword(row.password_hash, input.oldPassword))) throw new WrongPasswordError();
      }
      const passwordHash = await hashPassword(input.newPassword);
      const now = clock.now();
      const revoked = await db.transaction().execute(async (trx) => {
        await repo.setPasswordHash(trx, actor.userId, passwordHash);
        return authRepo.revokeOtherSessions(trx, actor.userId, actor.sessionId, now);
      });
      log.info({ userId: actor.userId, revokedSessions: revoked.length }, 'password changed');
      for (const sessionId of revoked) {
        try {
          await closeSessionSockets(
            bus,
            String(actor.userId),
            String(sessionId),
            CloseCode.SIGNED_OUT,
            'Password changed, please sign in again',
          );
        } catch (error) {
          log.error({ err: error, sessionId }, 'closing the sockets of a revoked session failed');
        }
      }
    },
  };
}

export type UsersService = ReturnType<typeof createUsersService>;
