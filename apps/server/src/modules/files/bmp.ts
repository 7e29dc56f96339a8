/**
 * A small BMP decoder. sharp (libvips) cannot read BMP, yet BMP is an image type people
 * send, so it is decoded here to raw RGBA and re-encoded as PNG like every other image.
 * It reads the common Windows variants: 1/4/8-bit palettes, 16/24/32-bit, uncompressed or
 * with bit-field masks, bottom-up or top-down. Anything else (RLE, embedded JPEG/PNG, OS/2
 * headers) answers null and the upload is refused.
 *
 * An image larger than `maxSide` is scaled down while it is decoded (each output pixel the
 * average of a k × k block), so the decoded pixels never take more than maxSide² × 4 bytes,
 * however many the file holds. It is pure CPU work: the server runs it in a worker thread
 * (bmp-worker.ts), never on the event loop.
 */

export interface RawImage {
  width: number;
  height: number;
  /** RGBA, 4 bytes per pixel, rows top to bottom. */
  data: Buffer;
}

const MAX_SIDE = 16_384;
const MAX_PIXELS = 40_000_000;
const BI_RGB = 0;
const BI_BITFIELDS = 3;
const BI_ALPHABITFIELDS = 6;

interface Channel {
  shift: number;
  max: number;
}

function channel(mask: number): Channel | null {
  if (mask === 0) return null;
  let shift = 0;
  while (((mask >>> shift) & 1) === 0) shift += 1;
  return { shift, max: mask >>> shift };
}

const scale = (value: number, c: Channel): number =>
  Math.round(((value >>> c.shift) & c.max) * (255 / c.max));

/** Decodes a BMP, scaled down by a whole factor to at most `maxSide` pixels on each side. */
export function decodeBmp(file: Buffer, maxSide = MAX_SIDE): RawImage | null {
  if (file.length < 54 || file.toString('latin1', 0, 2) !== 'BM') return null;
  const dataOffset = file.readUInt32LE(10);
  const headerSize = file.readUInt32LE(14);
  if (headerSize < 40 || 14 + headerSize > file.length) return null;
  const width = file.readInt32LE(18);
  const rawHeight = file.readInt32LE(22);
  const bpp = file.readUInt16LE(28);
  const compression = file.readUInt32LE(30);
  const colorsUsed = file.readUInt32LE(46);
  const topDown = rawHeight < 0;
  const height = Math.abs(rawHeight);
  if (width < 1 || height < 1 || width > MAX_SIDE || height > MAX_SIDE || width * height > MAX_PIXELS)
    return null;

  let masks: [number, number, number, number] | null = null;
  if (compression === BI_BITFIELDS || compression === BI_ALPHABITFIELDS) {
    if (bpp !== 16 && bpp !== 32) return null;
    // Masks sit in the header (V2+), or right after a 40-byte one.
    const at = 54;
    const withAlpha = headerSize >= 56 || compression === BI_ALPHABITFIELDS;
    if (at + (withAlpha ? 16 : 12) > file.length) return null;
    masks = [
      file.readUInt32LE(at),
      file.readUInt32LE(at + 4),
      file.readUInt32LE(at + 8),
      withAlpha ? file.readUInt32LE(at + 12) : 0,
    ];
  } else if (compression !== BI_RGB) {
    return null;
  }
  if (![1, 4, 8, 16, 24, 32].includes(bpp)) return null;

  let palette: Buffer | null = null;
  if (bpp <= 8) {
    const count = colorsUsed || 1 << bpp;
    const at = 14 + headerSize;
    if (count > 256 || at + count * 4 > file.length) return null;
    palette = file.subarray(at, at + count * 4);
  }
  if (bpp === 16 && !masks) masks = [0x7c00, 0x03e0, 0x001f, 0];
  if (bpp === 32 && !masks) masks = [0x00ff0000, 0x0000ff00, 0x000000ff, 0];
  const channels = masks?.map(channel) ?? null;
  if (channels && (!channels[0] || !channels[1] || !channels[2])) return null;

  const stride = Math.floor((bpp * width + 31) / 32) * 4;
  if (dataOffset + stride * height > file.length) return null;

  /** Writes the pixel at column x of the row starting at byte `row` to px as RGBA; false if bad. */
  const readPixel = (row: number, x: number, px: Uint8Array): boolean => {
    if (palette) {
      const bitOffset = x * bpp;
      const byte = file[row + (bitOffset >> 3)] as number;
      const index = (byte >> (8 - bpp - (bitOffset & 7))) & ((1 << bpp) - 1);
      if (index * 4 + 2 >= palette.length) return false;
      px[0] = palette[index * 4 + 2] as number;
      px[1] = palette[index * 4 + 1] as number;
      px[2] = palette[index * 4] as number;
      px[3] = 255;
    } else if (bpp === 24) {
      const p = row + x * 3;
      px[0] = file[p + 2] as number;
      px[1] = file[p + 1] as number;
      px[2] = file[p] as number;
      px[3] = 255;
    } else {
      const [r, g, b, a] = channels as (Channel | null)[];
      const value = bpp === 16 ? file.readUInt16LE(row + x * 2) : file.readUInt32LE(row + x * 4);
      px[0] = scale(value, r as Channel);
      px[1] = scale(value, g as Channel);
      px[2] = scale(value, b as Channel);
      px[3] = a ? scale(value, a) : 255;
    }
    return true;
  };

  // Every k × k block of the file becomes one pixel (k = 1: the image as it is).
  const k = Math.max(1, Math.ceil(Math.max(width, height) / Math.max(1, maxSide)));
  const outWidth = Math.ceil(width / k);
  const outHeight = Math.ceil(height / k);
  const out = Buffer.alloc(outWidth * outHeight * 4);
  const sums = new Float64Array(outWidth * 4);
  const counts = new Uint32Array(outWidth);
  const px = new Uint8Array(4);
  for (let oy = 0; oy < outHeight; oy += 1) {
    sums.fill(0);
    counts.fill(0);
    for (let y = oy * k; y < Math.min(height, (oy + 1) * k); y += 1) {
      const row = dataOffset + stride * (topDown ? y : height - 1 - y);
      for (let x = 0; x < width; x += 1) {
        if (!readPixel(row, x, px)) return null;
        const ox = Math.floor(x / k);
        for (let c = 0; c < 4; c += 1) sums[ox * 4 + c] = (sums[ox * 4 + c] as number) + (px[c] as number);
        counts[ox] = (counts[ox] as number) + 1;
      }
    }
    for (let ox = 0; ox < outWidth; ox += 1) {
      const n = counts[ox] as number;
      for (let c = 0; c < 4; c += 1)
        out[(oy * outWidth + ox) * 4 + c] = Math.round((sums[ox * 4 + c] as number) / n);
    }
  }
  return { width: outWidth, height: outHeight, data: out };
}
