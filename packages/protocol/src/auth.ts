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
import { text } from './text';

export const ChatNo = text(CHAT_NO_MAX, { tooLong: `chatNo must be at most ${CHAT_NO_MAX} characters` })
  .min(CHAT_NO_MIN, `chatNo must be at least ${CHAT_NO_MIN} characters`)
  .regex(CHAT_NO_PATTERN, 'chatNo may only contain letters, numbers, underscore and hyphen');

const PASSWORD_LENGTH = `password must be ${LOGIN_PASSWORD_MIN} to ${LOGIN_PASSWORD_MAX} characters`;
export const Password = text(LOGIN_PASSWORD_MAX, { tooLong: PASSWORD_LENGTH }).min(
  LOGIN_PASSWORD_MIN,
  PASSWORD_LENGTH,
);

export const NickName = text(NICKNAME_MAX, {
  trim: true,
  tooLong: `nickName must be at most ${NICKNAME_MAX} characters`,
}).min(1, 'nickName is required');

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
     * when that account's recent failed sign-ins, or those from the caller's address, make one
     * required (login answered `captchaRequired`).
     */
    account: text(64, { trim: true }).optional(),
  }),
  response: Captcha,
  auth: false,
  summary: 'A single-use verification code image, valid for 5 minutes',
});

/** The answer to a verification code, as sign-in and sign-up take it. */
export const CaptchaAnswer = z.object({
  /** Required unless the server runs with CAPTCHA=off (and, at sign-in, the account needs none). */
  captchaId: text(64).optional(),
  captchaCode: text(16).optional(),
});

/** Why a chat ID is or is not available; the client maps each to a spec message. */
export const ChatNoStatus = z.enum(['available', 'taken', 'tooShort', 'tooLong', 'invalid']);
export type ChatNoStatus = z.infer<typeof ChatNoStatus>;

export const checkChatNo = endpoint({
  method: 'GET',
  path: '/auth/checkChatNo',
  request: z.object({ chatNo: text(200) }),
  response: z.object({ available: z.boolean(), status: ChatNoStatus }),
  auth: false,
  summary: 'Live availability check of a chat ID',
});

export const LoginRequest = CaptchaAnswer.extend({
  account: text(64, { trim: true }).min(1, 'account is required'),
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
