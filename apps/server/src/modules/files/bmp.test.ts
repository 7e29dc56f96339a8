import { describe, expect, it } from 'vitest';
import { bmp24 } from '../../../test/support/media';
import { decodeBmp } from './bmp';

/** A 24-bit BMP of the given rows (top row first), each pixel [r, g, b]. */
const bmpOf = (rows: [number, number, number][][]): Buffer =>
  bmp24(rows[0]?.length ?? 0, rows.length, (x, y) => rows[y]?.[x] ?? [0, 0, 0]);

describe('decodeBmp', () => {
  it('decodes a 24-bit bottom-up image to RGBA rows top to bottom', () => {
    const image = decodeBmp(
      bmpOf([
        [
          [255, 0, 0],
          [0, 255, 0],
          [0, 0, 255],
        ],
        [
          [1, 2, 3],
          [4, 5, 6],
          [7, 8, 9],
        ],
      ]),
    );
    expect(image).not.toBeNull();
    expect(image?.width).toBe(3);
    expect(image?.height).toBe(2);
    expect([...(image?.data ?? [])]).toEqual([
      255, 0, 0, 255, 0, 255, 0, 255, 0, 0, 255, 255, 1, 2, 3, 255, 4, 5, 6, 255, 7, 8, 9, 255,
    ]);
  });

  it('decodes an 8-bit palette image', () => {
    const file = Buffer.alloc(54 + 2 * 4 + 4);
    file.write('BM', 0, 'latin1');
    file.writeUInt32LE(54 + 8, 10);
    file.writeUInt32LE(40, 14);
    file.writeInt32LE(2, 18);
    file.writeInt32LE(-1, 22); // top-down
    file.writeUInt16LE(8, 28);
    file.writeUInt32LE(2, 46);
    // palette: index 0 = blue, index 1 = white (BGRx)
    Buffer.from([255, 0, 0, 0, 255, 255, 255, 0]).copy(file, 54);
    Buffer.from([1, 0, 0, 0]).copy(file, 62);
    expect([...(decodeBmp(file)?.data ?? [])]).toEqual([255, 255, 255, 255, 0, 0, 255, 255]);
  });

  it('scales a large image down while decoding: each pixel the average of its block', () => {
    const image = decodeBmp(
      bmpOf([
        [
          [0, 0, 0],
          [100, 0, 0],
          [7, 7, 7],
        ],
        [
          [200, 0, 0],
          [100, 40, 0],
          [9, 9, 9],
        ],
        [
          [10, 20, 30],
          [30, 20, 10],
          [50, 50, 50],
        ],
      ]),
      2,
    );
    // k = 2: blocks of 2 × 2, the ones at the right and bottom edges smaller.
    expect(image?.width).toBe(2);
    expect(image?.height).toBe(2);
    expect([...(image?.data ?? [])]).toEqual([
      100, 10, 0, 255, 8, 8, 8, 255, 20, 20, 20, 255, 50, 50, 50, 255,
    ]);
  });

  it('refuses what it cannot read', () => {
    expect(decodeBmp(Buffer.from('not a bitmap at all'))).toBeNull();
    const rle = bmpOf([[[0, 0, 0]]]);
    rle.writeUInt32LE(1, 30); // BI_RLE8
    expect(decodeBmp(rle)).toBeNull();
    const truncated = bmpOf([[[0, 0, 0]], [[0, 0, 0]]]).subarray(0, 56);
    expect(decodeBmp(truncated)).toBeNull();
    const huge = bmpOf([[[0, 0, 0]]]);
    huge.writeInt32LE(100_000, 18);
    expect(decodeBmp(huge)).toBeNull();
  });
});
