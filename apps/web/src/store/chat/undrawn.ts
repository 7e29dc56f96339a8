import { MsgType } from '@paichat/protocol';
import type { LocalMessage } from './types';

/**
 * Rows the store holds at their seq but the chat does not draw: a recall or reaction event (its
 * target's row shows it) and messages this person deleted for themselves. Keeping them held
 * keeps the seq run whole, so the gap check never fetches them again.
 */
const UNDRAWN: ReadonlySet<string> = new Set([MsgType.RECALL, MsgType.REACTION, MsgType.DELETED]);

export const isDrawn = (message: LocalMessage): boolean => !UNDRAWN.has(message.msgType);

/** The messages a chat draws, in the same order; the same array when every row is drawn. */
export function drawnMessages(messages: readonly LocalMessage[]): readonly LocalMessage[] {
  return messages.every(isDrawn) ? messages : messages.filter(isDrawn);
}
