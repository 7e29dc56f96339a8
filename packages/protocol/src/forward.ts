import { z } from 'zod';
import { endpoint } from './endpoint';
import { ChatId, SendMsgResult } from './chats';
import { HISTORY_ITEMS_MAX, IdString, MsgType, TEXT_MAX } from './messages';
import { text } from './text';

/**
 * Forwarding and "Delete for me" (docs/architecture.md, "Message actions").
 *
 * `/chat/forwardMsgs` copies messages the caller may read (a member of their chat, not cleared,
 * not after leaving, not deleted for themselves) into chats the caller may send to. Each target
 * gets ordinary sends through the one-to-one and group send paths (friendship, blocks,
 * membership and the group's state apply), each under a clientMsgId derived from the request's
 * (`forwardClientMsgId`), so a retry stores nothing twice. Stored files are referenced again,
 * not copied. A quote or mentions in a forwarded text are not carried over.
 *
 * `/chat/deleteMsgs` hides messages from the caller only: their devices are told
 * (`MSG_DELETED`), and every later answer gives those seqs to them as DELETED `{}`.
 */

/** Targets one forward may go to (WeChat's limit). */
export const FORWARD_TARGETS_MAX = 9;
/** A "Chat history" card's title: the forwarder's device writes it, in its language. */
export const HISTORY_TITLE_MAX = 200;
/** Messages one "Delete for me" may name. */
export const DELETE_MSGS_MAX = 100;
/** The clientMsgId a forward's sends are derived from is at most this long (the derived ones fit CLIENT_MSG_ID_MAX). */
export const FORWARD_CLIENT_MSG_ID_MAX = 40;

/** Message types a person may forward: what they can read and send again as it is. */
export const FORWARDABLE_TYPES: ReadonlySet<string> = new Set([
  MsgType.TEXT,
  MsgType.IMAGE,
  MsgType.VOICE,
  MsgType.VIDEO,
  MsgType.LOCATION,
  MsgType.COLLECTION,
  MsgType.CARD,
  MsgType.FILE,
  MsgType.HISTORY,
]);

export const ForwardMode = z.enum(['EACH', 'MERGED']);
export type ForwardMode = z.infer<typeof ForwardMode>;

const ForwardItem = z.object({ chatId: ChatId, msgId: IdString('msgId') });

export const ForwardMsgsRequest = z
  .object({
    /** In the order they are to be sent (or listed in the card): usually the chat's order. */
    items: z
      .array(ForwardItem)
      .min(1, 'choose at least one message')
      .max(HISTORY_ITEMS_MAX, `at most ${HISTORY_ITEMS_MAX} messages`),
    targets: z
      .array(z.object({ chatId: ChatId }))
      .min(1, 'choose at least one chat')
      .max(FORWARD_TARGETS_MAX, `at most ${FORWARD_TARGETS_MAX} chats`),
    /** EACH: every item as a message of its own type; MERGED: one "Chat history" card. */
    mode: ForwardMode,
    /** MERGED: the card's title. */
    title: text(HISTORY_TITLE_MAX, {
      trim: true,
      tooLong: `title must be at most ${HISTORY_TITLE_MAX} characters`,
    }).default(''),
    /** Sent as a text after the forwarded messages, in every target. */
    note: text(TEXT_MAX, {
      multiline: true,
      trim: true,
      tooLong: `note must be at most ${TEXT_MAX} characters`,
    }).optional(),
    /** The base of the sends' clientMsgIds: the same base again is a retry. */
    clientMsgId: text(FORWARD_CLIENT_MSG_ID_MAX).regex(
      /^[A-Za-z0-9_.-]+$/,
      'clientMsgId may only contain letters, digits and _ . -',
    ),
  })
  .refine((v) => v.mode !== 'MERGED' || v.title !== '', { message: 'title is required', path: ['title'] })
  .refine((v) => new Set(v.targets.map((t) => t.chatId)).size === v.targets.length, {
    message: 'each chat may be named once',
    path: ['targets'],
  });
export type ForwardMsgsRequest = z.infer<typeof ForwardMsgsRequest>;

/** One send of a forward: `${base}:${targetChatId}:${part}` (part: the item's index, `h` the card, `n` the note). */
export const forwardClientMsgId = (base: string, targetChatId: string, part: number | 'h' | 'n'): string =>
  `${base}:${targetChatId}:${part}`;

/**
 * One target's outcome: its sends in order. A refused send (not friends, blocked, not a member,
 * dismissed) is the last one: nothing after it was sent there.
 */
export const ForwardTargetResult = z.object({ chatId: z.string(), sends: z.array(SendMsgResult) });
export type ForwardTargetResult = z.infer<typeof ForwardTargetResult>;

export const forwardMsgs = endpoint({
  method: 'POST',
  path: '/chat/forwardMsgs',
  request: ForwardMsgsRequest,
  response: z.object({ targets: z.array(ForwardTargetResult) }),
  auth: true,
  summary:
    'Forward messages one by one or as a "Chat history" card to up to 9 chats (idempotent by clientMsgId)',
});

export const deleteMsgs = endpoint({
  method: 'POST',
  path: '/chat/deleteMsgs',
  request: z.object({
    chatId: ChatId,
    msgIds: z
      .array(IdString('msgIds'))
      .min(1, 'choose at least one message')
      .max(DELETE_MSGS_MAX, `at most ${DELETE_MSGS_MAX} messages`),
  }),
  /** The seqs now deleted for the caller (those already deleted included). */
  response: z.object({ chatId: z.string(), seqs: z.array(z.number().int()) }),
  auth: true,
  summary: 'Delete messages for the caller only, on all their devices (MSG_DELETED)',
});

/** What a device that missed MSG_DELETED notices asks: every seq of the chat the caller deleted. */
export const deletedSeqs = endpoint({
  method: 'POST',
  path: '/chat/deletedSeqs',
  request: z.object({ chatId: ChatId }),
  response: z.object({ chatId: z.string(), seqs: z.array(z.number().int()) }),
  auth: true,
  summary: "The seqs of a chat's messages the caller deleted for themselves",
});

/** msgContent of the MSG_DELETED notice: the caller's devices stop drawing these seqs. */
export const MsgDeletedNotice = z.object({ chatId: z.string(), seqs: z.array(z.number().int()) });
export type MsgDeletedNotice = z.infer<typeof MsgDeletedNotice>;
