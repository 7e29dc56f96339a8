/**
 * NOTICE pushes: one schema per notice type, with the msgContent that type carries, so a
 * sender cannot push a payload its listeners do not expect and a listener receives it typed.
 * `ServerPush` is every frame the server sends on a socket: a message (MSG) or a notice.
 */
import { z } from 'zod';
import { ChatReadNotice, ChatUpdatedNotice } from './chats';
import { MsgDeletedNotice } from './forward';
import { GroupChangedNotice } from './groups';
import { GroupReadsNotice, PeerReadNotice, TypingNotice } from './receipts';
import { MsgPush, NoticeType } from './socket';

/** msgContent of a notice that carries nothing but its type. */
export const EmptyNotice = z.object({});

/** msgContent of LOGIN_ELSEWHERE / LOGOUT_ELSEWHERE: the other device, in short, and when. */
export const DeviceNotice = z.object({ device: z.string(), time: z.number() });

/** msgContent of FRIEND_APPLY: the pending received count, and who just asked. */
export const FriendApplyNotice = z.object({
  count: z.number().int().nonnegative(),
  userId: z.string(),
  nickName: z.string(),
});

/** msgContent of FRIEND_ACCEPTED / FRIEND_REJECTED: who answered the viewer's request. */
export const FriendAnswerNotice = z.object({ userId: z.string(), nickName: z.string() });

/**
 * msgContent of MOMENT_INTERACTION: how many interactions are unread now (`/my/notices`
 * topicReply), and the post that was liked or commented on, so an open feed can show it. It goes
 * only to whom the interaction concerns, who may see that post.
 */
export const MomentInteractionNotice = z.object({
  count: z.number().int().nonnegative(),
  momentId: z.string(),
});

/** msgContent of MOMENT_POSTED: the author, as `/my/notices` topicRed names them. */
export const MomentPostedNotice = z.object({
  portrait: z.string(),
  userId: z.string(),
  nickName: z.string(),
});

/** Each notice type's msgContent. */
export const NoticeContents = {
  [NoticeType.SOCKET_READY]: EmptyNotice,
  [NoticeType.LOGIN_ELSEWHERE]: DeviceNotice,
  [NoticeType.LOGOUT_ELSEWHERE]: DeviceNotice,
  [NoticeType.FRIEND_APPLY]: FriendApplyNotice,
  [NoticeType.FRIEND_ACCEPTED]: FriendAnswerNotice,
  [NoticeType.FRIEND_REJECTED]: FriendAnswerNotice,
  [NoticeType.CONTACTS_CHANGED]: EmptyNotice,
  [NoticeType.PROFILE_CHANGED]: EmptyNotice,
  [NoticeType.CHAT_READ]: ChatReadNotice,
  [NoticeType.CHAT_UPDATED]: ChatUpdatedNotice,
  [NoticeType.GROUP_CHANGED]: GroupChangedNotice,
  [NoticeType.MSG_DELETED]: MsgDeletedNotice,
  [NoticeType.MOMENT_INTERACTION]: MomentInteractionNotice,
  [NoticeType.MOMENT_POSTED]: MomentPostedNotice,
  [NoticeType.PEER_READ]: PeerReadNotice,
  [NoticeType.GROUP_READS]: GroupReadsNotice,
  [NoticeType.TYPING]: TypingNotice,
} as const satisfies Record<NoticeType, z.ZodType>;

export type NoticeContent<T extends NoticeType> = z.infer<(typeof NoticeContents)[T]>;

const notice = <T extends NoticeType>(noticeType: T) =>
  z.object({
    pushType: z.literal('NOTICE'),
    noticeType: z.literal(noticeType),
    msgContent: NoticeContents[noticeType],
    createTime: z.number(),
  });

export const NoticePush = z.discriminatedUnion('noticeType', [
  notice(NoticeType.SOCKET_READY),
  notice(NoticeType.LOGIN_ELSEWHERE),
  notice(NoticeType.LOGOUT_ELSEWHERE),
  notice(NoticeType.FRIEND_APPLY),
  notice(NoticeType.FRIEND_ACCEPTED),
  notice(NoticeType.FRIEND_REJECTED),
  notice(NoticeType.CONTACTS_CHANGED),
  notice(NoticeType.PROFILE_CHANGED),
  notice(NoticeType.CHAT_READ),
  notice(NoticeType.CHAT_UPDATED),
  notice(NoticeType.GROUP_CHANGED),
  notice(NoticeType.MSG_DELETED),
  notice(NoticeType.MOMENT_INTERACTION),
  notice(NoticeType.MOMENT_POSTED),
  notice(NoticeType.PEER_READ),
  notice(NoticeType.GROUP_READS),
  notice(NoticeType.TYPING),
]);
export type NoticePush = z.infer<typeof NoticePush>;

/** The notice push of one type. */
export type NoticePushOf<T extends NoticeType> = Extract<NoticePush, { noticeType: T }>;

/** A notice push, built from its type and content (the content's type follows the notice's). */
export function noticePush<T extends NoticeType>(
  noticeType: T,
  msgContent: NoticeContent<T>,
  time: number,
): NoticePushOf<T> {
  return { pushType: 'NOTICE', noticeType, msgContent, createTime: time } as NoticePushOf<T>;
}

export const ServerPush = z.discriminatedUnion('pushType', [MsgPush, NoticePush]);
export type ServerPush = z.infer<typeof ServerPush>;
