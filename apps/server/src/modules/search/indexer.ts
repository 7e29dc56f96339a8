/**
 * The search index is written after a send's commit, not inside its transaction: the send pays
 * nothing for it, and the index is written a batch at a time. The appender tells the indexer
 * what each batch stored (AppenderOptions.onCommitted); GATHER_MS later the indexer indexes
 * every message past the watermark in transactions of its own (repo.indexPastWatermark). It
 * starts by catching up, so messages committed just before a crash or stop are indexed then.
 *
 * A search waits for what was told before it to be indexed (`settled`), so a sender finds their
 * message right after its answer. On PostgreSQL with several nodes, a message committed below
 * the watermark that another node moved is indexed by its own node when told; should that node
 * stop between the two, it stays unindexed.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db';
import { indexPastWatermark } from './repo';

/** Messages read per indexing transaction. */
const BATCH = 500;
/**
 * How long the indexer gathers commits before it runs: under load the appender commits a batch
 * every few milliseconds, and one indexing transaction for several of them costs less.
 */
const GATHER_MS = 25;

export interface SearchIndexer {
  /** AppenderOptions.onCommitted: the batch's messages are indexed GATHER_MS later. */
  committed(stored: { id: number }[]): void;
  /** Resolves once everything committed so far is indexed (or failed to be, logged). */
  settled(): Promise<void>;
  /** Waits for the run under way; nothing more is indexed. */
  close(): Promise<void>;
}

export function createSearchIndexer(db: Db, log: FastifyBaseLogger, batch = BATCH): SearchIndexer {
  let told: number[] = [];
  // Starts dirty: the first run catches up with what was committed but not indexed.
  let dirty = true;
  let closed = false;
  let running: Promise<void> | null = null;

  async function drain(): Promise<void> {
    while (dirty && !closed) {
      dirty = false;
      const ids = told;
      told = [];
      try {
        // A batch committed meanwhile has set `dirty` again: it must not be overwritten.
        if (await indexPastWatermark(db, ids, batch)) dirty = true;
      } catch (error) {
        // Left past the watermark: the next run (the next send's, or the next start) retries.
        told = ids.concat(told);
        log.error({ err: error }, 'search indexing failed');
        return;
      }
    }
  }

  function run(): void {
    if (running || closed) return;
    // The batches that commit meanwhile are indexed together.
    running = new Promise((resolve) => setTimeout(resolve, GATHER_MS)).then(drain).finally(() => {
      running = null;
      if (dirty) run();
    });
  }

  run();
  return {
    committed(stored) {
      for (const { id } of stored) told.push(id);
      dirty = true;
      run();
    },
    async settled() {
      while (running) await running;
    },
    async close() {
      closed = true;
      await running;
    },
  };
}
