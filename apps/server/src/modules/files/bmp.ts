/**
 * A small BMP decoder. sharp (libvips) cannot read BMP, yet BMP is an image type people
 * send, so it is decoded here to raw RGBA and re-encoded as PNG like every other image.
 * It reads the common Windows variants: 1/4/8-bit palettes, 16/24/32-bit, uncompressed or
 * with bit-field masks, bottom-up or top-down. Anything else (RLE, embedded JPEG/PNG, OS/2
 * headers) answers null and the upload is refused.
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

export function decodeBmp(file: Buffer): RawImage | null {
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
  const out = Buffer.alloc(width * height * 4);
  for (let y = 0; y < height; y += 1) {
    const row = dataOffset + stride * (topDown ? y : height - 1 - y);
    for (let x = 0; x < width; x += 1) {
      const o = (y * width + x) * 4;
      if (palette) {
        const bitOffset = x * bpp;
        const byte = file[row + (bitOffset >> 3)] as number;
        const index = (byte >> (8 - bpp - (bitOffset & 7))) & ((1 << bpp) - 1);
        if (index * 4 + 2 >= palette.length) return null;
        out[o] = palette[index * 4 + 2] as number;
        out[o + 1] = palette[index * 4 + 1] as number;
        out[o + 2] = palette[index * 4] as number;
        out[o + 3] = 255;
      } else if (bpp === 24) {
        const p = row + x * 3;
        out[o] = file[p + 2] as number;
        out[o + 1] = file[p + 1] as number;
        out[o + 2] = file[p] as number;
        out[o + 3] = 255;
      } else {
        const [r, g, b, a] = channels as (Channel | null)[];
        const value = bpp === 16 ? file.readUInt16LE(row + x * 2) : file.readUInt32LE(row + x * 4);
        out[o] = scale(value, r as Channel);
        out[o + 1] = scale(value, g as Channel);
        out[o + 2] = scale(value, b as Channel);
        out[o + 3] = a ? scale(value, a) : 255;
      }
    }
  }
  return { width, height, data: out };
}
