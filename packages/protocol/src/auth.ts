import { z } from 'zod';
import { endpoint, Empty } from './endpoint';
import {
  CHAT_NO_MAX,
  CHAT_NO_MIN,
  CHAT_NO_PATTERN,
  LOGIN_PASSWORD_MAX,
  LOGIN_PASSWORD_MIN,
  NICKNAME_MAX,
} from './limits';

export const ChatNo = z
  .string()
  .min(CHAT_NO_MIN, `chatNo must be at least ${CHAT_NO_MIN} characters`)
  .max(CHAT_NO_MAX, `chatNo must be at most ${CHAT_NO_MAX} characters`)
  .regex(CHAT_NO_PATTERN, 'chatNo may only contain letters, numbers, underscore and hyphen');

export const Password = z
  .string()
  .min(LOGIN_PASSWORD_MIN, `password must be ${LOGIN_PASSWORD_MIN} to ${LOGIN_PASSWORD_MAX} characters`)
  .max(LOGIN_PASSWORD_MAX, `password must be ${LOGIN_PASSWORD_MIN} to ${LOGIN_PASSWORD_MAX} characters`);

export const NickName = z
  .string()
  .trim()
  .min(1, 'nickName is required')
  .max(NICKNAME_MAX, `nickName must be at most ${NICKNAME_MAX} characters`);

export const Captcha = z.object({
  /**
   * False when no code is needed: the server runs with CAPTCHA=off and the account asked about
   * (if any) needs none. The login and sign-up forms then hide the code field.
   */
  enabled: z.boolean(),
  captchaId: z.string(),
  /** An SVG data URL ('' when disabled). */
  image: z.string(),
});

export const getCaptcha = endpoint({
  method: 'GET',
  path: '/auth/captcha',
  request: z.object({
    /**
     * The account about to sign in. With CAPTCHA=off a code is still issued (`enabled: true`)
     * when that account's recent failed sign-ins make one required (login answered
     * `captchaRequired`).
     */
    account: z.string().trim().max(64).optional(),
  }),
  response: Captcha,
  auth: false,
  summary: 'A single-use verification code image, valid for 5 minutes',
});

/** The answer to a verification code, as sign-in and sign-up take it. */
export const CaptchaAnswer = z.object({
  /** Required unless the server runs with CAPTCHA=off (and, at sign-in, the account needs none). */
  captchaId: z.string().max(64).optional(),
  captchaCode: z.string().max(16).optional(),
});

/** Why a chat ID is or is not available; the client maps each to a spec message. */
export const ChatNoStatus = z.enum(['available', 'taken', 'tooShort', 'tooLong', 'invalid']);
export type ChatNoStatus = z.infer<typeof ChatNoStatus>;

export const checkChatNo = endpoint({
  method: 'GET',
  path: '/auth/checkChatNo',
  request: z.object({ chatNo: z.string().max(200) }),
  response: z.object({ available: z.boolean(), status: ChatNoStatus }),
  auth: false,
  summary: 'Live availability check of a chat ID',
});

export const LoginRequest = CaptchaAnswer.extend({
  account: z.string().trim().min(1, 'account is required').max(64),
  password: Password,
});
export const login = endpoint({
  method: 'POST',
  path: '/auth/login',
  request: LoginRequest,
  response: z.object({ token: z.string() }),
  auth: false,
  summary: 'Sign in by chat ID and password',
});

export const logout = endpoint({
  method: 'POST',
  path: '/auth/logout',
  request: Empty,
  response: z.null(),
  auth: true,
  summary: 'Revoke this token and close its sockets',
});
