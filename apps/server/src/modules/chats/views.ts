/** How stored chats and messages look on the wire: pure mapping, no database. */
import {
  ChatType,
  MsgType,
  SYSTEM_USER_ID,
  type ChatSession,
  type ChatState,
  type GroupFace,
  type ServerMessage,
} from '@paichat/protocol';
import type { MemberChat, SessionRow } from './repo';

export interface Person {
  id: number;
  nick_name: string;
  portrait: string;
  user_type: string;
}

export interface ChatShape {
  type: string;
  user_low: number | null;
  user_high: number | null;
  group_id: number | null;
}

export interface StoredMessage {
  id: number;
  chat_id: number;
  seq: number;
  sender_id: number | null;
  client_msg_id: string | null;
  msg_type: string;
  content: Record<string, unknown>;
  created_at: number;
}

const SYSTEM_PARTY = { userId: SYSTEM_USER_ID, nickName: '', portrait: '', userType: 'system' };

/** A person as pushes name them (`fromInfo`, `chatInfo`); the system for a notice. */
export const party = (person: Person | undefined) =>
  person
    ? {
        userId: String(person.id),
        nickName: person.nick_name,
        portrait: person.portrait,
        userType: person.user_type,
      }
    : SYSTEM_PARTY;

const chatTypeOf = (chat: ChatShape): ChatType => (chat.type === ChatType.GROUP ? 'GROUP' : 'SINGLE');

/** SINGLE: the member who is not the sender ('' for a system notice); GROUP: the group. */
export function toIdOf(chat: ChatShape, senderId: number | null): string {
  if (chat.type === ChatType.GROUP) return String(chat.group_id ?? '');
  if (senderId === null) return '';
  return String(senderId === chat.user_low ? chat.user_high : chat.user_low);
}

export const parseStoredContent = (json: string): Record<string, unknown> => {
  try {
    const value: unknown = JSON.parse(json);
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : {};
  } catch {
    return {};
  }
};

const msgTypeOf = (value: string): MsgType => (value in MsgType ? (value as MsgType) : MsgType.TEXT);

/**
 * A message as `viewerId` receives it. `groupNick` is the sender's nickname in a GROUP chat's
 * group ('' when none); SINGLE messages carry no `fromGroupNick`.
 */
export function toServerMessage(
  message: StoredMessage,
  chat: ChatShape,
  viewerId: number,
  sender: Person | undefined,
  groupNick = '',
): ServerMessage {
  return {
    msgId: String(message.id),
    chatId: String(message.chat_id),
    seq: message.seq,
    clientMsgId: message.client_msg_id ?? '',
    fromId: message.sender_id === null ? SYSTEM_USER_ID : String(message.sender_id),
    toId: toIdOf(chat, message.sender_id),
    msgType: msgTypeOf(message.msg_type),
    talkType: chatTypeOf(chat),
    content: message.content,
    createTime: message.created_at,
    isSelf: message.sender_id === viewerId,
    fromNickName: sender?.nick_name ?? '',
    fromPortrait: sender?.portrait ?? '',
    ...(chat.type === ChatType.GROUP ? { fromGroupNick: groupNick } : {}),
  };
}

const PREVIEW_MAX = 100;
const str = (value: unknown): string => (typeof value === 'string' ? value : '');

/** A one-line English preview of a message for the chat list; clients may localize from lastMsg. */
export function preview(msgType: string, content: Record<string, unknown>): string {
  switch (msgType) {
    case MsgType.TEXT: {
      const text = str(content.text).replace(/\s+/g, ' ').trim();
      return text.length > PREVIEW_MAX ? `${text.slice(0, PREVIEW_MAX)}…` : text;
    }
    case MsgType.ALERT:
      return str(content.text);
    case MsgType.IMAGE:
      return '[Image]';
    case MsgType.VOICE:
      return '[Voice]';
    case MsgType.VIDEO:
      return '[Video]';
    case MsgType.LOCATION:
      return `[Location] ${str(content.name)}`;
    case MsgType.CARD:
      return `[Contact Card] ${str(content.nickName)}`;
    case MsgType.COLLECTION: {
      const inner = (typeof content.content === 'object' ? content.content : null) as Record<
        string,
        unknown
      > | null;
      const summary = str(inner?.text) || str(inner?.name) || str(inner?.nickName);
      return summary ? `[Favorite] ${summary}` : '[Favorite]';
    }
    case MsgType.FILE:
      return `[File] ${str(content.name)}`;
    case MsgType.TRTC_VOICE_START:
    case MsgType.TRTC_VOICE_END:
      return '[Voice Call]';
    case MsgType.TRTC_VIDEO_START:
    case MsgType.TRTC_VIDEO_END:
      return '[Video Call]';
    // Who recalled is the viewer's to word (clients localize from lastMsg).
    case MsgType.RECALL:
    case MsgType.RECALLED:
      return 'A message was recalled';
    case MsgType.HISTORY:
      return '[Chat history]';
    default:
      return '';
  }
}

const yesNo = (flag: number): 'Y' | 'N' => (flag ? 'Y' : 'N');

/** The newest seq the member may see: where they left a group, else the chat's newest. */
export const seenLastSeq = (member: Pick<MemberChat, 'last_seq' | 'left_seq'>): number =>
  member.left_seq ?? member.last_seq;

export function toChatState(member: MemberChat): ChatState {
  const lastSeq = seenLastSeq(member);
  return {
    chatId: String(member.chat_id),
    chatType: chatTypeOf(member),
    lastSeq,
    readSeq: member.read_seq,
    clearedSeq: member.cleared_seq,
    unreadCount: Math.max(0, lastSeq - member.read_seq),
    isTop: yesNo(member.is_top),
    isDisturb: yesNo(member.is_disturb),
    removed: lastSeq <= member.hidden_seq,
    // Up to where the member may see: a mention after they left is not theirs.
    mentioned: Math.min(member.mention_seq, lastSeq) > member.read_seq,
  };
}

/** GROUP: whether the viewer is still in it (a former member's chat is read-only, as a dismissed group's is). */
function groupStatusOf(row: SessionRow): ChatSession['groupStatus'] {
  if (row.left_seq !== null) return 'LEFT';
  return row.group_status === 'DISMISSED' ? 'DISMISSED' : 'ACTIVE';
}

/** A chat-list entry; a group's with the faces its picture is drawn from (groups/faces.ts), for a member. */
export function toChatSession(row: SessionRow, faces?: readonly GroupFace[]): ChatSession {
  let lastMsg: ServerMessage | null = null;
  let lastContent = '';
  if (row.last_id !== null && row.last_msg_type !== null && row.last_created_at !== null) {
    const content = parseStoredContent(row.last_content ?? '{}');
    const sender: Person | undefined =
      row.last_sender_id === null
        ? undefined
        : {
            id: row.last_sender_id,
            nick_name: row.last_sender_nick_name ?? '',
            portrait: row.last_sender_portrait ?? '',
            user_type: row.last_sender_user_type ?? '',
          };
    lastMsg = toServerMessage(
      {
        id: row.last_id,
        chat_id: row.chat_id,
        seq: row.last_seq_seen ?? row.last_seq,
        sender_id: row.last_sender_id,
        client_msg_id: row.last_client_msg_id,
        msg_type: row.last_msg_type,
        content,
        created_at: row.last_created_at,
      },
      row,
      row.user_id,
      sender,
      row.last_sender_group_nick ?? '',
    );
    lastContent = preview(row.last_msg_type, content);
  }
  const common = {
    ...toChatState(row),
    lastContent,
    lastTime: Number(row.last_time),
    lastMsg,
    deletions: Number(row.deletions),
  };
  if (row.type === ChatType.GROUP) {
    const groupId = String(row.group_id ?? '');
    const groupStatus = groupStatusOf(row);
    return {
      ...common,
      userId: groupId,
      groupId,
      groupStatus,
      nickName: row.group_name ?? '',
      portrait: row.group_portrait ?? '',
      ...(groupStatus !== 'LEFT' && faces?.length ? { faces: [...faces] } : {}),
      userType: '',
    };
  }
  return {
    ...common,
    userId: String(row.peer_id ?? ''),
    nickName: row.peer_remark || row.peer_nick_name || '',
    portrait: row.peer_portrait ?? '',
    userType: row.peer_user_type ?? '',
  };
}
