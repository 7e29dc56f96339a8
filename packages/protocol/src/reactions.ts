import { z } from 'zod';
import { endpoint } from './endpoint';
import { ChatId } from './chats';
import { ClientMsgId, IdString, MsgType, ServerMessage } from './messages';
import { text } from './text';

/**
 * Reactions (docs/architecture.md, "Message actions"). `/chat/reactMsg` toggles the caller's
 * emoji on a message: the server decides whether it is now on or off (under the chat's lock) and
 * stores that as a REACTION event `{targetSeq, targetMsgId, emoji, on}` under the chat's next
 * seq, pushed like a message. Messages answered by history, catch-up and single-message reads
 * carry their reactions as the viewer sees them (`reactions`), as of the newest event applied
 * to them (`seq`), so a device applies an event only when it is newer than what it holds.
 */

/** The quick reactions a held message offers, in order. */
export const QUICK_REACTIONS = ['👍', '❤️', '😂', '😮', '😢', '🙏'] as const;

/** UTF-16 units one emoji may take (a family or a subdivision flag is about 14). */
export const REACTION_EMOJI_MAX = 32;
/** Different emoji one person may have on one message at a time. */
export const REACTIONS_PER_PERSON_MAX = 20;
/** The clientMsgId of a reaction: the server stores its event under `react:` and it. */
export const REACTION_CLIENT_MSG_ID_MAX = 56;

/** Message types nobody reacts to: notices, the action events and what they leave behind. */
const NOT_REACTABLE: ReadonlySet<string> = new Set([
  MsgType.ALERT,
  MsgType.RECALL,
  MsgType.RECALLED,
  MsgType.DELETED,
  MsgType.REACTION,
]);

export const isReactable = (msgType: string): boolean => !NOT_REACTABLE.has(msgType);

let graphemes: Intl.Segmenter | undefined;
/** Only emoji code points and the joiners, selectors, skin tones and tags that build sequences. */
const EMOJI_PARTS = /^(?:\p{Emoji}|\p{Emoji_Component}|\p{Extended_Pictographic}|\u200D|\uFE0F)+$/u;
/** A picture, a flag (two regional indicators) or a keycap: digits and # alone are not emoji. */
const EMOJI_CORE = /\p{Extended_Pictographic}|\p{Regional_Indicator}{2}|\u20E3/u;

/** Whether `value` is exactly one emoji (one grapheme cluster made of emoji), never text. */
export function isSingleEmoji(value: string): boolean {
  if (!EMOJI_PARTS.test(value) || !EMOJI_CORE.test(value)) return false;
  let count = 0;
  // Made on first use: importing the module costs nothing.
  graphemes ??= new Intl.Segmenter('und', { granularity: 'grapheme' });
  for (const _ of graphemes.segment(value)) if (++count > 1) return false;
  return count === 1;
}

export const ReactionEmoji = text(REACTION_EMOJI_MAX, { tooLong: 'emoji must be one emoji' }).refine(
  isSingleEmoji,
  'emoji must be one emoji',
);

export const reactMsg = endpoint({
  method: 'POST',
  path: '/chat/reactMsg',
  request: z.object({
    chatId: ChatId,
    msgId: IdString('msgId'),
    emoji: ReactionEmoji,
    /** The device's id for this tap: a retry with it answers the first event and stores nothing. */
    clientMsgId: ClientMsgId.max(REACTION_CLIENT_MSG_ID_MAX),
  }),
  /** The REACTION event, stored under the chat's next seq. */
  response: ServerMessage,
  auth: true,
  summary: 'Add an emoji reaction to a message, or take it back when it is already there',
});

/** Who reacted with one emoji, as the chat names them. */
export const Reactor = z.object({
  userId: z.string(),
  nickName: z.string(),
  portrait: z.string(),
  /** GROUP: their nickname in the group ('' when none). */
  groupNick: z.string(),
});
export type Reactor = z.infer<typeof Reactor>;

export const getReactions = endpoint({
  method: 'POST',
  path: '/chat/getReactions',
  request: z.object({ chatId: ChatId, msgId: IdString('msgId') }),
  response: z.object({
    msgId: z.string(),
    /** Oldest emoji first; each one's people in the order they reacted. */
    list: z.array(z.object({ emoji: z.string(), users: z.array(Reactor) })),
  }),
  auth: true,
  summary: 'Who reacted to a message, with which emoji',
});
