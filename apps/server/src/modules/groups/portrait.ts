/**
 * A group's portrait: its first nine members' avatars in a grid, as other messengers draw it.
 * Up to four members sit two to a row, more three to a row; a short first row is centred and
 * the whole block is centred vertically. A member without an avatar (or whose avatar cannot
 * be read) gets a plain tile.
 */
import { AVATAR_SIZE, GROUP_FACES_MAX } from '@paichat/protocol';
import sharp from 'sharp';
import type { WrittenImage } from '../files/images';

export const PORTRAIT_MEMBERS = GROUP_FACES_MAX;

const GAP = 6;
const BACKGROUND = '#dcdee3';
const PLACEHOLDER = '#a9b1bd';

export interface Tile {
  left: number;
  top: number;
  size: number;
}

/** Where each of `count` avatars goes on a `canvas`-pixel square. */
export function gridLayout(count: number, canvas = AVATAR_SIZE): Tile[] {
  const n = Math.max(1, Math.min(count, PORTRAIT_MEMBERS));
  const columns = n === 1 ? 1 : n <= 4 ? 2 : 3;
  const rows = Math.ceil(n / columns);
  const size = Math.floor((canvas - GAP * (columns + 1)) / columns);
  const blockHeight = rows * size + (rows - 1) * GAP;
  const top0 = Math.floor((canvas - blockHeight) / 2);
  const firstRow = n - (rows - 1) * columns;
  const tiles: Tile[] = [];
  for (let i = 0; i < n; i += 1) {
    const row = i < firstRow ? 0 : 1 + Math.floor((i - firstRow) / columns);
    const inRow = row === 0 ? firstRow : columns;
    const column = row === 0 ? i : (i - firstRow) % columns;
    const rowWidth = inRow * size + (inRow - 1) * GAP;
    const left = Math.floor((canvas - rowWidth) / 2) + column * (size + GAP);
    tiles.push({ left, top: top0 + row * (size + GAP), size });
  }
  return tiles;
}

const plainTile = (size: number) =>
  sharp({ create: { width: size, height: size, channels: 3, background: PLACEHOLDER } })
    .png()
    .toBuffer();

async function tileOf(avatarPath: string | null, size: number): Promise<Buffer> {
  if (avatarPath === null) return plainTile(size);
  try {
    return await sharp(avatarPath, { failOn: 'error' }).resize(size, size, { fit: 'cover' }).png().toBuffer();
  } catch {
    return plainTile(size);
  }
}

/** Draws the grid of these avatars (file paths; null for none) to `output` as WebP. */
export async function composePortrait(avatarPaths: (string | null)[], output: string): Promise<WrittenImage> {
  const tiles = gridLayout(avatarPaths.length);
  const images = await Promise.all(tiles.map((tile, i) => tileOf(avatarPaths[i] ?? null, tile.size)));
  const info = await sharp({
    create: { width: AVATAR_SIZE, height: AVATAR_SIZE, channels: 3, background: BACKGROUND },
  })
    .composite(tiles.map((tile, i) => ({ input: images[i] as Buffer, left: tile.left, top: tile.top })))
    .webp({ quality: 85 })
    .toFile(output);
  return { ext: 'webp', contentType: 'image/webp', width: info.width, height: info.height, size: info.size };
}
