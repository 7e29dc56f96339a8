/**
 * When what is committed has reached the disk.
 *
 * SQLite runs with `synchronous = NORMAL`: a COMMIT writes its pages to the write-ahead log
 * without waiting for the disk, so it never stalls the event loop. The sync that makes it
 * survive a power loss is made here instead, with `fdatasync` on the log file in libuv's thread
 * pool: one sync covers every commit written before it started, so commits made while a sync
 * runs share the next one (a group commit of the disk's flushes).
 *
 * Nothing committed may be seen before it is synced: the message appender tells senders and
 * pushes only after `flush()`, and every HTTP answer waits for it while a write is unsynced
 * (app.ts), so a client never holds what a power loss could undo. A failed sync is final: the
 * kernel may have dropped the pages it could not write, so a later sync that succeeds proves
 * nothing; every flush from then on fails, and the server must be restarted.
 *
 * On PostgreSQL (whose COMMIT returns once it is durable) and for an in-memory database there
 * is nothing to wait for: `alreadyDurable`.
 */
import { close, fdatasync, openSync } from 'node:fs';
import { promisify } from 'node:util';
import { startCheckpoints, type Checkpoints } from './checkpoints';

const datasync = promisify(fdatasync);
const closeFd = promisify(close);

export interface Durability {
  /** Everything committed so far is on disk. */
  readonly settled: boolean;
  /** Resolves once everything committed before the call is on disk. */
  flush(): Promise<void>;
  close(): Promise<void>;
}

const done = Promise.resolve();

export const alreadyDurable: Durability = {
  settled: true,
  flush: () => done,
  close: () => done,
};

/**
 * The write-ahead log's syncs, and its checkpoints (checkpoints.ts). `wrote()` is called as each statement that changes the database,
 * or commits a transaction, is run (db/connect.ts): a counter, so that `flush` knows whether the
 * last sync covers everything.
 */
export class WalSync implements Durability {
  private written = 0;
  private synced = 0;
  private syncing: Promise<void> | null = null;
  private failure: Error | null = null;

  private readonly log: number;
  private readonly checkpoints: Checkpoints;
  private readonly sync: (fd: number) => Promise<unknown>;

  /** The log of an open SQLite database in WAL mode (`<file>-wal`, which exists by then). */
  constructor(
    databaseFile: string,
    {
      sync = datasync,
      onCheckpointError = () => {},
    }: {
      /** fdatasync; tests count the calls. */
      sync?: (fd: number) => Promise<unknown>;
      onCheckpointError?: (error: Error) => void;
    } = {},
  ) {
    this.sync = sync;
    this.log = openSync(`${databaseFile}-wal`, 'r');
    this.checkpoints = startCheckpoints(databaseFile, () => this.written, onCheckpointError);
  }

  wrote(): void {
    this.written += 1;
  }

  get settled(): boolean {
    return this.synced >= this.written && this.failure === null;
  }

  flush(): Promise<void> {
    if (this.failure) return Promise.reject(this.failure);
    return this.synced >= this.written ? done : this.until(this.written);
  }

  private async until(target: number): Promise<void> {
    while (this.synced < target) {
      this.syncing ??= this.syncOnce().finally(() => {
        this.syncing = null;
      });
      await this.syncing;
    }
  }

  private async syncOnce(): Promise<void> {
    if (this.failure) throw this.failure;
    const covers = this.written;
    try {
      await this.sync(this.log);
    } catch (error) {
      this.failure = new Error(`syncing the write-ahead log failed; restart the server: ${String(error)}`);
      throw this.failure;
    }
    this.synced = Math.max(this.synced, covers);
  }

  /** After the server's connection has closed: the checkpoints' own closes last, and tidies the log away. */
  async close(): Promise<void> {
    await this.syncing?.catch(() => {});
    await this.checkpoints.close();
    await closeFd(this.log);
  }
}
