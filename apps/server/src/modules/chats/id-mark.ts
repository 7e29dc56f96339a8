/**
 * The message-id mark: the highest msgId the server may have handed out, kept in a small file
 * in DATA_DIR, outside the database, so that it does not go back when the database does (a
 * restored backup, a file system that lost recent writes). Every transaction that stores a
 * message covers its ids here before it commits (written and synced), so no msgId, and no
 * seq of a message, becomes visible without the mark knowing of it. At start,
 * `guardMessageIds` (rollback.ts) compares the mark with the database.
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
  close(): Promise<void>;
}

export const ID_MARK_FILE = 'message-ids.mark';
const WIDTH = 20;

class FileIdMark implements IdMark {
  private wanted: number;
  private writing: Promise<void> | null = null;

  constructor(
    private readonly file: FileHandle,
    private synced: number,
  ) {
    this.wanted = synced;
  }

  get value(): number {
    return this.synced;
  }

  async cover(id: number): Promise<void> {
    this.wanted = Math.max(this.wanted, id);
    // Callers arriving while a write is under way share the next one.
    while (id > this.synced) {
      this.writing ??= this.write().finally(() => {
        this.writing = null;
      });
      await this.writing;
    }
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
export const noIdMark: IdMark = { value: 0, cover: async () => {}, close: async () => {} };

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

/** Opens (or creates, at 0) the mark for the configured database; throws on a damaged file. */
export async function openIdMark(database: DatabaseConfig, dataDir: string): Promise<IdMark> {
  if (database.dialect === 'sqlite' && database.file === ':memory:') return noIdMark;
  const file = path.join(dataDir, ID_MARK_FILE);
  const handle = await openFile(file);
  try {
    const text = (await handle.readFile('utf8')).trim();
    if (!/^\d*$/.test(text) || !Number.isSafeInteger(Number(text)))
      throw new Error(`${file} is damaged (${JSON.stringify(text.slice(0, 40))}); see docs/architecture.md`);
    return new FileIdMark(handle, Number(text));
  } catch (error) {
    await handle.close();
    throw error;
  }
}
