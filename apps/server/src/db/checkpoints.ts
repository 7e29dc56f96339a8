/**
 * SQLite's checkpoints copy the write-ahead log back into the database file and sync both. By
 * default the COMMIT that takes the log past 1,000 pages runs one, on the event loop: a stall
 * of a few milliseconds every few seconds under load. Here the server's own connection runs
 * none (`wal_autocheckpoint = 0`); a worker thread with a connection of its own runs a PASSIVE
 * checkpoint (which never waits for the writer, nor makes it wait) every CHECKPOINT_EVERY_MS
 * while there were writes, and a last one as it closes.
 */
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

export const CHECKPOINT_EVERY_MS = 1_000;

// Plain JavaScript, so the worker needs no TypeScript loader.
const WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.file);
db.pragma('busy_timeout = 5000');
parentPort.on('message', (message) => {
  try {
    db.pragma('wal_checkpoint(PASSIVE)');
  } catch {
    // Busy or failing now: the next one tries again.
  }
  if (message === 'close') {
    db.close();
    parentPort.close();
  } else parentPort.postMessage('done');
});
`;

export interface Checkpoints {
  close(): Promise<void>;
}

/** Starts checkpointing `file` (a database in WAL mode); `writes()` counts the writes so far. */
export function startCheckpoints(
  file: string,
  writes: () => number,
  onError: (error: Error) => void,
): Checkpoints {
  const driver = createRequire(import.meta.url).resolve('better-sqlite3');
  const worker = new Worker(WORKER, { eval: true, workerData: { driver, file } });
  let checkpointed = writes();
  let running = false;
  // A worker that cannot run (its database went away) leaves the log to grow; say so once.
  worker.on('error', (error) => {
    running = true;
    onError(error);
  });
  worker.on('message', () => {
    running = false;
  });
  // After the listeners: a 'message' listener refs the worker again. It must not keep a process
  // (a command-line tool) alive.
  worker.unref();
  const timer = setInterval(() => {
    if (running || writes() === checkpointed) return;
    checkpointed = writes();
    running = true;
    worker.postMessage('checkpoint');
  }, CHECKPOINT_EVERY_MS);
  timer.unref();
  const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
  return {
    async close() {
      clearInterval(timer);
      // Held until the last checkpoint is done, or the process could end before it.
      worker.ref();
      worker.postMessage('close');
      await exited;
    },
  };
}
