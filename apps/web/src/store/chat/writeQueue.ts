/**
 * The engine's writes to the device. Changes made during one tick are gathered and written in
 * one transaction (storage.ts), each transaction after the one before, so the device always
 * holds a state the engine really had. A write that fails is reported and the next one goes
 * on: what is in memory is still right, and the server has everything that matters.
 */
import type { ChatStorage, StorageOp, StoredChat } from './storage';

export class WriteQueue {
  private ops: StorageOp[] = [];
  private listChanged = false;
  private scheduled = false;
  private writing: Promise<void> = Promise.resolve();
  private closed = false;

  constructor(
    private readonly storage: ChatStorage,
    /** The whole chat list as it is now (written when it changed). */
    private readonly list: () => StoredChat[],
    private readonly report: (error: unknown) => void,
  ) {}

  add(ops: readonly StorageOp[]): void {
    if (this.closed || ops.length === 0) return;
    this.ops.push(...ops);
    this.schedule();
  }

  /** The list changed: it is written with the next transaction. */
  touchList(): void {
    if (this.closed) return;
    this.listChanged = true;
    this.schedule();
  }

  /** Nothing gathered and not yet handed to the device. */
  get empty(): boolean {
    return this.ops.length === 0 && !this.listChanged;
  }

  /** Writes what was gathered now; resolves when it (and everything before) is written. */
  flush(): Promise<void> {
    if (this.closed) return this.writing;
    const ops = this.ops;
    const chats = this.listChanged ? this.list() : undefined;
    this.ops = [];
    this.listChanged = false;
    if (ops.length === 0 && !chats) return this.writing;
    this.writing = this.writing
      .then(() => this.storage.write(ops, chats))
      .catch((error: unknown) => this.report(error));
    return this.writing;
  }

  /** Writes what is left, then closes the store. */
  async close(): Promise<void> {
    await this.flush();
    this.closed = true;
    this.storage.close();
  }

  private schedule(): void {
    if (this.scheduled) return;
    this.scheduled = true;
    queueMicrotask(() => {
      this.scheduled = false;
      void this.flush();
    });
  }
}
