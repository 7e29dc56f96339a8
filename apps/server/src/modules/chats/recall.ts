/**
 * Recall (docs/architecture.md, "Message actions"): who may take back which message, and what
 * the RECALL event changes in its transaction. The service (service.ts `recall`) stores the
 * event through the appender like any send, checking the rules again once the chat is locked
 * (`admit`), and makes these changes in the same transaction (`alsoWrite`).
 */
import { isRecallable, MsgType, withinRecallWindow, type RecallWindows } from '@paichat/protocol';
import type { DbOrTx, MessageRow, Tx } from '../../db';
import {
  CannotRecallError,
  GroupDismissedError,
  NotGroupMemberError,
  RecallNotAllowedError,
  RecallTooLateError,
  UnauthorizedError,
} from '../../errors';
import type { GroupLook } from '../groups/delivery';
import { findGroupForViewer, readNoticeIfCaughtUp } from '../groups/repo';
import { unindexMessage } from '../search/repo';
import { findUserById } from '../users/repo';
import { clearReactions } from './reactions';
import type { MemberChat } from './repo';
import { parseStoredContent, type Person } from './views';

export interface Recaller {
  id: number;
  /** As the recalled row names them: their group nickname, else their nickname. */
  name: string;
  /** GROUP: the owner may recall any message of the group, at any time. */
  isGroupOwner: boolean;
}

/** The clientMsgId of a recall event: one per recaller and target, so a retry answers the first. */
export const recallClientMsgId = (targetId: number): string => `recall:${targetId}`;

/** Throws why `recaller` may not recall `target` at `now`; returns when they may. */
export function checkRecall(
  target: Pick<MessageRow, 'msg_type' | 'sender_id' | 'created_at'>,
  recaller: Recaller,
  now: number,
  windows: RecallWindows,
): void {
  if (!isRecallable(target.msg_type)) throw new CannotRecallError();
  if (recaller.isGroupOwner) return;
  if (target.sender_id !== recaller.id) throw new RecallNotAllowedError();
  if (!withinRecallWindow({ msgType: target.msg_type, createTime: target.created_at }, now, windows))
    throw new RecallTooLateError();
}

/**
 * The event's changes, in its transaction: the target becomes RECALLED (its content is gone,
 * from the row and from the search index, and its reactions), replies that quote it lose
 * their snippet, and members who had read everything before the event have read it too (it
 * is nothing to read).
 */
export async function applyRecall(
  trx: Tx,
  target: MessageRow,
  recaller: Recaller,
  event: { seq: number; chatId: number },
): Promise<void> {
  const recalled = { byId: String(recaller.id), byName: recaller.name };
  await trx
    .updateTable('messages')
    .set({ msg_type: MsgType.RECALLED, content: JSON.stringify(recalled) })
    .where('id', '=', target.id)
    .execute();
  await unindexMessage(trx, {
    id: target.id,
    msgType: target.msg_type,
    content: parseStoredContent(target.content),
  });
  await scrubQuotes(trx, target, event.seq);
  await clearReactions(trx, target.id);
  await readNoticeIfCaughtUp(trx, event.chatId, event.seq);
}

/**
 * Replies between the target and the event that quote it keep no copy of its text. The LIKE
 * only narrows the rows read (a text could contain the same characters); each is checked.
 */
async function scrubQuotes(trx: Tx, target: MessageRow, beforeSeq: number): Promise<void> {
  const replies = await trx
    .selectFrom('messages')
    .select(['id', 'content'])
    .where('chat_id', '=', target.chat_id)
    .where('seq', '>', target.seq)
    .where('seq', '<', beforeSeq)
    .where('msg_type', '=', MsgType.TEXT)
    .where('content', 'like', `%"msgId":"${target.id}"%`)
    .execute();
  for (const reply of replies) {
    const content = parseStoredContent(reply.content);
    const quote = content.quote as Record<string, unknown> | undefined;
    if (quote?.msgId !== String(target.id)) continue;
    await trx
      .updateTable('messages')
      .set({ content: JSON.stringify({ ...content, quote: { ...quote, snippet: '', recalled: true } }) })
      .where('id', '=', reply.id)
      .execute();
  }
}

/** Who recalls, as the chat's rules see them; refused when they may no longer write in it. */
export interface Standing {
  recaller: Recaller;
  person: Person;
  /** GROUP: their group nickname ('' when none). */
  groupNick: string;
  /** GROUP: the group, for its pushes; null for a one-to-one chat. */
  group: GroupLook | null;
}

export async function standingIn(db: DbOrTx, chat: MemberChat, userId: number): Promise<Standing> {
  const person = await findUserById(db, userId);
  if (!person) throw new UnauthorizedError();
  if (chat.group_id === null)
    return {
      recaller: { id: userId, name: person.nick_name, isGroupOwner: false },
      person,
      groupNick: '',
      group: null,
    };
  const group = await findGroupForViewer(db, chat.group_id, userId);
  if (!group || group.role === null) throw new NotGroupMemberError();
  if (group.status === 'DISMISSED') throw new GroupDismissedError();
  const groupNick = group.group_nick ?? '';
  return {
    recaller: { id: userId, name: groupNick || person.nick_name, isGroupOwner: group.role === 'OWNER' },
    person,
    groupNick,
    group,
  };
}
