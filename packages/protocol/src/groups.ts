import { z } from 'zod';
import { ChatSession, GROUP_FACES_MAX, GroupFace, SendMsgResult, YesNo } from './chats';
import { endpoint } from './endpoint';
import { ClientMsgId, IdString, outgoing } from './messages';
import { text } from './text';

/**
 * Group chats (spec 1, 2 `wx/groupInfo/*`, 3 Group, 4 group actions, 6 roles).
 *
 * A group has one GROUP chat: its messages travel exactly like one-to-one messages (per-chat
 * seq in the storing transaction, idempotent by (sender, clientMsgId), pushed to every member's
 * devices after commit, catch-up by `/chat/syncMessages`), and the per-member chat settings
 * (read, pin, mute, remove, clear) use the `/chat/*` endpoints with the group's `chatId`.
 *
 * Roles: OWNER (exactly one while the group lives) and MEMBER. Every endpoint checks on the
 * server that the caller is a current member, and the owner-only ones that they own it:
 * - any member: send, add members (their friends), view info and members, set their own group
 *   nickname, save to contacts, quit, show the QR code;
 * - owner only: remove members, rename, edit the announcement, transfer ownership, dismiss.
 * An owner who quits without transferring passes ownership to the longest-standing member;
 * the last member leaving dismisses the group.
 *
 * Leaving (quit or removal) ends a membership at the chat's seq of the notice that tells it:
 * the former member keeps the history up to there (read-only), gets no push after it, and
 * cannot fetch or sync anything later. Dismissal makes the chat read-only for everyone.
 *
 * QR codes: any member may show one; it lets anyone who has it join while it is valid: for 7
 * days, and only while its maker is a member (leaving, removal or dismissal revokes it for
 * good, `groupCodeRevoked`). A valid code shows a non-member, whether they never belonged or
 * were removed, the same thing: the group's name, picture and size. An invalid, expired or
 * revoked one shows nothing of the group.
 *
 * Every change is told in the chat as a system notice (ALERT with a group `AlertCode`), and
 * the members' devices also receive a GROUP_CHANGED notice (`GroupChangedNotice`) so open
 * info screens refetch.
 */

export const GroupId = IdString('groupId');

/** A group holds at most this many members (the owner included). */
export const GROUP_MEMBERS_MAX = 500;
/** Creating a group needs at least this many others besides the creator. */
export const GROUP_CREATE_MIN_OTHERS = 2;
export const GROUP_NAME_MAX = 30;
export const GROUP_NOTICE_MAX = 1000;
export const GROUP_NICK_MAX = 32;
/** A group QR code is valid this long after it is made. */
export const GROUP_QR_TTL_MS = 7 * 24 * 60 * 60 * 1000;

export const GroupRole = z.enum(['OWNER', 'MEMBER']);
export type GroupRole = z.infer<typeof GroupRole>;

/** ACTIVE: the viewer is a member; LEFT: they quit or were removed; DISMISSED: the group ended. */
export const GroupStatus = ChatSession.shape.groupStatus.unwrap();
export type GroupStatus = z.infer<typeof GroupStatus>;

export const GroupMember = z.object({
  userId: z.string(),
  nickName: z.string(),
  portrait: z.string(),
  /** Their nickname in this group ('' when not set). */
  groupNick: z.string(),
  /** The viewer's remark for them ('' when none or not a friend). */
  remark: z.string(),
  /** What the group shows for them: group nickname, else the viewer's remark, else nickname. */
  showName: z.string(),
  role: GroupRole,
  joinedAt: z.number(),
});
export type GroupMember = z.infer<typeof GroupMember>;

/** `data.group` of `/group/getInfo/{id}` (spec 7: name, portrait, groupId, plus the rest). */
export const GroupView = z.object({
  groupId: z.string(),
  chatId: z.string(),
  /** The name set by the owner, or the default made from the first members' names. */
  name: z.string(),
  /** Whether the name is the default one (the info screen shows "Unnamed" style hints). */
  nameIsDefault: z.boolean(),
  /** A grid image composed from up to nine members' avatars (a `/file/…` URL). */
  portrait: z.string(),
  /** The first members by joining, whose faces the client draws as the group's picture (empty for a non-member). */
  faces: z.array(GroupFace).max(GROUP_FACES_MAX),
  notice: z.string(),
  /** When the announcement was last edited (ms); 0 when never. */
  noticeTime: z.number(),
  ownerId: z.string(),
  memberCount: z.number().int(),
  status: GroupStatus,
  /** The viewer's role; null when they are not a member. */
  myRole: GroupRole.nullable(),
  myGroupNick: z.string(),
  /** Saved to the viewer's contacts (listed on `wx/groupInfo/grouplist`). */
  saved: YesNo,
  isTop: YesNo,
  isDisturb: YesNo,
  createdAt: z.number(),
});
export type GroupView = z.infer<typeof GroupView>;

export const GroupInfo = z.object({
  group: GroupView,
  /** Every current member, owner first, then by joining time (empty for a non-member). */
  members: z.array(GroupMember),
});
export type GroupInfo = z.infer<typeof GroupInfo>;

const groupRef = <S extends z.ZodRawShape>(shape: S) => z.object({ groupId: GroupId, ...shape });
const UserIds = z.array(IdString('userId')).min(1, 'select at least one contact').max(GROUP_MEMBERS_MAX);

export const createGroup = endpoint({
  method: 'POST',
  path: '/group/create',
  request: z.object({
    /** Friends of the creator (the creator is added by the server). */
    userIds: z
      .array(IdString('userId'))
      .min(GROUP_CREATE_MIN_OTHERS, `select at least ${GROUP_CREATE_MIN_OTHERS} contacts`)
      .max(GROUP_MEMBERS_MAX - 1),
    /** Optional; the default name is made from the members' names. */
    name: text(GROUP_NAME_MAX, { trim: true }).optional(),
  }),
  response: GroupInfo,
  auth: true,
  summary: 'Create a group with friends; the creator owns it',
});

export const getGroupInfo = endpoint({
  method: 'GET',
  path: '/group/getInfo/:id',
  request: z.object({ id: IdString('id') }),
  response: GroupInfo,
  auth: true,
  summary: 'A group as its info screen shows it (members only; a former member sees it without members)',
});

/** The body of `POST /group/sendMsg`: `{groupId, msgType, content, clientMsgId}`. */
export const GroupSendMsgRequest = outgoing({ groupId: GroupId, clientMsgId: ClientMsgId.optional() });
export type GroupSendMsgRequest = z.infer<typeof GroupSendMsgRequest>;

export const groupSendMsg = endpoint({
  method: 'POST',
  path: '/group/sendMsg',
  request: GroupSendMsgRequest,
  /** status '4' (not a member) or '5' (dismissed) are the group refusals. */
  response: SendMsgResult,
  auth: true,
  summary: 'Send a message to a group (idempotent by clientMsgId)',
});

export const addGroupMembers = endpoint({
  method: 'POST',
  path: '/group/addMembers',
  request: groupRef({ userIds: UserIds }),
  response: GroupInfo,
  auth: true,
  summary: "Add the caller's friends to the group (any member)",
});

export const removeGroupMembers = endpoint({
  method: 'POST',
  path: '/group/removeMembers',
  request: groupRef({ userIds: UserIds }),
  response: GroupInfo,
  auth: true,
  summary: 'Remove members (owner only)',
});

export const renameGroup = endpoint({
  method: 'POST',
  path: '/group/rename',
  request: groupRef({
    name: text(GROUP_NAME_MAX, {
      trim: true,
      tooLong: `name must be at most ${GROUP_NAME_MAX} characters`,
    }).min(1, 'please fill content'),
  }),
  response: GroupInfo,
  auth: true,
  summary: 'Rename the group (owner only)',
});

export const setGroupNotice = endpoint({
  method: 'POST',
  path: '/group/setNotice',
  request: groupRef({
    /** '' clears the announcement. */
    notice: text(GROUP_NOTICE_MAX, {
      multiline: true,
      trim: true,
      tooLong: `notice must be at most ${GROUP_NOTICE_MAX} characters`,
    }),
  }),
  response: GroupInfo,
  auth: true,
  summary: 'Edit the announcement (owner only); members are told in the chat',
});

export const setGroupNick = endpoint({
  method: 'POST',
  path: '/group/setNick',
  request: groupRef({
    /** '' clears it. */
    groupNick: text(GROUP_NICK_MAX, { trim: true }),
  }),
  response: GroupInfo,
  auth: true,
  summary: "Set the caller's nickname in this group",
});

export const setGroupSaved = endpoint({
  method: 'POST',
  path: '/group/setSaved',
  request: groupRef({ saved: YesNo }),
  response: GroupInfo,
  auth: true,
  summary: "Save the group to the caller's contacts, or take it off",
});

export const listSavedGroups = endpoint({
  method: 'POST',
  path: '/group/listSaved',
  request: z.object({}),
  response: z.object({ list: z.array(GroupView) }),
  auth: true,
  summary: 'The groups the caller saved to contacts (wx/groupInfo/grouplist)',
});

export const transferGroup = endpoint({
  method: 'POST',
  path: '/group/transfer',
  request: groupRef({ userId: IdString('userId') }),
  response: GroupInfo,
  auth: true,
  summary: 'Make another member the owner (owner only)',
});

export const quitGroup = endpoint({
  method: 'POST',
  path: '/group/quit',
  request: groupRef({}),
  response: z.object({ groupId: z.string(), chatId: z.string() }),
  auth: true,
  summary: 'Leave the group ("delete and quit"); an owner passes ownership on first',
});

export const dismissGroup = endpoint({
  method: 'POST',
  path: '/group/dismiss',
  request: groupRef({}),
  response: z.object({ groupId: z.string(), chatId: z.string() }),
  auth: true,
  summary: 'End the group for everyone (owner only); the chat stays, read-only',
});

export const GroupQrCode = z.object({
  /** An unguessable code; the QR encodes the app link to `wx/groupInfo/scanCodeDetail?code=…`. */
  code: z.string(),
  expiresAt: z.number(),
});

export const getGroupQrCode = endpoint({
  method: 'POST',
  path: '/group/qrCode',
  request: groupRef({}),
  response: GroupQrCode,
  auth: true,
  summary: 'A join code for the group QR card, valid for 7 days (any member)',
});

const InviteCode = text(64, { tooLong: 'invalid group QR code' }).regex(
  /^[A-Za-z0-9_-]{16,}$/,
  'invalid group QR code',
);

export const previewGroupByCode = endpoint({
  method: 'POST',
  path: '/group/preview',
  request: z.object({ code: InviteCode }),
  response: z.object({
    groupId: z.string(),
    name: z.string(),
    portrait: z.string(),
    memberCount: z.number().int(),
    isMember: z.boolean(),
    expiresAt: z.number(),
  }),
  auth: true,
  summary:
    "What a group QR code opens (refused when expired, forged, revoked with its maker's membership, or the group is gone)",
});

export const joinGroupByCode = endpoint({
  method: 'POST',
  path: '/group/join',
  request: z.object({ code: InviteCode }),
  response: GroupInfo,
  auth: true,
  summary: 'Join a group through its QR code (a member joining again is answered as is)',
});

/** Why a group changed (GROUP_CHANGED). */
export const GroupChange = z.enum([
  'created',
  'joined',
  'left',
  'removed',
  'renamed',
  'notice',
  'owner',
  'dismissed',
  'settings',
]);
export type GroupChange = z.infer<typeof GroupChange>;

/** msgContent of the GROUP_CHANGED notice: refetch `/group/getInfo/{groupId}` if it is shown. */
export const GroupChangedNotice = z.object({
  groupId: z.string(),
  chatId: z.string(),
  change: GroupChange,
});
export type GroupChangedNotice = z.infer<typeof GroupChangedNotice>;
