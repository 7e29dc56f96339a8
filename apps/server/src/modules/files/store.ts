/**
 * The files on disk, under `${DATA_DIR}/uploads/`: a flat folder of random names. An upload
 * is first streamed to `tmp/` (same file system, so moving it into place is an atomic rename)
 * and only moved once it has been accepted; whatever happens, its temporary files are removed.
 */
import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/** Temporary files older than this are leftovers of a crash and are swept at start. */
const STALE_TEMP_MS = 60 * 60_000;

export class TooLargeWhileReceiving extends Error {}

export function createFileStore(root: string) {
  const tmpDir = path.join(root, 'tmp');
  // Made at the first upload: a server that never receives one never touches the disk.
  let folders: Promise<unknown> | undefined;
  const ensureFolders = () =>
    (folders ??= mkdir(tmpDir, { recursive: true }).catch((error: unknown) => {
      folders = undefined;
      throw error;
    }));

  return {
    root,

    /** Sweeps temporary files a crash left behind. */
    async init(now: number): Promise<void> {
      const entries = await readdir(tmpDir).catch(() => [] as string[]);
      for (const entry of entries) {
        const file = path.join(tmpDir, entry);
        const info = await stat(file).catch(() => null);
        if (info && now - info.mtimeMs > STALE_TEMP_MS) await rm(file, { force: true });
      }
    },

    /** Makes the folders (once): before writing to a tempPath. */
    ensureFolders: async (): Promise<void> => {
      await ensureFolders();
    },

    tempPath(): string {
      return path.join(tmpDir, `${randomBytes(16).toString('hex')}.part`);
    },

    /**
     * Streams to a new temporary file; answers its path and size. More than `maxBytes` stops
     * the copy with TooLargeWhileReceiving (the multipart parser should have cut the file at
     * the limit already; this is the backstop).
     */
    async receive(stream: Readable, maxBytes: number): Promise<{ path: string; size: number }> {
      await ensureFolders();
      const target = path.join(tmpDir, `${randomBytes(16).toString('hex')}.part`);
      let size = 0;
      const counter = new Transform({
        transform(chunk: Buffer, _encoding, done) {
          size += chunk.length;
          if (size > maxBytes) done(new TooLargeWhileReceiving());
          else done(null, chunk);
        },
      });
      try {
        await pipeline(stream, counter, createWriteStream(target, { flags: 'wx' }));
      } catch (error) {
        await rm(target, { force: true });
        throw error;
      }
      return { path: target, size };
    },

    pathOf(name: string): string {
      return path.join(root, name);
    },

    /** Moves an accepted temporary file to its final name. */
    async place(tempPath: string, name: string): Promise<void> {
      await rename(tempPath, path.join(root, name));
    },

    async remove(paths: readonly string[]): Promise<void> {
      await Promise.all(paths.map((p) => rm(p, { force: true })));
    },

    async sizeOf(name: string): Promise<number | null> {
      const info = await stat(path.join(root, name)).catch(() => null);
      return info?.isFile() ? info.size : null;
    },
  };
}

export type FileStore = ReturnType<typeof createFileStore>;
