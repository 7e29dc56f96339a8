/**
 * The message-id mark: the highest msgId the server may have handed out, kept in a small file
 * in DATA_DIR, outside the database, so that it does not go back when the database does (a
 * restored backup, a file system that lost recent writes). Every transaction that stores a
 * message covers its ids here before it commits (written and synced), so no msgId, and no
 * seq of a message, becomes visible without the mark knowing of it. At start,
 * `guardMessageIds` (rollback.ts) compares the mark with the database.
 *
 * As a database sequence caches values, the mark covers a block of ids ahead (ID_BLOCK), so
 * it is written once per block rather than once per batch, and the next block is written while
 * half of this one is still left, so a batch seldom waits for it. The price: after a crash the
 * mark is ahead of the database by up to a block and a half, which the guard cannot tell from
 * lost messages, so seqs move on by that much (devices catch up over the hole). A clean stop
 * brings the mark down to the ids really handed out (`settle`), and the next start skips nothing.
 *
 * The file holds one zero-padded decimal number, rewritten in place: 21 bytes, inside one disk
 * sector, so a write is whole or not at all.
 */
import { mkdirSync } from 'node:fs';
import { open, type FileHandle } from 'node:fs/promises';
import path from 'node:path';
import type { DatabaseConfig } from '../../config';

export interface IdMark {
  /** The highest msgId covered. */
  readonly value: number;
  /** Resolves once the mark covers `id` on disk. */
  cover(id: number): Promise<void>;
  /** At a clean stop: no id above `handedOut` was given, so the mark comes down to it. */
  settle(handedOut: number): Promise<void>;
  close(): Promise<void>;
}

export const ID_MARK_FILE = 'message-ids.mark';
/** Ids covered ahead of those handed out. */
export const ID_BLOCK = 1000;
const WIDTH = 20;

class FileIdMark implements IdMark {
  private wanted: number;
  private writing: Promise<void> | null = null;

  constructor(
    private readonly file: FileHandle,
    private synced: number,
    private readonly block: number,
  ) {
    this.wanted = synced;
  }

  get value(): number {
    return this.synced;
  }

  async cover(id: number): Promise<void> {
    // Half a block left: the next one is written now, without waiting for it.
    if (id + this.block / 2 > this.synced) this.extend(id + this.block).catch(() => {});
    while (id > this.synced) await this.extend(id + this.block);
  }

  async settle(handedOut: number): Promise<void> {
    await this.writing?.catch(() => {});
    if (handedOut >= this.synced) return;
    this.wanted = handedOut;
    await this.extend(handedOut);
  }

  /** Callers arriving while a write is under way share the next one. */
  private extend(to: number): Promise<void> {
    this.wanted = Math.max(this.wanted, to);
    this.writing ??= this.write().finally(() => {
      this.writing = null;
    });
    return this.writing;
  }

  private async write(): Promise<void> {
    const value = this.wanted;
    await this.file.write(`${String(value).padStart(WIDTH, '0')}\n`, 0);
    await this.file.datasync();
    this.synced = value;
  }

  async close(): Promise<void> {
    await this.writing?.catch(() => {});
    await this.file.close();
  }
}

/** For an in-memory database (nothing outlives the process, so nothing to guard), and apps built on a database of the caller's. */
export const noIdMark: IdMark = {
  value: 0,
  cover: async () => {},
  settle: async () => {},
  close: async () => {},
};

async function openFile(file: string): Promise<FileHandle> {
  try {
    return await open(file, 'r+');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  mkdirSync(path.dirname(file), { recursive: true });
  const handle = await open(file, 'wx+');
  // The new name must survive a power loss too: sync the folder that holds it.
  const folder = await open(path.dirname(file), 'r');
  try {
    await folder.sync();
  } finally {
    await folder.close();
  }
  return handle;
}

/**
 * Opens (or creates, at 0) the mark for the configured database; throws on a damaged file.
 * `block`: ids covered ahead (ID_BLOCK; 0 in tests that place the mark exactly).
 */
export async function openIdMark(
  database: DatabaseConfig,
  dataDir: string,
  { block = ID_BLOCK }: { block?: number } = {},
): Promise<IdMark> {
  if (database.dialect === 'sqlite' && database.file === ':memory:') return noIdMark;
  const file = path.join(dataDir, ID_MARK_FILE);
  const handle = await openFile(file);
  try {
    const text = (await handle.readFile('utf8')).trim();
    if (!/^\d*$/.test(text) || !Number.isSafeInteger(Number(text)))
      throw new Error(`${file} is damaged (${JSON.stringify(text.slice(0, 40))}); see docs/architecture.md`);
    return new FileIdMark(handle, Number(text), block);
  } catch (error) {
    await handle.close();
    throw error;
  }
}
