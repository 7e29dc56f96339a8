import { z } from 'zod';
import { ChatNo, CaptchaAnswer, NickName } from './auth';
import { endpoint } from './endpoint';
import { NewPassword } from './profile';

/**
 * Sign-up takes the verification code exactly as sign-in does (required unless the server runs
 * with CAPTCHA=off; each code is good for one try), and the password rule of a password change.
 */
export const RegisterRequest = CaptchaAnswer.extend({
  chatNo: ChatNo,
  password: NewPassword,
  nickName: NickName,
});
export const register = endpoint({
  method: 'POST',
  path: '/auth/register',
  request: RegisterRequest,
  response: z.object({ token: z.string(), userId: z.string() }),
  auth: false,
  summary: 'Create an account and sign in (a few per hour from one address)',
});
