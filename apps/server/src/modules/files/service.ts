/**
 * Uploads: receive to a temporary file, decide the type from the bytes, re-encode images,
 * then move into place under a random name and record it; any refusal or failure leaves
 * nothing behind. Serving answers what a name holds, for signed-in users only (the route
 * checks the token).
 */
import { randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';
import { FILE_URL_PREFIX, type UploadedFile, type UploadPurpose } from '@paichat/protocol';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../clock';
import type { Db, NewUpload } from '../../db';
import { FileTooLargeError, FileTypeNotAllowedError, ValidationError } from '../../errors';
import type { BmpDecoder } from './bmp-pool';
import { reencodeImage, writeAvatar, writeThumbnail, type WrittenImage } from './images';
import { sniff, type Endpoint } from './kinds';
import { cleanDisplayName } from './names';
import * as repo from './repo';
import { TooLargeWhileReceiving, type FileStore } from './store';

export interface UploadSource {
  stream: Readable;
  /** The client's file name: cleaned for display, never used for storage. */
  filename: string;
  /** Whether the multipart parser cut the file at the size limit. */
  truncated: () => boolean;
}

export interface UploadLimits {
  uploadMaxBytes: number;
  videoMaxBytes: number;
}

export interface FilesServiceDeps {
  db: Db;
  clock: Clock;
  log: FastifyBaseLogger;
  store: FileStore;
  limits: UploadLimits;
  /** Decodes BMP uploads off the event loop. */
  bmp: BmpDecoder;
}

/** 128 random bits in hex, the file's extension, and `.thumb` for a thumbnail. */
export const STORED_NAME = /^[0-9a-f]{32}(?:\.thumb)?\.[a-z0-9]{2,5}$/;

export const urlOf = (name: string): string => `${FILE_URL_PREFIX}${name}`;

/** What the server knows of a stored file, for messages that reference it by URL. */
export interface FileFacts {
  url: string;
  contentType: string;
  size: number;
  /** The client's file name, cleaned. */
  name: string;
  width: number | null;
  height: number | null;
  /** The image's thumbnail URL ('' when it has none). */
  thumbUrl: string;
  /** A thumbnail itself (never a message's main file). */
  isThumb: boolean;
  /** Who uploaded it. */
  ownerId: number;
}

export interface StoredFile {
  path: string;
  contentType: string;
  size: number;
  displayName: string;
}

export function createFilesService(deps: FilesServiceDeps) {
  const { db, clock, log, store } = deps;

  const maxBytes = (endpoint: Endpoint): number =>
    endpoint === 'video' ? deps.limits.videoMaxBytes : deps.limits.uploadMaxBytes;

  /** What a stored name holds, or null for a malformed or unknown name (or a missing file). */
  async function open(name: string): Promise<StoredFile | null> {
    if (!STORED_NAME.test(name)) return null;
    const row = await repo.findUpload(db, name);
    if (!row) return null;
    const size = await store.sizeOf(name);
    if (size === null) {
      log.error({ name }, 'stored file missing on disk');
      return null;
    }
    return {
      path: store.pathOf(name),
      contentType: row.content_type,
      size,
      displayName: row.original_name,
    };
  }

  return {
    maxBytes,

    async upload(
      ownerId: number,
      source: UploadSource,
      /** `imagesOnly`: anything but an image is refused (a link preview's picture). */
      options: { endpoint: Endpoint; purpose?: UploadPurpose | undefined; imagesOnly?: boolean },
    ): Promise<UploadedFile> {
      const limit = maxBytes(options.endpoint);
      const temps: string[] = [];
      try {
        let received: { path: string; size: number };
        try {
          received = await store.receive(source.stream, limit);
        } catch (error) {
          if (error instanceof TooLargeWhileReceiving) throw new FileTooLargeError(limit);
          throw error;
        }
        temps.push(received.path);
        if (source.truncated()) throw new FileTooLargeError(limit);
        if (received.size === 0) throw new ValidationError('file: the file is empty');

        const kind = await sniff(received.path, cleanDisplayName(source.filename), options.endpoint);
        const displayName = cleanDisplayName(source.filename, kind.ext);
        const avatar = options.purpose === 'avatar';
        if (avatar && kind.category !== 'image')
          throw new FileTypeNotAllowedError('An avatar must be an image');
        if (options.imagesOnly && kind.category !== 'image')
          throw new FileTypeNotAllowedError('Only images are taken here');

        const id = randomBytes(16).toString('hex');
        const now = clock.now();
        const row = (
          name: string,
          purpose: string,
          meta: { contentType: string; size: number; width?: number; height?: number },
        ): NewUpload => ({
          name,
          owner_id: ownerId,
          content_type: meta.contentType,
          size: meta.size,
          original_name: displayName,
          purpose,
          width: meta.width ?? null,
          height: meta.height ?? null,
          thumb_name: null,
          created_at: now,
        });

        // [temporary path, final name, row] for every file this upload keeps.
        const outputs: [string, string, NewUpload][] = [];
        let main: NewUpload;
        let thumb: NewUpload | null = null;
        if (kind.category === 'image' && kind.imageFormat) {
          const mainTemp = store.tempPath();
          temps.push(mainTemp);
          const written: WrittenImage = avatar
            ? await writeAvatar(received.path, kind.imageFormat, mainTemp, deps.bmp)
            : await reencodeImage(received.path, kind.imageFormat, mainTemp, deps.bmp);
          main = row(`${id}.${written.ext}`, avatar ? 'avatar' : 'file', written);
          outputs.push([mainTemp, main.name, main]);
          if (!avatar) {
            const thumbTemp = store.tempPath();
            temps.push(thumbTemp);
            const small = await writeThumbnail(mainTemp, thumbTemp);
            thumb = row(`${id}.thumb.${small.ext}`, 'thumb', small);
            main.thumb_name = thumb.name;
            outputs.push([thumbTemp, thumb.name, thumb]);
          }
        } else {
          main = row(`${id}.${kind.ext}`, options.endpoint, {
            contentType: kind.contentType,
            size: received.size,
          });
          outputs.push([received.path, main.name, main]);
        }

        const placed: string[] = [];
        try {
          for (const [temp, name] of outputs) {
            await store.place(temp, name);
            placed.push(store.pathOf(name));
          }
          await db.transaction().execute((trx) =>
            repo.insertUploads(
              trx,
              outputs.map(([, , r]) => r),
            ),
          );
        } catch (error) {
          await store.remove(placed);
          throw error;
        }
        log.info(
          { ownerId, name: main.name, contentType: main.content_type, size: main.size },
          'file stored',
        );

        return {
          url: urlOf(main.name),
          thumbUrl: thumb ? urlOf(thumb.name) : avatar ? urlOf(main.name) : '',
          contentType: main.content_type,
          size: main.size,
          name: displayName,
          ...(main.width != null ? { width: main.width } : {}),
          ...(main.height != null ? { height: main.height } : {}),
        };
      } finally {
        await store.remove(temps);
      }
    },

    open,

    /** The stored files among these URLs (as /file/upload answered them), by URL; unknown ones are absent. */
    async describe(urls: readonly string[]): Promise<Map<string, FileFacts>> {
      const names = urls
        .filter((url) => url.startsWith(FILE_URL_PREFIX))
        .map((url) => url.slice(FILE_URL_PREFIX.length))
        .filter((name) => STORED_NAME.test(name));
      const rows = await repo.findUploads(db, names);
      return new Map(
        rows.map((row) => [
          urlOf(row.name),
          {
            url: urlOf(row.name),
            contentType: row.content_type,
            size: row.size,
            name: row.original_name,
            width: row.width,
            height: row.height,
            thumbUrl: row.thumb_name ? urlOf(row.thumb_name) : '',
            isThumb: row.purpose === 'thumb',
            ownerId: row.owner_id,
          },
        ]),
      );
    },

    /** The file on disk behind a stored image's URL; null for anything else (another site, a missing file). */
    async imagePath(url: string): Promise<string | null> {
      if (!url.startsWith(FILE_URL_PREFIX)) return null;
      const file = await open(url.slice(FILE_URL_PREFIX.length));
      return file?.contentType.startsWith('image/') ? file.path : null;
    },

    /**
     * Stores an image the server makes itself (a group portrait) as uploads are stored, so
     * `/file/…` serves it the same way; answers its URL. `write` renders it to the given path.
     */
    async saveGenerated(
      ownerId: number,
      purpose: string,
      write: (output: string) => Promise<WrittenImage>,
    ): Promise<string> {
      const temp = store.tempPath();
      try {
        await store.ensureFolders();
        const written = await write(temp);
        const name = `${randomBytes(16).toString('hex')}.${written.ext}`;
        await store.place(temp, name);
        try {
          await repo.insertUploads(db, [
            {
              name,
              owner_id: ownerId,
              content_type: written.contentType,
              size: written.size,
              purpose,
              width: written.width,
              height: written.height,
              thumb_name: null,
              created_at: clock.now(),
            },
          ]);
        } catch (error) {
          await store.remove([store.pathOf(name)]);
          throw error;
        }
        return urlOf(name);
      } finally {
        await store.remove([temp]);
      }
    },

    /** Whether `url` (as /file/upload answered it) is an image this user uploaded. */
    async isOwnImage(userId: number, url: string): Promise<boolean> {
      if (!url.startsWith(FILE_URL_PREFIX)) return false;
      const name = url.slice(FILE_URL_PREFIX.length);
      if (!STORED_NAME.test(name)) return false;
      const row = await repo.findUpload(db, name);
      return (
        row !== undefined &&
        row.owner_id === userId &&
        row.purpose !== 'thumb' &&
        row.content_type.startsWith('image/')
      );
    },
  };
}

export type FilesService = ReturnType<typeof createFilesService>;
