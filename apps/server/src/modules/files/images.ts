/**
 * Images are never stored as sent: each is decoded and re-encoded with sharp, turned upright
 * by its EXIF orientation, scaled down to IMAGE_MAX_SIDE, and written without any metadata
 * (EXIF with GPS, XMP, IPTC, ICC, comments), which also drops anything smuggled after the image
 * data. Then a small WebP thumbnail is made; or, for an avatar, one square image instead.
 * sharp works in libuv's thread pool and BMP decoding in a worker (bmp-pool.ts): none of it
 * runs on the event loop.
 */
import { AVATAR_SIZE, IMAGE_MAX_SIDE, THUMB_MAX_SIZE } from '@paichat/protocol';
import sharp, { type Sharp } from 'sharp';
import { AppError, FileTypeNotAllowedError } from '../../errors';
import type { BmpDecoder } from './bmp-pool';
import type { ImageFormat } from './kinds';

export interface WrittenImage {
  ext: string;
  contentType: string;
  width: number;
  height: number;
  size: number;
}

/** Decompression bombs stop here: a few kB of PNG can claim billions of pixels. */
const MAX_INPUT_PIXELS = 40_000_000;

const UNREADABLE = 'The image is damaged or in a format that is not supported';

async function load(input: string, format: ImageFormat, animated: boolean, bmp: BmpDecoder): Promise<Sharp> {
  if (format === 'bmp') {
    const raw = await bmp.decode(input);
    if (!raw) throw new FileTypeNotAllowedError(UNREADABLE);
    return sharp(raw.data, { raw: { width: raw.width, height: raw.height, channels: 4 } });
  }
  return sharp(input, { failOn: 'error', limitInputPixels: MAX_INPUT_PIXELS, animated });
}

/** Re-encode errors from a damaged file are the file's fault, not the server's. */
async function guarded<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw new FileTypeNotAllowedError(UNREADABLE);
  }
}

/** Re-encodes in the same format (BMP becomes PNG), upright, at most IMAGE_MAX_SIDE, without metadata. */
export function reencodeImage(
  input: string,
  format: ImageFormat,
  output: string,
  bmp: BmpDecoder,
): Promise<WrittenImage> {
  return guarded(async () => {
    const animatable = format === 'gif' || format === 'webp';
    const pages = animatable ? ((await sharp(input, { animated: true }).metadata()).pages ?? 1) : 1;
    let image = await load(input, format, pages > 1, bmp);
    if (pages === 1)
      image = image
        .autoOrient()
        .resize(IMAGE_MAX_SIDE, IMAGE_MAX_SIDE, { fit: 'inside', withoutEnlargement: true });
    let ext: string;
    let contentType: string;
    switch (format) {
      case 'jpeg':
        image = image.jpeg({ quality: 85, mozjpeg: true });
        [ext, contentType] = ['jpg', 'image/jpeg'];
        break;
      case 'webp':
        image = image.webp({ quality: 85 });
        [ext, contentType] = ['webp', 'image/webp'];
        break;
      case 'gif':
        image = image.gif();
        [ext, contentType] = ['gif', 'image/gif'];
        break;
      case 'png':
      case 'bmp':
        image = image.png();
        [ext, contentType] = ['png', 'image/png'];
        break;
    }
    const info = await image.toFile(output);
    // For an animation, height is that of all frames stacked; one frame's is what people see.
    const height = pages > 1 ? Math.round(info.height / pages) : info.height;
    return { ext, contentType, width: info.width, height, size: info.size };
  });
}

/** A WebP no larger than THUMB_MAX_SIZE on its longest side (first frame of an animation). */
export function writeThumbnail(input: string, output: string): Promise<WrittenImage> {
  return guarded(async () => {
    const info = await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS })
      .resize(THUMB_MAX_SIZE, THUMB_MAX_SIZE, { fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 75 })
      .toFile(output);
    return {
      ext: 'webp',
      contentType: 'image/webp',
      width: info.width,
      height: info.height,
      size: info.size,
    };
  });
}

/** A square AVATAR_SIZE WebP, cropped around the most interesting part of the picture. */
export function writeAvatar(
  input: string,
  format: ImageFormat,
  output: string,
  bmp: BmpDecoder,
): Promise<WrittenImage> {
  return guarded(async () => {
    const image = await load(input, format, false, bmp);
    const info = await image
      .autoOrient()
      .resize(AVATAR_SIZE, AVATAR_SIZE, { fit: 'cover', position: sharp.strategy.attention })
      .webp({ quality: 85 })
      .toFile(output);
    return {
      ext: 'webp',
      contentType: 'image/webp',
      width: info.width,
      height: info.height,
      size: info.size,
    };
  });
}
