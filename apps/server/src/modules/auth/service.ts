import { randomBytes } from 'node:crypto';
import {
  CAPTCHA_TTL_MS,
  CHAT_NO_MAX,
  CHAT_NO_MIN,
  CHAT_NO_PATTERN,
  CloseCode,
  NoticeType,
  type ChatNoStatus,
  noticePush,
} from '@paichat/protocol';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../clock';
import type { Config } from '../../config';
import { isUniqueViolation, type Db, type Tx } from '../../db';
import {
  BadCredentialsError,
  CaptchaRequiredError,
  CaptchaWrongError,
  ChatNoTakenError,
  RegistrationClosedError,
  SignInWaitError,
} from '../../errors';
import type { Bus } from '../../realtime/bus';
import { closeSessionSockets, pushToUsers } from '../../realtime/push';
import * as webPushRepo from '../webpush/repo';
import { makeCaptcha } from './captcha';
import { summarizeUserAgent } from './device';
import { hashPassword, verifyPassword, warmUpPasswordCheck } from './password';
import * as repo from './repo';
import { recordFailure, recordSuccess, signInNeedsCode, throttleKeys, throttleState } from './throttle';
import { hashToken, newToken } from './tokens';

export interface AuthServiceDeps {
  db: Db;
  config: Config;
  clock: Clock;
  bus: Bus;
  log: FastifyBaseLogger;
  /** Test hook: sees each issued captcha's answer. Never set in production. */
  onCaptchaIssued?: (captchaId: string, answer: string) => void;
}

export interface Caller {
  /** The client address as Fastify resolves it (TRUST_PROXY decides whether proxies count). */
  ip: string;
  userAgent: string | undefined;
}

/** A verification code answer as sign-in and sign-up take it. */
export interface CaptchaAnswer {
  captchaId?: string | undefined;
  captchaCode?: string | undefined;
}

export interface SessionIdentity {
  userId: number;
  sessionId: number;
  /** When the token stops working (ms since the epoch). */
  expiresAt: number;
}

/** Ended sessions are swept at most this often, on a sign-in. */
const SESSION_SWEEP_INTERVAL_MS = 60 * 60_000;

const MAX_TOKEN_LENGTH = 256;
const MAX_USER_AGENT_LENGTH = 255;
const DAY_MS = 86_400_000;

export function chatNoShapeStatus(chatNo: string): ChatNoStatus | null {
  if (chatNo.length < CHAT_NO_MIN) return 'tooShort';
  if (chatNo.length > CHAT_NO_MAX) return 'tooLong';
  if (!CHAT_NO_PATTERN.test(chatNo)) return 'invalid';
  return null;
}

export function createAuthService(deps: AuthServiceDeps) {
  const { db, config, clock, bus } = deps;
  void warmUpPasswordCheck();

  let lastSessionSweep = -Infinity;

  async function startSession(userId: number, userAgent: string | undefined, database = db) {
    const token = newToken();
    const now = clock.now();
    if (now - lastSessionSweep >= SESSION_SWEEP_INTERVAL_MS) {
      lastSessionSweep = now;
      // A revoked row is kept a day so logs and support can still tell "signed out" apart.
      await repo.deleteEndedSessions(database, now, now - DAY_MS);
    }
    const sessionId = await repo.insertSession(database, {
      token_hash: hashToken(token),
      user_id: userId,
      created_at: now,
      expires_at: now + config.tokenTtlDays * DAY_MS,
      user_agent: (userAgent ?? '').slice(0, MAX_USER_AGENT_LENGTH),
    });
    return { token, sessionId };
  }

  /**
   * A session for a user who proved who they are (a password, or Pi, Google or X), and the
   * notice to their other devices: every way in issues the same kind of token.
   */
  async function signIn(userId: number, caller: Caller, method: string): Promise<{ token: string }> {
    const { token, sessionId } = await startSession(userId, caller.userAgent);
    deps.log.info({ userId, sessionId, method }, 'signed in');
    // The new device has no socket yet; excluding it anyway keeps the notice for the others.
    await pushToUsers(bus, [String(userId)], notice(NoticeType.LOGIN_ELSEWHERE, caller.userAgent), {
      exceptSessionIds: [String(sessionId)],
    });
    return { token };
  }

  const notice = (
    noticeType: typeof NoticeType.LOGIN_ELSEWHERE | typeof NoticeType.LOGOUT_ELSEWHERE,
    userAgent: string | undefined,
  ) => {
    const time = clock.now();
    return noticePush(noticeType, { device: summarizeUserAgent(userAgent), time }, time);
  };

  /** Uses the code up (single use, right or wrong); refuses a missing, wrong or expired one. */
  async function takeCaptchaAnswer(answer: CaptchaAnswer): Promise<void> {
    const code = answer.captchaCode?.trim().toLowerCase() ?? '';
    if (!answer.captchaId || code === '') throw new CaptchaRequiredError();
    const captcha = await repo.takeCaptcha(db, answer.captchaId);
    if (!captcha || captcha.expires_at <= clock.now() || captcha.answer !== code)
      throw new CaptchaWrongError();
  }

  return {
    /**
     * A new code. With CAPTCHA=off none is issued (`enabled: false`), unless signing in to
     * `account` from the caller's address needs one: the account's or the address's recent
     * failures made it so (throttle.ts). Without an account (the sign-up form) only CAPTCHA
     * decides.
     */
    async issueCaptcha(account: string | undefined, caller: Caller) {
      const needed =
        config.captcha ||
        (account !== undefined &&
          account !== '' &&
          (await signInNeedsCode(db, account.toLowerCase(), caller.ip, clock.now())));
      if (!needed) return { enabled: false, captchaId: '', image: '' };
      const captcha = makeCaptcha();
      const captchaId = randomBytes(16).toString('base64url');
      const answer = captcha.text.toLowerCase();
      const now = clock.now();
      await repo.deleteExpiredCaptchas(db, now);
      await repo.insertCaptcha(db, captchaId, answer, now + CAPTCHA_TTL_MS);
      deps.onCaptchaIssued?.(captchaId, answer);
      const image = `data:image/svg+xml;base64,${Buffer.from(captcha.svg).toString('base64')}`;
      return { enabled: true, captchaId, image };
    },

    async checkChatNo(chatNo: string): Promise<{ available: boolean; status: ChatNoStatus }> {
      const status =
        chatNoShapeStatus(chatNo) ??
        ((await repo.findUserByChatNoLower(db, chatNo.toLowerCase())) ? 'taken' : 'available');
      return { available: status === 'available', status };
    },

    async register(
      input: { chatNo: string; password: string; nickName: string } & CaptchaAnswer,
      caller: Caller,
    ): Promise<{ token: string; userId: string }> {
      if (!config.registrationOpen) throw new RegistrationClosedError();
      // Before anything else: each try at a chat ID costs a person's work, not a script's.
      if (config.captcha) await takeCaptchaAnswer(input);
      const chatNoLower = input.chatNo.toLowerCase();
      // Cheap early answer; the unique index decides when two registrations race.
      if (await repo.findUserByChatNoLower(db, chatNoLower)) throw new ChatNoTakenError();
      const passwordHash = await hashPassword(input.password);
      try {
        const result = await db.transaction().execute(async (trx) => {
          const userId = await repo.insertUser(trx, {
            chat_no: input.chatNo,
            chat_no_lower: chatNoLower,
            nick_name: input.nickName,
            password_hash: passwordHash,
            created_at: clock.now(),
          });
          const { token } = await startSession(userId, caller.userAgent, trx);
          return { token, userId: String(userId) };
        });
        deps.log.info({ userId: result.userId }, 'registered');
        return result;
      } catch (error) {
        if (isUniqueViolation(error)) throw new ChatNoTakenError();
        throw error;
      }
    },

    async login(
      input: { account: string; password: string } & CaptchaAnswer,
      caller: Caller,
    ): Promise<{ token: string }> {
      const accountLower = input.account.toLowerCase();
      const keys = throttleKeys(accountLower, caller.ip);
      const state = await throttleState(db, keys, clock.now());
      if (state.waitMs > 0) throw new SignInWaitError(state.waitMs);
      if (config.captcha || state.codeRequired) await takeCaptchaAnswer(input);

      const user = await repo.findUserByChatNoLower(db, accountLower);
      if (!(await verifyPassword(user?.password_hash ?? undefined, input.password)) || !user) {
        await recordFailure(db, keys, clock.now());
        throw new BadCredentialsError();
      }

      await recordSuccess(db, keys);
      return signIn(user.id, caller, 'password');
    },

    signIn,

    /**
     * A session for an account created in the transaction `trx` (a first sign-in through Pi,
     * Google or X): nobody else is signed in to it, so there is nobody to tell.
     */
    async startNewAccountSession(trx: Tx, userId: number, caller: Caller): Promise<{ token: string }> {
      const { token } = await startSession(userId, caller.userAgent, trx);
      return { token };
    },

    async logout(identity: Pick<SessionIdentity, 'userId' | 'sessionId'>): Promise<void> {
      const session = await repo.findSessionById(db, identity.sessionId);
      await repo.revokeSession(db, identity.sessionId, clock.now());
      // This device's notifications end with its sign-in.
      await webPushRepo.deleteSessionSubscriptions(db, identity.sessionId);
      const sessionId = String(identity.sessionId);
      await closeSessionSockets(bus, String(identity.userId), sessionId, CloseCode.SIGNED_OUT, 'Signed out');
      await pushToUsers(
        bus,
        [String(identity.userId)],
        notice(NoticeType.LOGOUT_ELSEWHERE, session?.user_agent),
        {
          exceptSessionIds: [sessionId],
        },
      );
    },

    /** The live session of a token, or null when it is unknown, expired or revoked. */
    async resolveToken(token: string): Promise<SessionIdentity | null> {
      if (token.length === 0 || token.length > MAX_TOKEN_LENGTH) return null;
      const session = await repo.findLiveSessionByTokenHash(db, hashToken(token), clock.now());
      return session
        ? { userId: session.user_id, sessionId: session.id, expiresAt: session.expires_at }
        : null;
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
