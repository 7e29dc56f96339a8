import { Code, ErrorId, type RefusalData } from '@paichat/protocol';

/**
 * Refusals the services raise. Each carries a stable body `code` and protocol `err` id; the
 * HTTP layer maps them to the envelope in one place (http/error-handler.ts), and the web
 * client maps `err` to an i18n key. `message` is plain English and safe to show.
 */
export class AppError extends Error {
  /** Set on refusals worth trying again after a while: answered as Retry-After too. */
  readonly retryAfterSeconds?: number;

  constructor(
    readonly code: Code,
    readonly err: ErrorId,
    message: string,
    /** The values the client's text for `err` fills in (the envelope's `data`); null for most. */
    readonly data: RefusalData = null,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

/**
 * Too much is waiting to be stored (modules/chats/appender.ts): answered HTTP 503 with
 * Retry-After, which clients treat as "send again shortly", not as a refusal.
 */
export class ServerBusyError extends AppError {
  override readonly retryAfterSeconds = 1;
  constructor() {
    super(Code.UNAVAILABLE, ErrorId.serverBusy, 'The server is busy, please try again');
  }
}

export class ValidationError extends AppError {
  constructor(message: string) {
    super(Code.BAD_REQUEST, ErrorId.validation, message);
  }
}

export class UnauthorizedError extends AppError {
  constructor() {
    super(Code.UNAUTHORIZED, ErrorId.unauthorized, 'Login expired, please login again');
  }
}

export class NotFoundError extends AppError {
  constructor(message = 'Not found') {
    super(Code.NOT_FOUND, ErrorId.notFound, message);
  }
}

export class BadCredentialsError extends AppError {
  constructor() {
    super(Code.BAD_REQUEST, ErrorId.badCredentials, 'Wrong account or password');
  }
}

export class CaptchaRequiredError extends AppError {
  constructor() {
    super(Code.BAD_REQUEST, ErrorId.captchaRequired, 'Please enter the verification code');
  }
}

export class CaptchaWrongError extends AppError {
  constructor() {
    super(Code.BAD_REQUEST, ErrorId.captchaWrong, 'Wrong or expired verification code, please try again');
  }
}

/**
 * Sign-ins from this address (to this account, or to any) must wait after their failures
 * (modules/auth/throttle.ts): answered at once, saying how long.
 */
export class SignInWaitError extends AppError {
  override readonly retryAfterSeconds: number;
  constructor(waitMs: number) {
    const seconds = Math.ceil(waitMs / 1000);
    super(Code.TOO_MANY, ErrorId.signInWait, `Too many failed sign-ins, please try again in ${seconds} s`, {
      seconds,
    });
    this.retryAfterSeconds = seconds;
  }
}

/** A caller went over an endpoint's request budget (http/rate-limit.ts). */
export class TooManyRequestsError extends AppError {
  constructor() {
    super(Code.TOO_MANY, ErrorId.tooManyAttempts, 'Too many requests, please try again later');
  }
}

export class RegistrationClosedError extends AppError {
  constructor() {
    super(Code.FORBIDDEN, ErrorId.registrationClosed, 'Registration is closed');
  }
}

export class ChatNoTakenError extends AppError {
  constructor() {
    super(Code.CONFLICT, ErrorId.chatNoTaken, 'chat ID is already taken');
  }
}

// Friends.

export class UserNotFoundError extends AppError {
  constructor() {
    super(Code.NOT_FOUND, ErrorId.userNotFound, 'User not found');
  }
}

export class CannotAddSelfError extends AppError {
  constructor() {
    super(Code.BAD_REQUEST, ErrorId.cannotAddSelf, 'You cannot add yourself as a friend');
  }
}

export class AlreadyFriendsError extends AppError {
  constructor() {
    super(Code.CONFLICT, ErrorId.alreadyFriends, 'You are already friends');
  }
}

export class RequestPendingError extends AppError {
  constructor() {
    super(Code.CONFLICT, ErrorId.requestPending, 'Friend request already sent, waiting for a reply');
  }
}

/** The other person blocked the caller. */
export class BlockedByUserError extends AppError {
  constructor() {
    super(Code.FORBIDDEN, ErrorId.blockedByUser, 'You have been blocked by this user');
  }
}

/** The caller blocked the other person. */
export class UserBlockedError extends AppError {
  constructor() {
    super(
      Code.FORBIDDEN,
      ErrorId.userBlocked,
      'You have blocked this user; remove them from your blacklist first',
    );
  }
}

export class NotFriendsError extends AppError {
  constructor() {
    super(Code.FORBIDDEN, ErrorId.notFriends, 'This person is not your friend');
  }
}

export class ApplyNotFoundError extends AppError {
  constructor() {
    super(Code.NOT_FOUND, ErrorId.applyNotFound, 'Friend request not found or already handled');
  }
}

// Profile.

export class ChatNoAlreadySetError extends AppError {
  constructor() {
    super(Code.CONFLICT, ErrorId.chatNoAlreadySet, 'Chat ID cannot be changed');
  }
}

export class WrongPasswordError extends AppError {
  constructor() {
    super(Code.BAD_REQUEST, ErrorId.wrongPassword, 'The current password is wrong');
  }
}

// Files.

export class FileTooLargeError extends AppError {
  constructor(maxBytes: number) {
    super(
      Code.BAD_REQUEST,
      ErrorId.fileTooLarge,
      `File is too large (at most ${formatMegabytes(maxBytes)} MB)`,
    );
  }
}

export class FileTypeNotAllowedError extends AppError {
  constructor(message = 'This file type is not allowed') {
    super(Code.BAD_REQUEST, ErrorId.fileTypeNotAllowed, message);
  }
}

const formatMegabytes = (bytes: number): string => String(Math.round((bytes / 1024 / 1024) * 100) / 100);

// Chats.

/** The chat does not exist, or the caller is not one of its members (the two look the same). */
export class ChatNotFoundError extends AppError {
  constructor() {
    super(Code.NOT_FOUND, ErrorId.chatNotFound, 'Chat not found');
  }
}

export class MessageNotFoundError extends AppError {
  constructor() {
    super(Code.NOT_FOUND, ErrorId.messageNotFound, 'Message not found');
  }
}

export class RecallTooLateError extends AppError {
  constructor() {
    super(Code.BAD_REQUEST, ErrorId.recallTooLate, "It's been too long to recall this message");
  }
}

export class RecallNotAllowedError extends AppError {
  constructor() {
    super(Code.FORBIDDEN, ErrorId.recallNotAllowed, 'You can only recall your own messages');
  }
}

export class CannotRecallError extends AppError {
  constructor() {
    super(Code.BAD_REQUEST, ErrorId.cannotRecall, 'This message cannot be recalled');
  }
}

export class CannotForwardError extends AppError {
  constructor() {
    super(Code.BAD_REQUEST, ErrorId.cannotForward, 'This message cannot be forwarded');
  }
}

/** Link preview: the page could not be read, or has nothing a card shows; `why` says which. */
export class LinkPreviewFailedError extends AppError {
  constructor(why: string) {
    super(Code.BAD_REQUEST, ErrorId.linkPreviewFailed, `This link cannot be previewed: ${why}`);
  }
}

// Groups.

/** The group does not exist, or the caller never belonged to it (the two look the same). */
export class GroupNotFoundError extends AppError {
  constructor() {
    super(Code.NOT_FOUND, ErrorId.groupNotFound, 'Group chat not found');
  }
}

export class NotGroupMemberError extends AppError {
  constructor() {
    super(Code.FORBIDDEN, ErrorId.notGroupMember, 'You are no longer a member of this group chat');
  }
}

export class NotGroupOwnerError extends AppError {
  constructor() {
    super(Code.FORBIDDEN, ErrorId.notGroupOwner, 'Only the group owner can do this');
  }
}

export class GroupDismissedError extends AppError {
  constructor() {
    super(Code.FORBIDDEN, ErrorId.groupDismissed, 'This group chat has been dismissed');
  }
}

export class GroupFullError extends AppError {
  constructor(max: number) {
    super(Code.CONFLICT, ErrorId.groupFull, `A group chat holds at most ${max} members`);
  }
}

export class GroupCodeExpiredError extends AppError {
  constructor() {
    super(Code.BAD_REQUEST, ErrorId.groupCodeExpired, 'This group QR code has expired');
  }
}

/** The code's maker is no longer a member (they left or were removed), or the group ended. */
export class GroupCodeRevokedError extends AppError {
  constructor() {
    super(Code.FORBIDDEN, ErrorId.groupCodeRevoked, 'This group QR code is no longer valid');
  }
}

export class GroupCodeInvalidError extends AppError {
  constructor() {
    super(Code.NOT_FOUND, ErrorId.groupCodeInvalid, 'This group QR code is not valid');
  }
}

/** The post does not exist, was deleted, or the caller may not see it (the same answer). */
export class MomentNotFoundError extends AppError {
  constructor() {
    super(Code.NOT_FOUND, ErrorId.momentNotFound, 'This moment does not exist or has been deleted');
  }
}

/** A post names a file that is not one of the caller's uploads of the right kind. */
export class MomentMediaInvalidError extends AppError {
  constructor() {
    super(
      Code.BAD_REQUEST,
      ErrorId.momentMediaInvalid,
      "This picture or video can't be used in a post; upload it again",
    );
  }
}

/** A request names a picture that is not one of the caller's image uploads. */
export class ImageInvalidError extends AppError {
  constructor() {
    super(Code.BAD_REQUEST, ErrorId.imageInvalid, "This picture can't be used here; upload it again");
  }
}

/** The comment does not exist, was deleted, or the caller may not see (or delete) it. */
export class MomentCommentNotFoundError extends AppError {
  constructor() {
    super(Code.NOT_FOUND, ErrorId.momentCommentNotFound, 'This comment does not exist or has been deleted');
  }
}

/** The favorite does not exist, was deleted, or is not the caller's (the same answer). */
export class FavoriteNotFoundError extends AppError {
  constructor() {
    super(Code.NOT_FOUND, ErrorId.favoriteNotFound, 'This favorite does not exist or has been deleted');
  }
}

/** A notice, a call, a file or a shared favorite cannot be saved to Favorites. */
export class CannotFavoriteError extends AppError {
  constructor() {
    super(Code.BAD_REQUEST, ErrorId.cannotFavorite, "This message can't be added to Favorites");
  }
}

/** A statistics report for an app key the collector does not count (or none: STAT_APP_KEY unset). */
export class StatsNotCollectedError extends AppError {
  constructor() {
    super(Code.FORBIDDEN, ErrorId.forbidden, 'Statistics are not collected for this app key');
  }
}

/** People Nearby asked for without a live shared position. */
export class LocationRequiredError extends AppError {
  constructor() {
    super(Code.BAD_REQUEST, ErrorId.locationRequired, 'Share your location to see people nearby');
  }
}

/** A shared position that would mean moving faster than an airliner since the last one. */
export class LocationJumpError extends AppError {
  constructor() {
    super(Code.BAD_REQUEST, ErrorId.locationJump, 'Your location changed too fast, please try again later');
  }
}

// Sign-in through Pi, Google and X (modules/identities).

/** The provider could not be reached to build its login link ("Failed to get … login link"). */
export class LoginLinkFailedError extends AppError {
  constructor(provider: 'google' | 'twitter') {
    super(
      Code.INTERNAL,
      provider === 'google' ? ErrorId.googleLoginLinkFailed : ErrorId.twitterLoginLinkFailed,
      provider === 'google' ? 'Failed to get Google login link' : 'Failed to get Twitter login link',
    );
  }
}

/** Pi refused the access token, or could not be asked. */
export class PiLoginFailedError extends AppError {
  constructor() {
    super(Code.BAD_REQUEST, ErrorId.piLoginFailed, 'Authentication failed, please retry');
  }
}

export class LoginNotConfiguredError extends AppError {
  constructor() {
    super(Code.FORBIDDEN, ErrorId.loginNotConfigured, 'This way of signing in is not available');
  }
}

export class IdentityInUseError extends AppError {
  constructor() {
    super(Code.CONFLICT, ErrorId.identityInUse, 'This account is already linked to another PaiChat account');
  }
}

export class IdentityAlreadyLinkedError extends AppError {
  constructor() {
    super(
      Code.CONFLICT,
      ErrorId.identityAlreadyLinked,
      'An account of this kind is already linked; unlink it first',
    );
  }
}

export class LastSignInMethodError extends AppError {
  constructor() {
    super(
      Code.CONFLICT,
      ErrorId.lastSignInMethod,
      'This is your only way to sign in: set a chat ID and password or link another account first',
    );
  }
}
