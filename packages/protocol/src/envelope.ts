import { z } from 'zod';

/**
 * Every HTTP answer is `{code, msg, data}`. `code` 200 is success; business refusals answer
 * HTTP 200 with another body code, a human `msg` and a stable `err` the client maps to an
 * i18n key. A missing, expired or revoked token answers HTTP 401 with body code 401.
 */
export const Code = {
  OK: 200,
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  TOO_MANY: 429,
  INTERNAL: 500,
  /** The server is too busy to take the request now; it is worth sending again (Retry-After). */
  UNAVAILABLE: 503,
} as const;
export type Code = (typeof Code)[keyof typeof Code];

/** Stable error identifiers; the web client has an i18n key `errors.<id>` for each. */
export const ErrorId = {
  validation: 'validation',
  unauthorized: 'unauthorized',
  forbidden: 'forbidden',
  notFound: 'notFound',
  internal: 'internal',
  /** Too much is waiting to be stored: send again shortly (HTTP 503 with Retry-After). */
  serverBusy: 'serverBusy',
  badCredentials: 'badCredentials',
  captchaRequired: 'captchaRequired',
  captchaWrong: 'captchaWrong',
  tooManyAttempts: 'tooManyAttempts',
  /** Sign-ins from this address must wait after their failures: `data` is `{ seconds }`. */
  signInWait: 'signInWait',
  registrationClosed: 'registrationClosed',
  chatNoTaken: 'chatNoTaken',
  userNotFound: 'userNotFound',
  cannotAddSelf: 'cannotAddSelf',
  alreadyFriends: 'alreadyFriends',
  requestPending: 'requestPending',
  /** The other person blocked the caller (spec alert "blocked by user"). */
  blockedByUser: 'blockedByUser',
  /** The caller blocked the other person (spec alert "user blocked"). */
  userBlocked: 'userBlocked',
  notFriends: 'notFriends',
  applyNotFound: 'applyNotFound',
  chatNoAlreadySet: 'chatNoAlreadySet',
  wrongPassword: 'wrongPassword',
  fileTooLarge: 'fileTooLarge',
  fileTypeNotAllowed: 'fileTypeNotAllowed',
  /** The chat does not exist or the caller is not one of its members. */
  chatNotFound: 'chatNotFound',
  /** lastMsgId is not a message the caller can see in this chat. */
  messageNotFound: 'messageNotFound',
  /** Recall: the message is past its recall window. */
  recallTooLate: 'recallTooLate',
  /** Recall: someone else's message, and the caller is not the group's owner. */
  recallNotAllowed: 'recallNotAllowed',
  /** Recall: a notice, a call record, or a message already recalled. */
  cannotRecall: 'cannotRecall',
  /** Forward: a notice, a call record, or a recalled or deleted message. */
  cannotForward: 'cannotForward',
  /** Link preview: the page could not be read or has nothing to show (the message says why). */
  linkPreviewFailed: 'linkPreviewFailed',
  /** The group does not exist (or the caller never belonged to it). */
  groupNotFound: 'groupNotFound',
  /** The caller is not (or no longer) a member of the group. */
  notGroupMember: 'notGroupMember',
  /** Only the group owner may do this. */
  notGroupOwner: 'notGroupOwner',
  groupDismissed: 'groupDismissed',
  /** The group would exceed GROUP_MEMBERS_MAX members. */
  groupFull: 'groupFull',
  /** The group QR code is older than 7 days. */
  groupCodeExpired: 'groupCodeExpired',
  /** The group QR code died with its maker's membership (they left or were removed) or the group. */
  groupCodeRevoked: 'groupCodeRevoked',
  /** The group QR code was never issued (forged or mistyped). */
  groupCodeInvalid: 'groupCodeInvalid',
  /** The post does not exist, was deleted, or the caller may not see it. */
  momentNotFound: 'momentNotFound',
  /** A post names a picture or video that is not one of the caller's uploads of that kind. */
  momentMediaInvalid: 'momentMediaInvalid',
  /** The comment does not exist, was deleted, or the caller may not see (or delete) it. */
  momentCommentNotFound: 'momentCommentNotFound',
  /** A request names a picture that is not one of the caller's image uploads. */
  imageInvalid: 'imageInvalid',
  /** The favorite does not exist, was deleted, or is not the caller's. */
  favoriteNotFound: 'favoriteNotFound',
  /** The message is of a type Favorites does not keep (a notice, a call, a file, a favorite). */
  cannotFavorite: 'cannotFavorite',
  /** People Nearby: the caller has no shared position (or it expired). */
  locationRequired: 'locationRequired',
  /** A shared position too far from the last one for the time between them. */
  locationJump: 'locationJump',
  /** Google could not be reached to start a sign-in ("Failed to get Google login link"). */
  googleLoginLinkFailed: 'googleLoginLinkFailed',
  /** X could not be reached to start a sign-in ("Failed to get Twitter login link"). */
  twitterLoginLinkFailed: 'twitterLoginLinkFailed',
  /** Pi did not vouch for the access token (or could not be asked). */
  piLoginFailed: 'piLoginFailed',
  /** The server is not configured for this sign-in service. */
  loginNotConfigured: 'loginNotConfigured',
  /** The Pi, Google or X account is already linked to another PaiChat account. */
  identityInUse: 'identityInUse',
  /** The account already has an account of that service linked. */
  identityAlreadyLinked: 'identityAlreadyLinked',
  /** Unlinking would leave the account no way to sign in. */
  lastSignInMethod: 'lastSignInMethod',
} as const;
export type ErrorId = (typeof ErrorId)[keyof typeof ErrorId];

export const envelope = <T extends z.ZodType>(data: T) =>
  z.object({
    code: z.number().int(),
    msg: z.string(),
    data,
    err: z.enum(Object.values(ErrorId) as [ErrorId, ...ErrorId[]]).optional(),
  });

export type Envelope<T> = { code: number; msg: string; data: T; err?: ErrorId };

/**
 * A refusal's `data`: null, or the values its text fills in (which the `err` says, e.g.
 * signInWait's `{ seconds }`), so the client can say it in the person's language.
 */
export const RefusalData = z.record(z.string(), z.union([z.number(), z.string()])).nullable();
export type RefusalData = z.infer<typeof RefusalData>;
