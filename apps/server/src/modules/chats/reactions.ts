/**
 * Reactions (docs/architecture.md, "Message actions"): which message one may react to, what a
 * REACTION event changes in its transaction, and the reactions answered with messages.
 *
 * The event is stored through the appender like a recall. Its `admit` runs once the chat row is
 * locked, so the toggle is decided there: the emoji goes on unless the person has it on the
 * message already, in which case it comes off (`decideToggle` writes `on` into the event's
 * content before it is stored). `alsoWrite` then records the change and the message's mark
 * (the event's seq), keeps the chat list as it was (a reaction is no new message: the chat's
 * time stays) and reads the event for every member who had read everything before it.
 */
import {
  isReactable,
  REACTIONS_PER_PERSON_MAX,
  type ReactionContent,
  type ReactionSummary,
  type Reactor,
} from '@paichat/protocol';
import type { DbOrTx, MessageRow, Tx } from '../../db';
import { MessageNotFoundError, ValidationError } from '../../errors';
import { readNoticeIfCaughtUp } from '../groups/repo';
import { deletedWithin } from './deletions';
import type { MemberChat } from './repo';
import { seenLastSeq } from './views';

/** The clientMsgId a reaction's event is stored under: the device's, in a space of its own. */
export const reactionClientMsgId = (clientMsgId: string): string => `react:${clientMsgId}`;

/**
 * Throws unless `viewerId` may react to `target`: a message of the chat they can read (not
 * cleared, not after they left, not deleted for themselves) that is neither a notice, an event
 * nor recalled.
 */
export async function checkReactable(
  db: DbOrTx,
  chat: MemberChat,
  viewerId: number,
  target: MessageRow | undefined,
): Promise<MessageRow> {
  if (!target || target.seq <= chat.cleared_seq || target.seq > seenLastSeq(chat))
    throw new MessageNotFoundError();
  if ((await deletedWithin(db, viewerId, chat.chat_id, target.seq, target.seq)).size > 0)
    throw new MessageNotFoundError();
  if (!isReactable(target.msg_type)) throw new ValidationError('msgId: this message takes no reactions');
  return target;
}

/** Under the chat's lock: sets `content.on` (the toggle) and refuses one emoji too many. */
export async function decideToggle(trx: Tx, userId: number, content: ReactionContent): Promise<void> {
  const mine = await trx
    .selectFrom('message_reactions')
    .select('emoji')
    .where('message_id', '=', Number(content.targetMsgId))
    .where('user_id', '=', userId)
    .execute();
  content.on = !mine.some((row) => row.emoji === content.emoji);
  if (content.on && mine.length >= REACTIONS_PER_PERSON_MAX)
    throw new ValidationError(`emoji: at most ${REACTIONS_PER_PERSON_MAX} reactions on one message`);
}

/** The chat's time before the event takes its seq (which moves it), to put back after. */
export async function chatTimeOf(trx: Tx, chatId: number): Promise<number> {
  const chat = await trx
    .selectFrom('chats')
    .select('last_msg_at')
    .where('id', '=', chatId)
    .executeTakeFirstOrThrow();
  return chat.last_msg_at;
}

/** The event's changes, in its transaction (see the top). */
export async function applyReaction(
  trx: Tx,
  userId: number,
  content: ReactionContent,
  event: { seq: number; chatId: number },
  chatTime: number,
): Promise<void> {
  const messageId = Number(content.targetMsgId);
  if (content.on)
    await trx
      .insertInto('message_reactions')
      .values({
        message_id: messageId,
        user_id: userId,
        emoji: content.emoji,
        chat_id: event.chatId,
        seq: event.seq,
      })
      .execute();
  else
    await trx
      .deleteFrom('message_reactions')
      .where('message_id', '=', messageId)
      .where('user_id', '=', userId)
      .where('emoji', '=', content.emoji)
      .execute();
  await trx
    .insertInto('message_reaction_marks')
    .values({ message_id: messageId, chat_id: event.chatId, seq: event.seq })
    .onConflict((oc) => oc.column('message_id').doUpdateSet({ seq: event.seq }))
    .execute();
  await trx.updateTable('chats').set({ last_msg_at: chatTime }).where('id', '=', event.chatId).execute();
  await readNoticeIfCaughtUp(trx, event.chatId, event.seq);
}

/** A recalled message keeps no reactions (in the recall's transaction). */
export async function clearReactions(trx: Tx, messageId: number): Promise<void> {
  await trx.deleteFrom('message_reactions').where('message_id', '=', messageId).execute();
  await trx.deleteFrom('message_reaction_marks').where('message_id', '=', messageId).execute();
}

/**
 * The reactions of these messages as `viewerId` sees them, for those that have had any. One
 * statement reads the marks and the reactions together, so each summary is exactly the state
 * its mark names.
 */
export async function summariesFor(
  db: DbOrTx,
  viewerId: number,
  messageIds: readonly number[],
): Promise<Map<number, ReactionSummary>> {
  const summaries = new Map<number, ReactionSummary>();
  if (messageIds.length === 0) return summaries;
  const rows = await db
    .selectFrom('message_reaction_marks as k')
    .leftJoin('message_reactions as r', 'r.message_id', 'k.message_id')
    .select(['k.message_id', 'k.seq as mark', 'r.emoji', 'r.user_id', 'r.seq'])
    .where('k.message_id', 'in', [...new Set(messageIds)])
    .orderBy('k.message_id')
    .orderBy('r.seq')
    .execute();
  for (const row of rows) {
    const id = Number(row.message_id);
    let summary = summaries.get(id);
    if (!summary) summaries.set(id, (summary = { seq: row.mark, list: [] }));
    if (row.emoji === null) continue;
    let count = summary.list.find((c) => c.emoji === row.emoji);
    if (!count) summary.list.push((count = { emoji: row.emoji, count: 0, mine: false }));
    count.count += 1;
    if (row.user_id === viewerId) count.mine = true;
  }
  return summaries;
}

/** Who reacted to a message, per emoji (oldest first), named as the chat names them. */
export async function whoReacted(
  db: DbOrTx,
  chat: MemberChat,
  messageId: number,
): Promise<{ emoji: string; users: Reactor[] }[]> {
  const rows = await db
    .selectFrom('message_reactions as r')
    .innerJoin('users as u', 'u.id', 'r.user_id')
    .leftJoin('group_members as g', (join) =>
      join.onRef('g.user_id', '=', 'r.user_id').on('g.group_id', '=', chat.group_id ?? 0),
    )
    .select(['r.emoji', 'r.user_id', 'u.nick_name', 'u.portrait', 'g.group_nick'])
    .where('r.message_id', '=', messageId)
    .orderBy('r.seq')
    .execute();
  const list: { emoji: string; users: Reactor[] }[] = [];
  for (const row of rows) {
    let entry = list.find((e) => e.emoji === row.emoji);
    if (!entry) list.push((entry = { emoji: row.emoji, users: [] }));
    entry.users.push({
      userId: String(row.user_id),
      nickName: row.nick_name,
      portrait: row.portrait,
      groupNick: row.group_nick ?? '',
    });
  }
  return list;
}
