import { z } from 'zod';
import { endpoint, Empty } from './endpoint';
import { IdString } from './messages';
import { text } from './text';
import { PersonRef, UserInfo } from './user';

/**
 * What a viewer may see of a person they may see at all (see `friendInfo`): the fields of a
 * user's own info, where `chatNo` (the chat ID, which is also the login name) is '' unless the
 * viewer is that person, a friend of theirs, or found them by it (a PipID search, or a
 * reference the search issued). Nickname, photo, gender, region and signature are shown to
 * anyone who may see the person, as WeChat shows them to strangers.
 */
export const PublicProfile = UserInfo;
export type PublicProfile = z.infer<typeof PublicProfile>;

/** How the requester found the person; shown on the request. */
export const FriendSource = z.enum(['search', 'qrcode', 'group', 'card', 'nearby', 'shake']);
export type FriendSource = z.infer<typeof FriendSource>;

export const ApplyStatus = z.enum(['pending', 'accepted', 'rejected', 'ignored']);
export type ApplyStatus = z.infer<typeof ApplyStatus>;

/**
 * How the viewer relates to a person. `blockedByThem` is only ever told to the blocked
 * person as the refusal of an action, never as a field: blocking is private.
 */
export const Relation = z.object({
  isSelf: z.boolean(),
  isFriend: z.boolean(),
  /** The viewer blocked this person. */
  isBlocked: z.boolean(),
  /** A pending request from the viewer to this person exists. */
  requestSent: z.boolean(),
  /** The viewer's private remark and tags for this person ('' and [] when none). */
  remark: z.string(),
  tags: z.array(z.string()),
});
export type Relation = z.infer<typeof Relation>;

export const PersonView = PublicProfile.extend(Relation.shape);
export type PersonView = z.infer<typeof PersonView>;

export const REMARK_MAX = 32;
export const TAG_MAX = 16;
export const TAGS_MAX = 10;
export const APPLY_REASON_MAX = 100;

export const searchFriend = endpoint({
  method: 'GET',
  path: '/friend/search',
  request: z.object({ chatNo: text(64, { trim: true }).min(1, 'chatNo is required') }),
  /** `ref` opens this person again for the searcher (`friendInfo`, `applyFriend`). */
  response: PersonView.extend({ ref: PersonRef }),
  auth: true,
  summary: 'Find a person by exact PipID (case-insensitive)',
});

/**
 * The viewer may see a person they are related to: themselves, friends, people on their
 * blacklist, the other side of a friend request (either way, any status), members of a group
 * they are in, the other member of a chat they have. Anyone else only with a `ref` the server
 * issued; otherwise the answer is `userNotFound`, the same as for an id that does not exist.
 */
export const friendInfo = endpoint({
  method: 'GET',
  path: '/friend/info/:id',
  request: z.object({
    id: IdString('id', 'id must be a user id'),
    ref: PersonRef.optional(),
  }),
  response: PersonView,
  auth: true,
  summary: "A person's profile and how the viewer relates to them",
});

export const applyFriend = endpoint({
  method: 'POST',
  path: '/friend/apply',
  request: z.object({
    userId: IdString('userId', 'userId must be a user id'),
    /** Needed when the viewer is not related to the person (see `friendInfo`). */
    ref: PersonRef.optional(),
    reason: text(APPLY_REASON_MAX, { multiline: true, trim: true }).default(''),
    source: FriendSource.default('search'),
    remark: text(REMARK_MAX, { trim: true }).default(''),
  }),
  /** `accepted` when the other person had already asked the viewer: both are friends at once. */
  response: z.object({ applyId: z.string(), status: ApplyStatus }),
  auth: true,
  summary: 'Send a friend request',
});

export const FriendApply = z.object({
  applyId: z.string(),
  /** The other person: the requester for received requests, the addressee for sent ones. */
  userId: z.string(),
  nickName: z.string(),
  portrait: z.string(),
  /** '' unless the two are friends (see `PublicProfile`). */
  chatNo: z.string(),
  reason: z.string(),
  source: FriendSource,
  status: ApplyStatus,
  direction: z.enum(['received', 'sent']),
  createTime: z.number(),
  updateTime: z.number(),
});
export type FriendApply = z.infer<typeof FriendApply>;

export const listFriendApplies = endpoint({
  method: 'GET',
  path: '/friend/applyList',
  request: Empty,
  response: z.object({ list: z.array(FriendApply) }),
  auth: true,
  summary: 'Friend requests received and sent, newest first',
});

const ApplyRef = z.object({ applyId: IdString('applyId', 'applyId must be a request id') });
export const agreeFriend = endpoint({
  method: 'POST',
  path: '/friend/agree',
  request: ApplyRef,
  response: z.object({ userId: z.string() }),
  auth: true,
  summary: 'Accept a received friend request',
});
export const refuseFriend = endpoint({
  method: 'POST',
  path: '/friend/refuse',
  request: ApplyRef,
  response: z.null(),
  auth: true,
  summary: 'Reject a received friend request (the requester is told)',
});
export const ignoreFriend = endpoint({
  method: 'POST',
  path: '/friend/ignore',
  request: ApplyRef,
  response: z.null(),
  auth: true,
  summary: 'Ignore a received friend request (the requester is not told)',
});

export const Friend = z.object({
  userId: z.string(),
  nickName: z.string(),
  portrait: z.string(),
  userType: z.string(),
  chatNo: z.string(),
  remark: z.string(),
  tags: z.array(z.string()),
  /** On the viewer's blacklist: still a contact (so it can be undone), marked as blocked. */
  isBlocked: z.boolean(),
});
export type Friend = z.infer<typeof Friend>;

export const listFriends = endpoint({
  method: 'GET',
  path: '/friend/list',
  request: Empty,
  response: z.object({ list: z.array(Friend) }),
  auth: true,
  summary: "The viewer's friends",
});

const UserRef = z.object({ userId: IdString('userId', 'userId must be a user id') });

export const setRemark = endpoint({
  method: 'POST',
  path: '/friend/setRemark',
  request: UserRef.extend({
    remark: text(REMARK_MAX, { trim: true }).min(1, 'please fill content'),
    tags: z
      .array(text(TAG_MAX, { trim: true }).min(1))
      .max(TAGS_MAX)
      .default([]),
  }),
  response: z.null(),
  auth: true,
  summary: "Set a friend's remark and tags (private to the viewer)",
});

/**
 * Anyone the viewer may see can be blocked: a stranger met in People Nearby, in Shake, by a
 * search or on a card by the `ref` they were shown with (see `friendInfo`). Once blocked they
 * are on the viewer's blacklist, so unblocking needs no reference.
 */
export const blockUser = endpoint({
  method: 'POST',
  path: '/friend/block',
  request: UserRef.extend({ ref: PersonRef.optional() }),
  response: z.null(),
  auth: true,
  summary: 'Add a person to the blacklist',
});
export const unblockUser = endpoint({
  method: 'POST',
  path: '/friend/unblock',
  request: UserRef,
  response: z.null(),
  auth: true,
  summary: 'Remove a person from the blacklist',
});
export const listBlocked = endpoint({
  method: 'GET',
  path: '/friend/blacklist',
  request: Empty,
  response: z.object({ list: z.array(Friend) }),
  auth: true,
  summary: "The viewer's blacklist",
});
export const deleteFriend = endpoint({
  method: 'POST',
  path: '/friend/delete',
  request: UserRef,
  response: z.null(),
  auth: true,
  summary: 'Remove a friend (both sides stop being friends)',
});

/** Counts behind the tab badges (spec 3, local notices). */
export const Notices = z.object({
  friendApply: z.object({ count: z.number().int() }),
  topicReply: z.object({ count: z.number().int() }),
  /**
   * The newest friend's post not seen since the feed was last opened: its author's id, name and
   * avatar ('' for all three when there is none).
   */
  topicRed: z.object({ portrait: z.string(), userId: z.string(), nickName: z.string() }),
});
export type Notices = z.infer<typeof Notices>;

export const getNotices = endpoint({
  method: 'GET',
  path: '/my/notices',
  request: Empty,
  response: Notices,
  auth: true,
  summary: 'Counts behind the tab badges',
});
