import { z } from 'zod';
import { endpoint, Empty } from './endpoint';
import { text } from './text';

export const Gender = z.enum(['male', 'female', 'unknown']);
export type Gender = z.infer<typeof Gender>;

export const Address = z.object({
  country: z.string(),
  province: z.string(),
  city: z.string(),
});
export type Address = z.infer<typeof Address>;

/** What `/my/getInfo` answers: the signed-in user's own profile. */
export const UserInfo = z.object({
  userId: z.string(),
  nickName: z.string(),
  portrait: z.string(),
  userType: z.string(),
  chatNo: z.string(),
  gender: Gender,
  intro: z.string(),
  address: Address,
});
export type UserInfo = z.infer<typeof UserInfo>;

/** The signed-in user's own profile, with what only they are given. */
export const MyInfo = UserInfo.extend({
  /** A reference that opens this user's page for anyone holding it: what the QR card carries. */
  shareRef: z.string(),
});
export type MyInfo = z.infer<typeof MyInfo>;

export const getMyInfo = endpoint({
  method: 'GET',
  path: '/my/getInfo',
  request: Empty,
  response: MyInfo,
  auth: true,
  summary: "The signed-in user's profile",
});

/**
 * A reference the server issued to open a person the viewer is not otherwise related to:
 * the PipID search answers one (good for the searcher only, and it shows the chat ID), a
 * contact card and a QR card carry one (good for anyone who holds it). Opaque to clients.
 */
export const PersonRef = text(64);
