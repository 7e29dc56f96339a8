/** What `/chat/sendMsg` and `/group/sendMsg` answer: the stored message, or why nothing was. */
import {
  refusedSend,
  SEND_STATUS_CODE,
  SEND_STATUS_LABEL,
  SendStatus,
  type SendMsgResult,
} from '@paichat/protocol';
import type { DbOrTx, MessageRow } from '../../db';
import type { AppendOutcome, Refusal } from './appender';
import { findByClientMsgId } from './repo';

export const sent = (
  message: Pick<MessageRow, 'id' | 'seq' | 'chat_id' | 'created_at'>,
  clientMsgId: string,
  duplicate: boolean,
): SendMsgResult => ({
  status: SendStatus.OK,
  statusLabel: SEND_STATUS_LABEL[SendStatus.OK],
  statusCode: SEND_STATUS_CODE[SendStatus.OK],
  msgId: String(message.id),
  seq: message.seq,
  chatId: String(message.chat_id),
  clientMsgId,
  createTime: message.created_at,
  duplicate,
});

/** Pushes a stored message again to the members it was for (clients drop repeats by msgId). */
export type Redeliver = (original: MessageRow) => Promise<void>;

/**
 * A retry's answer: its original message, pushed again first. The retry may follow an attempt
 * whose reply was lost after the commit (the message stored, its push never sent); without
 * this, a connected recipient would not see it until a later message revealed the gap.
 */
async function repeated(original: MessageRow, clientMsgId: string, redeliver: Redeliver) {
  await redeliver(original);
  return sent(original, clientMsgId, true);
}

/** The answer of an append that stored nothing new: a retry answers its original; else the refusal. */
export const unstoredAnswer = (
  outcome: Extract<AppendOutcome, { stored: false }>,
  clientMsgId: string,
  redeliver: Redeliver,
): Promise<SendMsgResult> =>
  outcome.original
    ? repeated(outcome.original, clientMsgId, redeliver)
    : Promise.resolve(refusedSend(outcome.refused, clientMsgId));

/**
 * A refused send, unless it retries a message stored before the refusal began (say, before a
 * block, or before the sender left the group): that message is answered (and pushed) again.
 */
export async function refusalUnlessRetry(
  db: DbOrTx,
  senderId: number,
  clientMsgId: string | null,
  status: Refusal,
  redeliver: Redeliver,
): Promise<SendMsgResult> {
  const original = clientMsgId === null ? undefined : await findByClientMsgId(db, senderId, clientMsgId);
  return original ? repeated(original, clientMsgId ?? '', redeliver) : refusedSend(status, clientMsgId ?? '');
}
