import { FILE_URL_PREFIX } from '@paichat/protocol';
import type { DbOrTx, UploadRow } from '../../db/schema';
import { findUploads } from './repo';

/**
 * The uploads that stored files named by `urls` (as their uploads answered them), in the same
 * order, if every one is the owner's own upload of that kind: an image the server re-encoded
 * (purpose `file`), or a video. Null when any is not: someone else's file, a thumbnail, an
 * avatar, another kind, or no upload at all. What a post or a feedback may attach.
 */
export async function ownedUploads(
  db: DbOrTx,
  ownerId: number,
  urls: readonly string[],
  kind: 'image' | 'video',
): Promise<UploadRow[] | null> {
  const names = urls.map((url) => (url.startsWith(FILE_URL_PREFIX) ? url.slice(FILE_URL_PREFIX.length) : ''));
  const uploads = new Map((await findUploads(db, names)).map((row) => [row.name, row]));
  const rows: UploadRow[] = [];
  for (const name of names) {
    const upload = uploads.get(name);
    const fits =
      kind === 'video'
        ? upload?.content_type.startsWith('video/')
        : upload?.purpose === 'file' && upload.content_type.startsWith('image/');
    if (!upload || upload.owner_id !== ownerId || !fits) return null;
    rows.push(upload);
  }
  return rows;
}
