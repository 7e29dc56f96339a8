import { z } from 'zod';
import { text } from './text';
import { PersonRef } from './user';

/**
 * Chat messages: their types and the `content` each carries.
 *
 * `content` is a JSON object whose shape depends on `msgType` (spec 3, message types). What a
 * client may send is `OutgoingMessage` (a union discriminated by `msgType`); ALERT is written
 * by the server only. Files are referenced by the URLs /file/upload answered (`/file/…`): the
 * server checks each one is a stored file of the right kind and fills what it knows about it
 * (image size and thumbnail, file name and size) rather than trusting the client. A CARD names
 * a user by id (someone the sender may see) and the server fills in that user's current name and
 * portrait, the chat ID only on one's own card, and a reference that lets the recipients open
 * the person's page. Text is stored verbatim (HTML included): clients show it as text, never as
 * markup.
 */

export const MsgType = {
  TEXT: 'TEXT',
  /** A system notice (spec: local message type 3); written by the server only. */
  ALERT: 'ALERT',
  IMAGE: 'IMAGE',
  VOICE: 'VOICE',
  VIDEO: 'VIDEO',
  LOCATION: 'LOCATION',
  /** A favorite (collection item) shared into the chat. */
  COLLECTION: 'COLLECTION',
  /** A contact card. */
  CARD: 'CARD',
  /** A document; the H5 client shows "file function not yet implemented". */
  FILE: 'FILE',
  TRTC_VOICE_START: 'TRTC_VOICE_START',
  TRTC_VOICE_END: 'TRTC_VOICE_END',
  TRTC_VIDEO_START: 'TRTC_VIDEO_START',
  TRTC_VIDEO_END: 'TRTC_VIDEO_END',
  /**
   * Message actions (docs/architecture.md, "Message actions"); none is sent through sendMsg.
   * RECALL: the event that takes back the message at `targetSeq`; not drawn.
   */
  RECALL: 'RECALL',
  /** A message as it is once recalled: its content is gone. */
  RECALLED: 'RECALLED',
  /** A message its viewer deleted for themselves (answered to them only); not drawn. */
  DELETED: 'DELETED',
  /** Forwarded messages merged into one "Chat history" card. */
  HISTORY: 'HISTORY',
  /** An emoji put on (or taken off) the message at `targetSeq` (reactions.ts); not drawn. */
  REACTION: 'REACTION',
} as const;
export type MsgType = (typeof MsgType)[keyof typeof MsgType];
export const MsgTypeSchema = z.enum(Object.values(MsgType) as [MsgType, ...MsgType[]]);

export const ChatType = { SINGLE: 'SINGLE', GROUP: 'GROUP' } as const;
export type ChatType = (typeof ChatType)[keyof typeof ChatType];
export const ChatTypeSchema = z.enum([ChatType.SINGLE, ChatType.GROUP]);

// Limits.

export const TEXT_MAX = 2000;
export const VOICE_MIN_SECONDS = 1;
export const VOICE_MAX_SECONDS = 60;
export const VIDEO_MAX_SECONDS = 3600;
export const CALL_MAX_SECONDS = 86_400;
export const LOCATION_NAME_MAX = 100;
export const LOCATION_ADDRESS_MAX = 200;
export const FILE_NAME_MAX = 255;
export const CLIENT_MSG_ID_MAX = 64;
/** A quote keeps this many characters of its original. */
export const QUOTE_SNIPPET_MAX = 100;
/** People one message may mention. */
export const MENTIONS_MAX = 50;
/** Messages one "Chat history" card (or one forward) may carry. */
export const HISTORY_ITEMS_MAX = 100;
/** Pixel sides above this are not believable for an image. */
const PIXELS_MAX = 100_000;

/** An id as it travels: a decimal string of at most 18 digits. */
export const IdString = (name: string, message = `${name} must be an id`) =>
  text(18, { tooLong: message }).regex(/^\d+$/, message);
/** An IdString, or '' for none. */
export const IdStringOrEmpty = (name: string) =>
  text(18, { tooLong: `${name} must be an id` }).regex(/^\d*$/, `${name} must be an id`);

/**
 * A stored file's URL exactly as /file/upload answered it: `/file/<32 hex>[.thumb].<ext>`.
 * Anything else (another site, a path outside /file/, a query) is refused.
 */
export const FILE_URL_PATTERN = /^\/file\/[0-9a-f]{32}(?:\.thumb)?\.[a-z0-9]{2,5}$/;
const FILE_URL_MESSAGE = 'must be a file URL answered by /file/upload';
export const FileUrl = text(64, { tooLong: FILE_URL_MESSAGE }).regex(FILE_URL_PATTERN, FILE_URL_MESSAGE);
/** A FileUrl, or '' for none (one string schema rather than a union, so a refusal says why). */
export const FileUrlOrEmpty = text(64, { tooLong: FILE_URL_MESSAGE }).refine(
  (value) => value === '' || FILE_URL_PATTERN.test(value),
  FILE_URL_MESSAGE,
);

/**
 * The client's temporary id (`local_…`), echoed back and used for idempotency: a retry with
 * the same (sender, clientMsgId) answers the original message and stores nothing new.
 */
export const ClientMsgId = text(CLIENT_MSG_ID_MAX).regex(
  /^[A-Za-z0-9_.:-]+$/,
  'clientMsgId may only contain letters, digits and _ . : -',
);

// Content per type: what a client sends.

/** A reply names the message it quotes; the server freezes the rest (`Quote`). */
export const QuoteInput = z.object({ msgId: IdString('quote.msgId') });

/** A quote as stored: the original as it was when the reply was sent. */
export const Quote = z.object({
  msgId: z.string(),
  seq: z.number().int(),
  fromId: z.string(),
  fromName: z.string(),
  msgType: MsgTypeSchema,
  /** At most QUOTE_SNIPPET_MAX characters of a text; '' for other types and once recalled. */
  snippet: z.string(),
  /** The original was recalled: the snippet is gone. */
  recalled: z.boolean().default(false),
});
export type Quote = z.infer<typeof Quote>;

/** Link previews (docs/architecture.md, "Link previews"): the longest address a card is made for. */
export const LINK_URL_MAX = 2048;
export const LINK_TITLE_MAX = 200;
export const LINK_DESCRIPTION_MAX = 300;
export const LINK_SITE_NAME_MAX = 100;

const LINK_URL_MESSAGE = 'must be an http(s) address';
/** An absolute http(s) address without a user name or password in it. */
export const LinkUrl = text(LINK_URL_MAX, { trim: true }).refine((value) => {
  if (!URL.canParse(value)) return false;
  const url = new URL(value);
  return (url.protocol === 'https:' || url.protocol === 'http:') && !url.username && !url.password;
}, LINK_URL_MESSAGE);

/** A text names the link it was previewed with, as it is written in the text; the server fills the card. */
export const LinkInput = z.object({ url: LinkUrl });

/**
 * A link's card, as the server read it from the page and froze it into the text: the picture
 * is a copy stored here (receivers never contact the site), null when the page has none.
 */
export const LinkCard = z.object({
  url: z.string(),
  title: z.string(),
  /** '' when the page has none. */
  description: z.string(),
  /** The site's own name, else its host. */
  siteName: z.string(),
  image: z
    .object({ url: z.string().regex(FILE_URL_PATTERN), width: z.number().int(), height: z.number().int() })
    .nullable(),
});
export type LinkCard = z.infer<typeof LinkCard>;

/** Group messages only: who is mentioned (members), or everyone (owner and admins). */
const mentionFields = {
  mentions: z.array(IdString('mentions')).max(MENTIONS_MAX, `at most ${MENTIONS_MAX} mentions`).optional(),
  mentionAll: z.boolean().optional(),
};

export const TextContent = z.object({
  text: text(TEXT_MAX, {
    multiline: true,
    trim: true,
    tooLong: `text must be at most ${TEXT_MAX} characters`,
  }).min(1, 'text is required'),
  quote: QuoteInput.optional(),
  link: LinkInput.optional(),
  ...mentionFields,
});

/** A text as stored and answered. */
export const TextContentOut = z.object({
  text: z.string(),
  quote: Quote.optional(),
  link: LinkCard.optional(),
  ...mentionFields,
});

/** RECALL: the event; who recalled is its sender. */
export const RecallContent = z.object({ targetSeq: z.number().int(), targetMsgId: z.string() });
/** RECALLED: the target afterwards; its sender (fromId) is still who wrote it. */
export const RecalledContent = z.object({ byId: z.string(), byName: z.string() });
export const DeletedContent = z.object({});

/** REACTION: the event; who reacted is its sender. */
export const ReactionContent = z.object({
  targetSeq: z.number().int(),
  targetMsgId: z.string(),
  emoji: z.string(),
  /** True: the sender added the emoji; false: they took it back. */
  on: z.boolean(),
});
export type ReactionContent = z.infer<typeof ReactionContent>;

/** One emoji on a message as the viewer sees it. */
export const ReactionCount = z.object({
  emoji: z.string(),
  count: z.number().int(),
  /** The viewer is among those who reacted with it. */
  mine: z.boolean(),
});
export type ReactionCount = z.infer<typeof ReactionCount>;

/** A message's reactions (reactions.ts), oldest emoji first, as of the REACTION event at `seq`. */
export const ReactionSummary = z.object({ seq: z.number().int(), list: z.array(ReactionCount) });
export type ReactionSummary = z.infer<typeof ReactionSummary>;

/** One message inside a "Chat history" card: a frozen copy. */
export const HistoryItem = z.object({
  fromName: z.string(),
  fromPortrait: z.string(),
  msgType: MsgTypeSchema,
  content: z.record(z.string(), z.unknown()),
  createTime: z.number(),
});
export const HistoryContent = z.object({
  /** "Chat history of {a} and {b}" / "Group chat history", as the forwarder's device wrote it. */
  title: z.string(),
  items: z.array(HistoryItem).max(HISTORY_ITEMS_MAX),
});
export type HistoryContent = z.infer<typeof HistoryContent>;

/** width, height and thumbUrl are filled from the stored image; the client's values are ignored. */
export const ImageContent = z.object({
  url: FileUrl,
  thumbUrl: FileUrlOrEmpty.optional(),
  width: z.number().int().min(1).max(PIXELS_MAX).optional(),
  height: z.number().int().min(1).max(PIXELS_MAX).optional(),
});

export const VoiceContent = z.object({
  url: FileUrl,
  /** Whole seconds. */
  duration: z
    .number()
    .int('duration must be whole seconds')
    .min(VOICE_MIN_SECONDS, 'recording time too short')
    .max(VOICE_MAX_SECONDS, `duration must be at most ${VOICE_MAX_SECONDS} seconds`),
});

export const VideoContent = z.object({
  url: FileUrl,
  /** Seconds. */
  duration: z.number().min(0).max(VIDEO_MAX_SECONDS).optional(),
  /** A poster image uploaded through /file/upload. */
  thumbUrl: FileUrl.optional(),
});

export const LocationContent = z.object({
  name: text(LOCATION_NAME_MAX, {
    trim: true,
    tooLong: `name must be at most ${LOCATION_NAME_MAX} characters`,
  }).min(1, 'please select a location'),
  address: text(LOCATION_ADDRESS_MAX, { trim: true }).default(''),
  latitude: z.number().min(-90).max(90),
  longitude: z.number().min(-180).max(180),
});

/**
 * Only userId (and ref) count: the server fills the rest from that user's profile. The sender
 * must be able to see the person: related to them, or holding a `ref` the server issued.
 */
export const CardContentInput = z.object({
  userId: IdString('userId'),
  ref: PersonRef.optional(),
  nickName: text(64).optional(),
  portrait: text(512).optional(),
  chatNo: text(64).optional(),
});

/**
 * A favorite shared into a chat: only its id. The server copies the sender's own favorite into
 * the message (`CollectionContentOut`), so nobody can send someone else's favorite or make one up.
 */
export const CollectionContentInput = z.object({ favoriteId: IdString('favoriteId') });

/** name and size are filled from the stored file when left out. */
export const FileContentInput = z.object({
  url: FileUrl,
  name: text(FILE_NAME_MAX, { trim: true }).min(1).optional(),
  size: z.number().int().min(0).optional(),
});

export const CallStartContent = z.object({});
export const CallEndContent = z.object({
  /** Seconds the call lasted. */
  duration: z.number().int().min(0).max(CALL_MAX_SECONDS),
});

// What the server stores and sends back (every field present).

export const ImageContentOut = z.object({
  url: z.string(),
  thumbUrl: z.string(),
  width: z.number().int(),
  height: z.number().int(),
});
export const CardContent = z.object({
  userId: z.string(),
  nickName: z.string(),
  portrait: z.string(),
  /** '' unless the sender shared their own card. */
  chatNo: z.string(),
  /** Opens the person's page for whoever holds the card ('' on cards stored before it existed). */
  ref: z.string().default(''),
});
export const FileContent = z.object({ url: z.string(), name: z.string(), size: z.number().int() });

/**
 * What a favorite holds: a copy of the message it came from (its type's stored content), or a
 * note written in Favorites (NOTE, `{text}`).
 */
export const FavoriteKind = z.enum(['TEXT', 'IMAGE', 'VOICE', 'VIDEO', 'LOCATION', 'CARD', 'NOTE']);
export type FavoriteKind = z.infer<typeof FavoriteKind>;

/** A COLLECTION as stored and answered: a copy of the favorite when it was sent. */
export const CollectionContentOut = z.object({
  kind: FavoriteKind,
  /** The kind's content (a NOTE's is `{text}`). */
  content: z.record(z.string(), z.unknown()),
  /** Who sent the message the favorite came from, as named then ('' for a note). */
  sourceName: z.string(),
  /** When that message was sent, or the note written (ms). */
  sourceTime: z.number(),
});
export type CollectionContentOut = z.infer<typeof CollectionContentOut>;

/** System notices; `code` is what clients localize, `text` is the English fallback. */
export const AlertCode = {
  /** Two people just became friends (their chat opens with it). */
  nowFriends: 'nowFriends',
  /** params {name}: who created the group, {names}: who they invited. */
  groupCreated: 'groupCreated',
  /** params {name}: who added, {names}: who joined. */
  groupInvited: 'groupInvited',
  /** params {name}: who joined through the QR code. */
  groupJoined: 'groupJoined',
  /** params {name}: who left. */
  groupLeft: 'groupLeft',
  /** params {name}: the owner, {names}: who was removed. */
  groupRemoved: 'groupRemoved',
  /** params {name}: who renamed, {groupName}: the new name. */
  groupRenamed: 'groupRenamed',
  /** params {name}: who edited, {notice}: the new announcement ('' when cleared). */
  groupNotice: 'groupNotice',
  /** params {name}: the new owner. */
  groupOwner: 'groupOwner',
  /** params {name}: the owner who dismissed it. */
  groupDismissed: 'groupDismissed',
} as const;
export type AlertCode = (typeof AlertCode)[keyof typeof AlertCode];
export const ALERT_TEXT: Record<AlertCode, string> = {
  nowFriends: 'You are now friends. Start chatting!',
  groupCreated: '{name} invited {names} to the group chat',
  groupInvited: '{name} invited {names} to the group chat',
  groupJoined: '{name} joined the group chat by scanning the QR code',
  groupLeft: '{name} left the group chat',
  groupRemoved: '{name} removed {names} from the group chat',
  groupRenamed: '{name} changed the group name to "{groupName}"',
  groupNotice: '{name} updated the group announcement: {notice}',
  groupOwner: '{name} is now the group owner',
  groupDismissed: '{name} dismissed the group chat',
};
export const AlertContent = z.object({
  code: z.enum(Object.values(AlertCode) as [AlertCode, ...AlertCode[]]),
  text: z.string(),
  /** Values for the localized text's placeholders, if any. */
  params: z.record(z.string(), z.string()).default({}),
});

/** A message a client may send: `{msgType, content}`, discriminated by msgType (no ALERT). */
export function outgoing<S extends z.ZodRawShape>(target: S) {
  return z.discriminatedUnion('msgType', [
    z.object({ ...target, msgType: z.literal(MsgType.TEXT), content: TextContent }),
    z.object({ ...target, msgType: z.literal(MsgType.IMAGE), content: ImageContent }),
    z.object({ ...target, msgType: z.literal(MsgType.VOICE), content: VoiceContent }),
    z.object({ ...target, msgType: z.literal(MsgType.VIDEO), content: VideoContent }),
    z.object({ ...target, msgType: z.literal(MsgType.LOCATION), content: LocationContent }),
    z.object({ ...target, msgType: z.literal(MsgType.CARD), content: CardContentInput }),
    z.object({ ...target, msgType: z.literal(MsgType.COLLECTION), content: CollectionContentInput }),
    z.object({ ...target, msgType: z.literal(MsgType.FILE), content: FileContentInput }),
    z.object({ ...target, msgType: z.literal(MsgType.TRTC_VOICE_START), content: CallStartContent }),
    z.object({ ...target, msgType: z.literal(MsgType.TRTC_VOICE_END), content: CallEndContent }),
    z.object({ ...target, msgType: z.literal(MsgType.TRTC_VIDEO_START), content: CallStartContent }),
    z.object({ ...target, msgType: z.literal(MsgType.TRTC_VIDEO_END), content: CallEndContent }),
  ]);
}

export const OutgoingMessage = outgoing({});
export type OutgoingMessage = z.infer<typeof OutgoingMessage>;
export type OutgoingMessageInput = z.input<typeof OutgoingMessage>;

/**
 * The body of `POST /chat/sendMsg`. Anything else in the body (fromId, msgId, seq, chatId,
 * createTime, …) is dropped: the server decides those.
 */
export const SendMsgRequest = outgoing({
  /** The friend the message is for. */
  userId: IdString('userId'),
  clientMsgId: ClientMsgId.optional(),
});
export type SendMsgRequest = z.infer<typeof SendMsgRequest>;

/** `fromId` of messages the server writes itself (ALERT). */
export const SYSTEM_USER_ID = '0';

/**
 * A stored message as the server answers it (spec 3, server message) plus chatId, seq and
 * clientMsgId. `content` is the stored content object of its msgType (see `parseContent`).
 * For SINGLE chats `toId` is the recipient's user id ('' for a system notice); for GROUP chats
 * it is the group id. `isSelf` is from the point of view of whoever receives this object.
 */
export const ServerMessage = z.object({
  msgId: z.string(),
  chatId: z.string(),
  seq: z.number().int(),
  /** '' when the message was sent without one (or written by the server). */
  clientMsgId: z.string(),
  fromId: z.string(),
  toId: z.string(),
  msgType: MsgTypeSchema,
  talkType: ChatTypeSchema,
  content: z.record(z.string(), z.unknown()),
  createTime: z.number(),
  isSelf: z.boolean(),
  fromNickName: z.string(),
  fromPortrait: z.string(),
  /** GROUP: the sender's nickname in the group when sent ('' when none). */
  fromGroupNick: z.string().optional(),
  /** Read answers only: the message's reactions, when it has ever had any. */
  reactions: ReactionSummary.optional(),
});
export type ServerMessage = z.infer<typeof ServerMessage>;

/** The content schema of each type, as stored and answered. */
export const StoredContent = {
  TEXT: TextContentOut,
  ALERT: AlertContent,
  IMAGE: ImageContentOut,
  VOICE: VoiceContent,
  VIDEO: VideoContent,
  LOCATION: LocationContent,
  COLLECTION: CollectionContentOut,
  CARD: CardContent,
  FILE: FileContent,
  TRTC_VOICE_START: CallStartContent,
  TRTC_VOICE_END: CallEndContent,
  TRTC_VIDEO_START: CallStartContent,
  TRTC_VIDEO_END: CallEndContent,
  RECALL: RecallContent,
  RECALLED: RecalledContent,
  DELETED: DeletedContent,
  HISTORY: HistoryContent,
  REACTION: ReactionContent,
} satisfies Record<MsgType, z.ZodType>;

/** Reads a received message's content as its type's shape; null when it does not fit. */
export function parseContent<T extends MsgType>(
  msgType: T,
  content: unknown,
): z.output<(typeof StoredContent)[T]> | null {
  const parsed = StoredContent[msgType].safeParse(content);
  return parsed.success ? (parsed.data as z.output<(typeof StoredContent)[T]>) : null;
}
