/**
 * What a TEXT may carry beside its text (docs/architecture.md, "Message actions"): a quote of an
 * earlier message of the same chat, frozen here from the stored original (the client names it,
 * nothing more), the card the server read for a link in it (modules/links), and, in a group,
 * mentions of its members (@All for its owner). In the send's transaction (`textWrites`), a
 * mentioned member's `mention_seq` becomes the message's seq: their chat list marks it and Web
 * Push wakes them even in a muted chat.
 */
import { MsgType, QUOTE_SNIPPET_MAX, type Quote } from '@paichat/protocol';
import type { DbOrTx, Tx } from '../../db';
import { MessageNotFoundError, ValidationError } from '../../errors';
import { parseBigId, parseId } from '../../ids';
import { frozenLink } from '../links/repo';
import * as usersRepo from '../users/repo';
import type { AppendRequest } from './appender';
import { deletedWithin, readableMessages } from './deletions';
import * as repo from './repo';
import { parseStoredContent } from './views';

/** Where a text goes: its chat (null for a pair with none yet) and, for a group, the group. */
export interface TextPlace {
  chatId: number | null;
  groupId: number | null;
}

/** The parts of a TEXT's content this module checks, as the client sent them. */
export interface TextExtras {
  quote?: { msgId: string } | undefined;
  link?: { url: string } | undefined;
  mentions?: string[] | undefined;
  mentionAll?: boolean | undefined;
}

/** Events and notices are not what a person answers; a recalled or deleted message has nothing left. */
const UNQUOTABLE: ReadonlySet<string> = new Set([
  MsgType.ALERT,
  MsgType.RECALL,
  MsgType.RECALLED,
  MsgType.DELETED,
  MsgType.REACTION,
]);

const noSuchQuote = () => new ValidationError('quote.msgId: no such message in this chat');

/**
 * The quote as stored: the original as the sender may read it now (a member, after what they
 * cleared, not after they left, not deleted for themselves), in this very chat.
 */
async function freezeQuote(db: DbOrTx, msgId: string, place: TextPlace, senderId: number): Promise<Quote> {
  const chat = place.chatId === null ? undefined : await repo.findMemberChat(db, place.chatId, senderId);
  if (!chat) throw noSuchQuote();
  const [original] = await readableMessages(db, chat, [msgId]).catch((error: unknown) => {
    throw error instanceof MessageNotFoundError ? noSuchQuote() : error;
  });
  if (!original || original.sender_id === null || UNQUOTABLE.has(original.msg_type)) throw noSuchQuote();
  if ((await deletedWithin(db, senderId, chat.chat_id, original.seq, original.seq)).size > 0)
    throw noSuchQuote();
  const author = await usersRepo.findUserById(db, original.sender_id);
  const content = parseStoredContent(original.content);
  const text = original.msg_type === MsgType.TEXT && typeof content.text === 'string' ? content.text : '';
  return {
    msgId: String(original.id),
    seq: original.seq,
    fromId: String(original.sender_id),
    // As the chat named the author when they wrote it (a group nickname, else their nickname).
    fromName: original.group_nick || author?.nick_name || '',
    msgType: original.msg_type as MsgType,
    snippet: Array.from(text).slice(0, QUOTE_SNIPPET_MAX).join(''),
    recalled: false,
  };
}

/**
 * The mentions as stored (each id once), checked: group texts only, every id a current member,
 * @All only from the group's owner.
 */
async function checkMentions(
  db: DbOrTx,
  extras: TextExtras,
  place: TextPlace,
  senderId: number,
): Promise<{ mentions?: string[]; mentionAll?: true }> {
  const ids = [...new Set(extras.mentions ?? [])];
  if (ids.length === 0 && !extras.mentionAll) return {};
  if (place.groupId === null) throw new ValidationError('mentions: only group messages may mention people');
  const rows = await db
    .selectFrom('group_members')
    .select(['user_id', 'role'])
    .where('group_id', '=', place.groupId)
    .where('user_id', 'in', [senderId, ...ids.map((id) => parseId(id) ?? 0)])
    .execute();
  const members = new Map(rows.map((row) => [String(row.user_id), row.role]));
  const stranger = ids.find((id) => !members.has(id));
  if (stranger !== undefined)
    throw new ValidationError(`mentions: user ${stranger} is not a member of this group`);
  if (extras.mentionAll && members.get(String(senderId)) !== 'OWNER')
    throw new ValidationError('mentionAll: only the group owner may mention everyone');
  return { ...(ids.length > 0 ? { mentions: ids } : {}), ...(extras.mentionAll ? { mentionAll: true } : {}) };
}

/** A TEXT's content as stored: the text, its frozen quote, the server's card of its link, its checked mentions. */
export async function storedText(
  db: DbOrTx,
  content: TextExtras & { text: string },
  place: TextPlace,
  senderId: number,
): Promise<Record<string, unknown>> {
  const { quote, link, mentions: _mentions, mentionAll: _mentionAll, ...rest } = content;
  return {
    ...rest,
    ...(quote ? { quote: await freezeQuote(db, quote.msgId, place, senderId) } : {}),
    ...(await frozenLink(db, link, rest.text)),
    ...(await checkMentions(db, content, place, senderId)),
  };
}

/** Who a stored content mentions: ids, 'all', or null for nobody. */
function mentionedIn(content: Record<string, unknown>): number[] | 'all' | null {
  if (content.mentionAll === true) return 'all';
  const ids = Array.isArray(content.mentions)
    ? content.mentions.map((id) => parseId(String(id))).filter((id): id is number => id !== null)
    : [];
  return ids.length > 0 ? ids : null;
}

/** In the send's transaction: the mentioned current members (never the sender) were mentioned at `seq`. */
async function markMentioned(
  trx: Tx,
  stored: { chatId: number; seq: number },
  who: number[] | 'all',
  senderId: number,
): Promise<void> {
  let update = trx
    .updateTable('chat_members')
    .set({ mention_seq: stored.seq })
    .where('chat_id', '=', stored.chatId)
    .where('user_id', '<>', senderId)
    .where('left_seq', 'is', null)
    .where('mention_seq', '<', stored.seq);
  if (who !== 'all') update = update.where('user_id', 'in', who);
  await update.execute();
}

/**
 * In the send's transaction, once the chat row is locked by its seq: an original recalled since
 * the quote was frozen leaves nothing in it (a recall scrubs only the replies stored before it,
 * recall.ts). `content` is changed in place, so the pushed reply says so too.
 */
async function scrubIfRecalled(
  trx: Tx,
  stored: { id: number; chatId: number },
  content: Record<string, unknown>,
): Promise<void> {
  const quote = content.quote as Quote | undefined;
  const originalId = quote ? parseBigId(quote.msgId) : null;
  if (!quote || originalId === null) return;
  const original = await repo.findMessageInChat(trx, stored.chatId, originalId);
  if (original?.msg_type !== MsgType.RECALLED) return;
  content.quote = { ...quote, snippet: '', recalled: true };
  await trx
    .updateTable('messages')
    .set({ content: JSON.stringify(content) })
    .where('id', '=', stored.id)
    .execute();
}

/**
 * What a text's send also writes in its transaction (appender.ts `alsoWrite`): its quote kept
 * honest, its mentions marked; undefined when it has neither.
 */
export function textWrites(
  content: Record<string, unknown>,
  senderId: number,
): AppendRequest['alsoWrite'] | undefined {
  const mentioned = mentionedIn(content);
  if (content.quote === undefined && !mentioned) return undefined;
  return async (trx, stored) => {
    await scrubIfRecalled(trx, stored, content);
    if (mentioned) await markMentioned(trx, stored, mentioned, senderId);
  };
}
