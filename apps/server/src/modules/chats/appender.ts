/**
 * Group commit for sends. Every send that arrives while a batch is being written waits for
 * the next one; a batch is one transaction that stores each of its messages under its chat's
 * next seq (repo.appendMessage), in arrival order per chat. A transaction's fixed cost (locks,
 * the WAL write, an fsync on PostgreSQL) is paid once per batch instead of once per message,
 * which is most of a send's cost under load; an idle server writes a batch of one at once.
 *
 * Each caller hears of its own message only after the batch has committed and its commit is
 * on disk (db/durability.ts: the sync runs in the thread pool while the event loop goes on),
 * so nothing is pushed before it is stored for good. A retried clientMsgId is answered with
 * the original message (appendMessage stores nothing and leaves no seq gap). If a batch fails as a whole before its
 * COMMIT (it was rolled back), its messages are written again one transaction each, so one bad
 * message cannot fail the others; if the COMMIT itself fails, every sender is told.
 *
 * Before a batch commits, the message-id mark (id-mark.ts) covers its ids (a block ahead, so
 * seldom with a write), so that a database that goes back in time never gives them again.
 * The batch takes its ids first (repo.reserveMessageIds) and the mark covers them before the
 * first chat row is locked: what happens while a batch holds chat rows delays every other
 * node's batch that writes into those chats, so it holds them for its inserts and COMMIT only
 * (on PostgreSQL, one statement for the whole batch when it can: appendTogether).
 *
 * The queue is bounded (`maxWaiting`, a few batches' worth): past it, `append` refuses at once
 * with ServerBusyError (HTTP 503 with Retry-After, which clients retry) instead of letting the
 * queue, and the memory and latency of every send behind it, grow without limit while the
 * database falls behind. A refused send stores nothing.
 *
 * Messages are written in order of chat id (stable: arrival order within a chat), so two nodes
 * writing batches into PostgreSQL always lock chat rows in the same order and cannot deadlock.
 *
 * A request may carry `admit`, a check run inside the transaction once the chat row is locked
 * (GROUP: is the sender still a member, is the group still active?). Run there, it sees every
 * change committed before the message takes its seq, so a member removed a moment earlier
 * cannot slip a message in after the notice that removed them. `alsoWrite` runs after the
 * message is stored, in the same transaction (a recall's changes to its target).
 */
import type { SendStatus } from '@paichat/protocol';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, MessageRow, Tx } from '../../db';
import { isPostgres } from '../../db/dialect';
import { alreadyDurable, type Durability } from '../../db/durability';
import { ServerBusyError } from '../../errors';
import type { IdMark } from './id-mark';
import * as repo from './repo';

export interface AppendRequest {
  /** The chat; null when the pair has none yet (friends from before chats existed). */
  chatId: number | null;
  senderId: number;
  /** SINGLE: the other member (to open the pair's chat); unused when chatId is given. */
  recipientId: number;
  clientMsgId: string | null;
  msgType: string;
  content: Record<string, unknown>;
  createdAt: number;
  /** GROUP: the sender's group nickname, kept with the message. */
  groupNick?: string;
  /** Answers why the message may not be stored (nothing is), or null to store it. */
  admit?: (trx: Tx) => Promise<Refusal | null>;
  /**
   * More writes that belong to the stored message, in its transaction (a recall event changes
   * its target: modules/chats/recall.ts). Not run for a retry, which stored nothing.
   */
  alsoWrite?: (trx: Tx, stored: { id: number; seq: number; chatId: number }) => Promise<void>;
}

export type Refusal = Exclude<SendStatus, '0'>;

export type AppendOutcome =
  | { stored: true; id: number; seq: number; chatId: number }
  /** A retry: the message already stored under this clientMsgId. */
  | { stored: false; original: MessageRow }
  /** `admit` refused it. */
  | { stored: false; original: null; refused: Refusal };

interface Waiting {
  request: AppendRequest;
  resolve: (outcome: AppendOutcome) => void;
  reject: (error: unknown) => void;
}

export const MAX_BATCH = 256;
/** Sends that may wait for a batch: four batches' worth (a second or so of a busy SQLite's work). */
export const MAX_WAITING = 4 * MAX_BATCH;

export interface AppenderOptions {
  /** Messages written per transaction. */
  maxBatch?: number;
  /** Sends that may wait for a batch; past it, append refuses at once (ServerBusyError). */
  maxWaiting?: number;
  /** Waits for a batch's commit to reach the disk before its senders hear of it (db/durability.ts). */
  durability?: Durability;
  /**
   * Test hook: runs once a batch has committed, before its senders hear of it (it holds open
   * the window between the two). Throwing from it acts as a commit whose reply was lost: the
   * messages are stored and their senders hear an error.
   */
  afterCommit?: () => Promise<void>;
  /**
   * Told once per batch, after its commit, what it stored (an in-process list): the search
   * indexer (modules/search/indexer.ts) indexes it outside the send's transaction.
   */
  onCommitted?: (stored: { id: number; chatId: number; seq: number }[]) => void;
}

const newMessage = (request: AppendRequest, chatId: number, id: number): repo.NewChatMessage => ({
  id,
  chatId,
  senderId: request.senderId,
  clientMsgId: request.clientMsgId,
  msgType: request.msgType,
  content: request.content,
  createdAt: request.createdAt,
  groupNick: request.groupNick ?? null,
});

/** A message that was not stored: its clientMsgId's original, which must exist. */
async function originalOf(trx: Tx, request: AppendRequest): Promise<AppendOutcome> {
  const original = await repo.findByClientMsgId(trx, request.senderId, request.clientMsgId ?? '');
  if (!original)
    throw new Error(`a message to chat ${request.chatId} was not stored, nor found by its clientMsgId`);
  return { stored: false, original };
}

async function appendOne(trx: Tx, request: AppendRequest, id: number): Promise<AppendOutcome> {
  const chatId =
    request.chatId ??
    (await repo.ensureSingleChat(trx, request.senderId, request.recipientId, request.createdAt));
  if (request.admit) {
    await repo.lockChat(trx, chatId);
    const refused = await request.admit(trx);
    if (refused) return { stored: false, original: null, refused };
  }
  const stored = await repo.appendMessage(trx, newMessage(request, chatId, id));
  if (!stored) return originalOf(trx, request);
  await request.alsoWrite?.(trx, { ...stored, chatId });
  return { stored: true, ...stored, chatId };
}

/**
 * A batch of sends into known chats, with nothing to admit, on PostgreSQL: one statement
 * (repo.appendMessagesOnPostgres). A copy of a clientMsgId already in the batch is answered
 * with the original, as is one stored before.
 */
async function appendTogether(trx: Tx, requests: AppendRequest[], ids: number[]): Promise<AppendOutcome[]> {
  const sent = new Set<string>();
  const firsts = requests.flatMap((request, i) => {
    const key = request.clientMsgId === null ? null : `${request.senderId} ${request.clientMsgId}`;
    if (key !== null && sent.has(key)) return [];
    if (key !== null) sent.add(key);
    return [newMessage(request, request.chatId as number, ids[i] as number)];
  });
  const seqs = await repo.appendMessagesOnPostgres(trx, firsts);
  const outcomes: AppendOutcome[] = [];
  for (const [i, request] of requests.entries()) {
    const id = ids[i] as number;
    const seq = seqs.get(id);
    outcomes.push(
      seq === undefined
        ? await originalOf(trx, request)
        : { stored: true, id, seq, chatId: request.chatId as number },
    );
  }
  return outcomes;
}

/** What a batch stored (not the retries or refusals), for onCommitted. */
const storedOf = (outcomes: AppendOutcome[]) =>
  outcomes.flatMap((o) => (o.stored ? [{ id: o.id, chatId: o.chatId, seq: o.seq }] : []));

/** Sorts by chat id (a new pair's chat last), keeping arrival order within a chat. */
const byChat = (a: Waiting, b: Waiting): number =>
  (a.request.chatId ?? Number.MAX_SAFE_INTEGER) - (b.request.chatId ?? Number.MAX_SAFE_INTEGER);

export function createAppender(
  db: Db,
  log: FastifyBaseLogger,
  idMark: IdMark,
  options: AppenderOptions = {},
) {
  const {
    maxBatch = MAX_BATCH,
    maxWaiting = MAX_WAITING,
    durability = alreadyDurable,
    afterCommit,
    onCommitted,
  } = options;
  let queue: Waiting[] = [];
  let writing = false;

  /** Stores the messages in the transaction, their ids covered by the mark before any chat row is locked. */
  async function appendAll(trx: Tx, batch: Waiting[]): Promise<AppendOutcome[]> {
    const ids = await repo.reserveMessageIds(trx, batch.length);
    await idMark.cover(ids.at(-1) ?? 0);
    const requests = batch.map((waiting) => waiting.request);
    if (
      batch.length > 1 &&
      isPostgres(trx) &&
      requests.every((r) => r.chatId !== null && !r.admit && !r.alsoWrite)
    )
      return appendTogether(trx, requests, ids);
    const results: AppendOutcome[] = [];
    for (const [i, waiting] of batch.entries())
      results.push(await appendOne(trx, waiting.request, ids[i] as number));
    return results;
  }

  async function writeBatch(batch: Waiting[]): Promise<void> {
    batch.sort(byChat);
    // Set once every statement has run: what fails after it is the COMMIT.
    let committing = false;
    try {
      const outcomes = await db.transaction().execute(async (trx) => {
        const results = await appendAll(trx, batch);
        committing = true;
        return results;
      });
      // The event loop is free meanwhile: the next batch gathers while this one syncs.
      await durability.flush();
      await afterCommit?.();
      onCommitted?.(storedOf(outcomes));
      batch.forEach((waiting, i) => waiting.resolve(outcomes[i] as AppendOutcome));
    } catch (error) {
      if (batch.length === 1 || committing) {
        // A COMMIT that failed with its connection may have been applied, and one whose sync
        // failed was: only its answer is certainly lost. Writing the messages again could store
        // one without clientMsgId twice, so each sender hears of the failure and retries (by
        // clientMsgId, which is safe).
        for (const waiting of batch) waiting.reject(error);
        return;
      }
      log.warn({ err: error, size: batch.length }, 'message batch failed; writing its messages one by one');
      for (const waiting of batch) {
        try {
          const [outcome] = await db.transaction().execute((trx) => appendAll(trx, [waiting]));
          await durability.flush();
          onCommitted?.(storedOf([outcome as AppendOutcome]));
          waiting.resolve(outcome as AppendOutcome);
        } catch (single) {
          waiting.reject(single);
        }
      }
    }
  }

  async function drain(): Promise<void> {
    try {
      while (queue.length > 0) {
        const batch = queue.slice(0, maxBatch);
        queue = queue.slice(batch.length);
        await writeBatch(batch);
      }
    } finally {
      writing = false;
    }
  }

  return {
    /**
     * Stores the message with the next batch; resolves once that batch has committed. Rejects at
     * once with ServerBusyError when `maxWaiting` sends are already waiting.
     */
    append(request: AppendRequest): Promise<AppendOutcome> {
      if (queue.length >= maxWaiting) return Promise.reject(new ServerBusyError());
      return new Promise<AppendOutcome>((resolve, reject) => {
        queue.push({ request, resolve, reject });
        if (writing) return;
        writing = true;
        // After this turn's I/O: the sends that arrived together share the first batch.
        setImmediate(() => void drain());
      });
    },
  };
}

export type Appender = ReturnType<typeof createAppender>;
