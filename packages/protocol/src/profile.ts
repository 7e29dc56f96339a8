import { z } from 'zod';
import { endpoint } from './endpoint';
import { ChatNo, NickName } from './auth';
import { Gender, MyInfo } from './user';
import { NEW_PASSWORD_MAX, NEW_PASSWORD_MIN } from './limits';
import { text } from './text';

export const INTRO_MAX = 60;
export const REGION_PART_MAX = 64;

const NEW_PASSWORD_LENGTH = `password must be ${NEW_PASSWORD_MIN} to ${NEW_PASSWORD_MAX} characters`;

/**
 * The new-password rule of spec 5: 8 to 16 characters mixing digits and letters. Two one-character
 * searches, not one pattern of lookaheads: each scans the string once, whatever it holds.
 */
export const NewPassword = text(NEW_PASSWORD_MAX, { tooLong: NEW_PASSWORD_LENGTH })
  .min(NEW_PASSWORD_MIN, NEW_PASSWORD_LENGTH)
  .refine((value) => /\d/.test(value) && /[A-Za-z]/.test(value), 'password must mix digits and letters');

/** Any subset of the profile fields; omitted fields stay as they are. */
export const UpdateInfoRequest = z
  .object({
    nickName: NickName,
    intro: text(INTRO_MAX, { multiline: true, trim: true }),
    gender: Gender,
    /** A URL /file/upload answered to this same user (an image; `?purpose=avatar` makes it square); '' removes it. */
    portrait: text(300),
    address: z.object({
      country: text(REGION_PART_MAX, { trim: true }),
      province: text(REGION_PART_MAX, { trim: true }),
      city: text(REGION_PART_MAX, { trim: true }),
    }),
  })
  .partial()
  .refine((v) => Object.keys(v).length > 0, 'nothing to update');

export const updateMyInfo = endpoint({
  method: 'POST',
  path: '/my/updateInfo',
  request: UpdateInfoRequest,
  response: MyInfo,
  auth: true,
  summary: "Edit the signed-in user's profile",
});

export const setMyChatNo = endpoint({
  method: 'POST',
  path: '/my/setChatNo',
  request: z.object({ chatNo: ChatNo }),
  response: MyInfo,
  auth: true,
  summary: 'Set the chat ID once, for an account that has none (it cannot be changed later)',
});

export const setMyPassword = endpoint({
  method: 'POST',
  path: '/my/setPassword',
  request: z.object({
    /** Required when the account already has a password. */
    oldPassword: text(64).optional(),
    newPassword: NewPassword,
  }),
  response: z.null(),
  auth: true,
  summary: 'Set or change the password; other sessions are signed out',
});
