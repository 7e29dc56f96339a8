/**
 * The engine's writes to the device. Changes made during one tick are gathered and written in
 * one transaction (storage.ts), each transaction after the one before, so the device always
 * holds a state the engine really had. A chat whose entry changed is written once per
 * transaction, as it is then; the others are not touched. A write that fails is reported and
 * the next one goes on: what is in memory is still right, and the server has everything that
 * matters.
 */
import type { ChatStorage, StorageOp, StoredChat } from './storage';

export class WriteQueue {
  private ops: StorageOp[] = [];
  private readonly changedChats = new Set<string>();
  private scheduled = false;
  private writing: Promise<void> = Promise.resolve();
  private closed = false;

  constructor(
    private readonly storage: ChatStorage,
    /** A chat's entry as it is now. */
    private readonly chat: (chatId: string) => StoredChat | undefined,
    private readonly report: (error: unknown) => void,
  ) {}

  add(ops: readonly StorageOp[]): void {
    if (this.closed || ops.length === 0) return;
    this.ops.push(...ops);
    this.schedule();
  }

  /** The chat's entry changed: it is written with the next transaction. */
  chatChanged(chatId: string): void {
    if (this.closed) return;
    this.changedChats.add(chatId);
    this.schedule();
  }

  /** Nothing gathered and not yet handed to the device. */
  get empty(): boolean {
    return this.ops.length === 0 && this.changedChats.size === 0;
  }

  /** Writes what was gathered now; resolves when it (and everything before) is written. */
  flush(): Promise<void> {
    if (this.closed) return this.writing;
    const ops = this.ops;
    for (const chatId of this.changedChats) {
      const chat = this.chat(chatId);
      if (chat) ops.push({ op: 'putChat', chat });
    }
    this.ops = [];
    this.changedChats.clear();
    if (ops.length === 0) return this.writing;
    this.writing = this.writing
      .then(() => this.storage.write(ops))
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
