/**
 * No msgId, and no seq of a chat, is handed out twice, even by a database that went back in
 * time (restored from a backup, or on a file system that lost its latest writes).
 *
 * At start the database's message-id counter is compared with the mark (id-mark.ts), which
 * covers every msgId the server handed out. A counter behind the mark means the database lost
 * messages that devices may hold, or that the server stopped without settling the block of
 * ids the mark covers ahead (a crash): the two cannot be told apart, so both are treated alike. Then, in one transaction, the counter moves past the mark
 * (new msgIds are new), and every chat's seqs continue (mark − counter) further on: at most
 * that many messages were lost, in any one chat, so a new message never takes a seq a device
 * already holds. Devices see the chat move on and catch up over the hole as over cleared
 * messages. A counter ahead of the mark (a new mark beside an existing database, or ids that
 * PostgreSQL's sequence gave to transactions that rolled back) brings the mark up to it.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Db, Dialect } from '../../db';
import type { IdMark } from './id-mark';
import * as repo from './repo';

export async function guardMessageIds(
  db: Db,
  dialect: Dialect,
  mark: IdMark,
  log: FastifyBaseLogger,
): Promise<void> {
  const counter = await repo.messageIdCounter(db, dialect);
  if (counter >= mark.value) {
    await mark.cover(counter);
    return;
  }
  const lost = mark.value - counter;
  await db.transaction().execute(async (trx) => {
    await repo.moveMessageIdsPast(trx, dialect, mark.value);
    await repo.skipSeqs(trx, lost);
  });
  log.warn(
    { mark: mark.value, counter, skipped: lost },
    'the database is behind the message-id mark (after a crash, or restored or rolled back): msgIds and seqs continue past it',
  );
}

/**
 * At a clean stop, once no send is in flight: the mark comes down from its block ahead to the
 * ids really handed out (id-mark.ts), so the next start has nothing to skip.
 */
export async function settleMessageIds(db: Db, dialect: Dialect, mark: IdMark): Promise<void> {
  await mark.settle(await repo.messageIdCounter(db, dialect));
}
