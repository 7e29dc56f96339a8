/**
 * Pushing to a group's members. A group message has one form for the sender's devices
 * (`isSelf` true) and one for everyone else, so each is serialized once and the bus carries
 * that text to every recipient's sockets: sending to 500 members costs two JSON encodings,
 * not 500.
 */
import {
  ChatType,
  NoticeType,
  type GroupChange,
  type GroupChangedNotice,
  type MsgPush,
  noticePush,
} from '@paichat/protocol';
import type { Bus } from '../../realtime/bus';
import { pushToUsers } from '../../realtime/push';
import { party, toServerMessage, type ChatShape, type Person, type StoredMessage } from '../chats/views';

export interface GroupLook {
  id: number;
  chat_id: number;
  name: string;
  portrait: string;
}

export interface GroupSender {
  person: Person;
  groupNick: string;
}

/** Pushes a stored group message to these members (the sender's devices get their own form). */
export async function pushGroupMessage(
  bus: Bus,
  group: GroupLook,
  message: StoredMessage,
  sender: GroupSender | null,
  recipientIds: readonly number[],
): Promise<void> {
  const chat: ChatShape = { type: ChatType.GROUP, user_low: null, user_high: null, group_id: group.id };
  const groupParty = { userId: String(group.id), nickName: group.name, portrait: group.portrait };
  const pushFor = (viewerId: number): MsgPush => {
    const msgContent = toServerMessage(message, chat, viewerId, sender?.person, sender?.groupNick ?? '');
    return {
      pushType: 'MSG',
      msgId: msgContent.msgId,
      chatId: msgContent.chatId,
      chatType: ChatType.GROUP,
      seq: message.seq,
      ...(message.client_msg_id ? { clientMsgId: message.client_msg_id } : {}),
      msgContent,
      fromInfo: party(sender?.person),
      chatInfo: groupParty,
      groupInfo: groupParty,
      createTime: message.created_at,
    };
  };
  const senderId = sender?.person.id ?? null;
  const others = recipientIds.filter((id) => id !== senderId).map(String);
  // Viewer 0 is no one: isSelf is false.
  const pushes = [pushToUsers(bus, others, pushFor(0))];
  if (senderId !== null && recipientIds.includes(senderId))
    pushes.push(pushToUsers(bus, [String(senderId)], pushFor(senderId)));
  await Promise.all(pushes);
}

/** Tells these users' devices that the group changed (open info screens refetch). */
export function pushGroupChanged(
  bus: Bus,
  group: GroupLook,
  change: GroupChange,
  userIds: Iterable<number>,
  now: number,
): Promise<void> {
  const content: GroupChangedNotice = { groupId: String(group.id), chatId: String(group.chat_id), change };
  return pushToUsers(bus, [...userIds].map(String), noticePush(NoticeType.GROUP_CHANGED, content, now));
}
