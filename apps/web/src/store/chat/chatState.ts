/**
 * Pure rules for one chat's stored state (StoredChat): taking in what the server says (a
 * session, a ChatState from an answer or a notice), and showing it as a chat-list entry.
 * Seqs only move forward, so every merge takes the maximum and an older answer arriving
 * after a newer push changes nothing.
 */
import { MsgType, type ChatSession, type ChatState } from '@paichat/protocol';
import { compareMessages, fromServer, isCallStart, showNameOf, type RemarkOf } from './messages';
import { previewText } from './preview';
import type { StoredChat, StoredPreview } from './storage';
import type { Translate } from './texts';
import type { ChatListEntry, ChatWindowState, LocalMessage } from './types';
import { isMentioned, mentionSeqAfter } from './mentions';
import { entryNum, unreadOf } from './unread';

export function emptyChat(
  base: Pick<StoredChat, 'chatId' | 'chatType' | 'userId' | 'nickName' | 'portrait' | 'userType'>,
): StoredChat {
  return {
    ...base,
    lastSeq: 0,
    readSeq: 0,
    clearedSeq: 0,
    hiddenSeq: null,
    isTop: 'N',
    isDisturb: 'N',
    heldFrom: null,
    heldTo: null,
    hasOlder: true,
    preview: null,
    lastTime: 0,
    pendingRead: null,
  };
}

/** On the chat list: not removed, or a message came since. */
export const isListed = (chat: StoredChat): boolean =>
  chat.hiddenSeq === null || chat.lastSeq > chat.hiddenSeq;

/** Seqs and read position from the server (never back). */
export function withSeqs(
  chat: StoredChat,
  state: Pick<ChatState, 'lastSeq' | 'readSeq'> & { mentioned?: boolean },
): StoredChat {
  const lastSeq = Math.max(chat.lastSeq, state.lastSeq);
  const readSeq = Math.max(chat.readSeq, state.readSeq);
  const pendingRead =
    chat.pendingRead !== null && state.readSeq >= chat.pendingRead ? null : chat.pendingRead;
  const mentionSeq = mentionSeqAfter(chat, state);
  return { ...chat, lastSeq, readSeq, pendingRead, ...(mentionSeq > 0 && { mentionSeq }) };
}

/** The member's settings from the server. */
export function withSettings(chat: StoredChat, state: ChatState): StoredChat {
  return {
    ...chat,
    isTop: state.isTop,
    isDisturb: state.isDisturb,
    hiddenSeq: state.removed ? Math.max(state.lastSeq, chat.lastSeq) : null,
  };
}

export function previewOf(row: LocalMessage): StoredPreview {
  const p: StoredPreview = {
    createTime: row.createTime,
    msgType: row.msgType,
    content: row.content,
    type: row.type,
  };
  if (row.seq !== undefined) p.seq = row.seq;
  else p.afterSeq = row.afterSeq ?? 0;
  if (row.notice) p.notice = row.notice;
  if (row.sendtype) p.sendtype = row.sendtype;
  if (row.showName) {
    p.sender = row.showName;
    p.senderId = row.fromId;
    if (row.groupNick) p.groupNick = row.groupNick;
  }
  return p;
}

const asRow = (p: StoredPreview): LocalMessage => ({
  id: '',
  chatId: '',
  seq: p.seq,
  afterSeq: p.afterSeq,
  fromId: '',
  toId: '',
  msgType: p.msgType as LocalMessage['msgType'],
  content: p.content,
  createTime: p.createTime,
  type: p.type,
  nickName: '',
  portrait: '',
});

/** The later of two previews in display order (the candidate wins a tie: it is fresher). */
export function laterPreview(
  current: StoredPreview | null,
  candidate: StoredPreview | null,
): StoredPreview | null {
  if (!candidate) return current;
  if (!current) return candidate;
  return compareMessages(asRow(current), asRow(candidate)) > 0 ? current : candidate;
}

/**
 * The newest row a window shows, as a preview (never one the user deleted for themselves, nor
 * a reaction: it is no message of its own).
 */
export function lastVisiblePreview(rows: readonly LocalMessage[]): StoredPreview | null {
  for (let i = rows.length - 1; i >= 0; i -= 1) {
    const row = rows[i] as LocalMessage;
    if (!isCallStart(row.msgType) && row.msgType !== MsgType.DELETED && row.msgType !== MsgType.REACTION)
      return previewOf(row);
  }
  return null;
}

/** A chat as a session of /chat/getChatSessions describes it (names, settings, seqs, preview). */
export function withSession(chat: StoredChat, s: ChatSession, settings: boolean): StoredChat {
  let next = withSeqs(chat, s);
  next = {
    ...next,
    chatType: s.chatType,
    userId: s.userId,
    nickName: s.nickName,
    portrait: s.portrait,
    userType: s.userType,
    lastTime: Math.max(next.lastTime, s.lastTime),
  };
  if (s.groupStatus) next.groupStatus = s.groupStatus;
  // Set even when absent: a former member is told none, and the server's picture shows again.
  next.faces = s.faces;
  if (settings) next = withSettings(next, s);
  if (s.lastMsg && !isCallStart(s.lastMsg.msgType) && s.lastMsg.seq > s.clearedSeq)
    next.preview = laterPreview(next.preview, previewOf(fromServer(s.lastMsg)));
  return next;
}

/**
 * A group preview's sender, named as the chat names them above the bubble (group nickname,
 * else the viewer's remark, else nickname). A preview stored without the sender's id gets no
 * remark.
 */
function senderOf(p: StoredPreview, remarkOf: RemarkOf): string | undefined {
  if (!p.sender) return undefined;
  return showNameOf({ fromId: p.senderId ?? '', groupNick: p.groupNick, nickName: p.sender }, remarkOf);
}

const noRemark: RemarkOf = () => undefined;

/** A one-to-one chat's recall event from the peer is named by the chat's name for them. */
const recallerOf = (chat: StoredChat, p: StoredPreview): string | undefined =>
  p.msgType === MsgType.RECALL && chat.chatType === 'SINGLE' ? chat.nickName : undefined;

/** Spec 3 chat data per peer: the friend's fromInfo, or the group's groupInfo. */
export function peerInfoOf(chat: StoredChat): Pick<ChatWindowState, 'fromInfo' | 'groupInfo'> {
  const { nickName, portrait, userId, userType } = chat;
  return chat.chatType === 'GROUP'
    ? { groupInfo: { nickName, portrait, userId } }
    : { fromInfo: { nickName, portrait, userId, userType } };
}

/** Spec 3 chat-list entry. */
export function toEntry(chat: StoredChat, t: Translate, remarkOf: RemarkOf = noRemark): ChatListEntry {
  const p = chat.preview;
  const mentioned = isMentioned(chat);
  const entry: ChatListEntry = {
    chatId: chat.chatId,
    userId: chat.userId,
    nickName: chat.nickName,
    portrait: chat.portrait,
    content: p ? previewText({ ...p, sender: senderOf(p, remarkOf) ?? recallerOf(chat, p) }, t) : '',
    time: p ? p.createTime : chat.lastTime,
    // A mention is not muted: its count shows, not a dot.
    num: entryNum(unreadOf(chat.lastSeq, chat.readSeq), mentioned ? 'N' : chat.isDisturb),
    windowType: chat.chatType,
    disturb: chat.isDisturb,
    top: chat.isTop,
    userType: chat.userType,
    lastSeq: chat.lastSeq,
    readSeq: chat.readSeq,
  };
  if (p?.type === 2 && p.sendtype) entry.lastSendtype = p.sendtype;
  if (chat.groupStatus) entry.groupStatus = chat.groupStatus;
  if (chat.faces) entry.faces = chat.faces;
  if (mentioned) entry.mentioned = true;
  return entry;
}
