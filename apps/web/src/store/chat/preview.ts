/**
 * What a message reads as in one line: the chat list's preview ("[Image]", the text, a
 * notice …) and the text of system notices, localized.
 */
import { AlertCode, MsgType } from '@paichat/protocol';
import { chatT, hasText, type ChatTextKey, type Translate } from './texts';
import type { LocalMessage } from './types';

/** Longest preview kept (the list cuts it visually anyway). */
export const PREVIEW_MAX = 100;

export interface PreviewSource {
  msgType: string;
  content: unknown;
  notice?: LocalMessage['notice'];
  /** 3 for system notices. */
  type?: LocalMessage['type'];
  /** A group message from someone else: its sender, shown before the text. */
  sender?: string;
}

const field = (content: unknown, name: string): string => {
  if (!content || typeof content !== 'object') return '';
  const value = (content as Record<string, unknown>)[name];
  return typeof value === 'string' ? value : '';
};

const oneLine = (text: string): string => {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > PREVIEW_MAX ? `${flat.slice(0, PREVIEW_MAX)}…` : flat;
};

const ALERT_KEYS: Record<AlertCode, ChatTextKey> = {
  nowFriends: 'chat.alert.nowFriends',
  groupCreated: 'chat.alert.groupCreated',
  groupInvited: 'chat.alert.groupInvited',
  groupJoined: 'chat.alert.groupJoined',
  groupLeft: 'chat.alert.groupLeft',
  groupRemoved: 'chat.alert.groupRemoved',
  groupRenamed: 'chat.alert.groupRenamed',
  groupNotice: 'chat.alert.groupNotice',
  groupOwner: 'chat.alert.groupOwner',
  groupDismissed: 'chat.alert.groupDismissed',
};

/**
 * The text of a system notice (type 3): a local notice by its key, a server ALERT by its code
 * (its English text when the code is new to this client), else the text it carries.
 */
export function noticeText(
  m: Pick<PreviewSource, 'content' | 'notice'>,
  t: Translate = chatT,
  known: (key: string) => boolean = hasText,
): string {
  if (m.notice && known(m.notice.key)) return t(m.notice.key as ChatTextKey, m.notice.params);
  const code = field(m.content, 'code');
  if (code in ALERT_KEYS) return t(ALERT_KEYS[code as AlertCode], paramsOf(m.content));
  return field(m.content, 'text');
}

function paramsOf(content: unknown): Record<string, string> | undefined {
  if (!content || typeof content !== 'object') return undefined;
  const params = (content as { params?: unknown }).params;
  if (!params || typeof params !== 'object') return undefined;
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(params)) if (typeof v === 'string') out[k] = v;
  return out;
}

const labelled = (label: string, detail: string) => (detail ? `${label} ${detail}` : label);

/** The chat list's one-line preview of a message, localized ("name: text" in groups, as WeChat). */
export function previewText(m: PreviewSource, t: Translate = chatT): string {
  if (m.type === 3 || m.notice || m.msgType === MsgType.ALERT) return oneLine(noticeText(m, t));
  // A recall event names who recalled (its sender) rather than prefixing them.
  if (m.msgType === MsgType.RECALL)
    return oneLine(recallLine({ byMe: m.type === 2, byName: m.sender ?? '' }, t));
  const text = contentPreview(m, t);
  return m.sender ? oneLine(`${m.sender}: ${text}`) : text;
}

/**
 * A message's content in one line ("[Image]", its text, "[Location] name" …); a favorite's too
 * (its kind as the message type, a note as a TEXT).
 */
export function contentPreview(m: Pick<PreviewSource, 'msgType' | 'content'>, t: Translate = chatT): string {
  switch (m.msgType) {
    case MsgType.TEXT:
    case 'NOTE':
      return oneLine(field(m.content, 'text'));
    case MsgType.IMAGE:
      return t('chat.preview.image');
    case MsgType.VOICE:
      return t('chat.preview.voice');
    case MsgType.VIDEO:
      return t('chat.preview.video');
    case MsgType.LOCATION:
      return oneLine(labelled(t('chat.preview.location'), field(m.content, 'name')));
    case MsgType.CARD:
      return oneLine(labelled(t('chat.preview.card'), field(m.content, 'nickName')));
    case MsgType.COLLECTION: {
      const inner = (m.content as { content?: unknown } | null)?.content;
      return oneLine(
        labelled(
          t('chat.preview.favorite'),
          field(inner, 'text') || field(inner, 'name') || field(inner, 'nickName'),
        ),
      );
    }
    case MsgType.FILE:
      return oneLine(labelled(t('chat.preview.file'), field(m.content, 'name')));
    case MsgType.HISTORY:
      return t('chat.preview.history');
    case MsgType.TRTC_VOICE_START:
    case MsgType.TRTC_VOICE_END:
      return t('chat.preview.voiceCall');
    case MsgType.TRTC_VIDEO_START:
    case MsgType.TRTC_VIDEO_END:
      return t('chat.preview.videoCall');
    case MsgType.RECALL:
    case MsgType.RECALLED:
      return t('chat.recall.message');
    default:
      return t('chat.preview.message');
  }
}

/** Who recalled a message, and whose it was, as the recalled row says it. */
export interface RecallFacts {
  /** The viewer recalled it. */
  byMe: boolean;
  /** Who recalled it ('' when unknown). */
  byName: string;
  /** A group owner recalled someone else's message: that person. */
  author?: { me: boolean; name: string };
}

/** "You recalled a message", "{name} recalled a message", "{admin} recalled a message from {name}" … */
export function recallLine(f: RecallFacts, t: Translate = chatT): string {
  if (f.author) {
    if (f.byMe) return t('chat.recall.youFrom', { name: f.author.name });
    if (f.author.me) return t('chat.recall.byAdminYours', { admin: f.byName });
    return t('chat.recall.byAdmin', { admin: f.byName, name: f.author.name });
  }
  if (f.byMe) return t('chat.recall.you');
  return f.byName ? t('chat.recall.other', { name: f.byName }) : t('chat.recall.message');
}
