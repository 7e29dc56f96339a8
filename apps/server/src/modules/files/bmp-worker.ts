/** A worker thread of the BMP decoder pool (bmp-pool.ts): reads the file and decodes it here. */
import { readFile } from 'node:fs/promises';
import { move, transferableSymbol, valueSymbol } from 'piscina';
import { decodeBmp, type RawImage } from './bmp';

export interface DecodeTask {
  path: string;
  maxSide: number;
}

export default async function decode({ path, maxSide }: DecodeTask): Promise<RawImage | null> {
  const image = decodeBmp(await readFile(path), maxSide);
  if (!image) return null;
  // The pixels are handed over to the main thread, not copied.
  return move({
    get [transferableSymbol]() {
      return [image.data.buffer];
    },
    get [valueSymbol]() {
      return image;
    },
  }) as unknown as RawImage;
}
