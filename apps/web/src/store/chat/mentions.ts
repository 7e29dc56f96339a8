/**
 * @mentions as the chat list shows them: a group chat is marked "[You were mentioned]" while a
 * message that mentions the user (@them or @All) is after their read position (the server's
 * `mentioned`, and messages arriving here). A muted chat hides nothing of such a message: its
 * unread count shows, not a dot (unread.ts).
 */
import type { ChatState } from '@paichat/protocol';
import type { StoredChat } from './storage';
import type { LocalMessage } from './types';

/** Whether someone else's message mentions `userId`, by id or @All. */
export function mentionsMe(message: Pick<LocalMessage, 'type' | 'content'>, userId: string): boolean {
  if (message.type !== 1 || !message.content || typeof message.content !== 'object') return false;
  const { mentions, mentionAll } = message.content as { mentions?: unknown; mentionAll?: unknown };
  return mentionAll === true || (Array.isArray(mentions) && mentions.includes(userId));
}

/** The newest seq among the messages that mention the user; 0 when none does. */
export function newestMention(messages: readonly LocalMessage[], userId: string): number {
  let newest = 0;
  for (const m of messages)
    if (m.seq !== undefined && mentionsMe(m, userId)) newest = Math.max(newest, m.seq);
  return newest;
}

/**
 * The chat's mention position after the server's state: `mentioned` says some message after its
 * readSeq mentions the user (at least the one just after it). Never moves back.
 */
export function mentionSeqAfter(
  chat: StoredChat,
  state: Pick<ChatState, 'readSeq'> & { mentioned?: boolean },
): number {
  const held = chat.mentionSeq ?? 0;
  return state.mentioned ? Math.max(held, state.readSeq + 1) : held;
}

/** Whether the chat list marks the chat "[You were mentioned]". */
export const isMentioned = (chat: Pick<StoredChat, 'mentionSeq' | 'readSeq'>): boolean =>
  (chat.mentionSeq ?? 0) > chat.readSeq;
