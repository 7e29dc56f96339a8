import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { IMAGE_MAX_SIDE } from '@paichat/protocol';
import { afterAll, describe, expect, it } from 'vitest';
import { ServerBusyError } from '../../errors';
import { largeBmp } from '../../../test/support/media';
import { BMP_QUEUE_MAX, createBmpDecoder } from './bmp-pool';

const dir = mkdtempSync(path.join(tmpdir(), 'paichat-bmp-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the BMP decoder pool', () => {
  it('decodes in a worker, scaled to the largest side the app shows', async () => {
    const file = path.join(dir, 'wide.bmp');
    writeFileSync(file, largeBmp(IMAGE_MAX_SIDE * 2 + 10, 40));
    const decoder = createBmpDecoder();
    try {
      const image = await decoder.decode(file);
      expect(image?.width).toBeLessThanOrEqual(IMAGE_MAX_SIDE);
      expect(image?.data.length).toBe((image?.width ?? 0) * (image?.height ?? 0) * 4);
      const notBmp = path.join(dir, 'not.bmp');
      writeFileSync(notBmp, 'plain words, no bitmap');
      expect(await decoder.decode(notBmp)).toBeNull();
    } finally {
      await decoder.close();
    }
  });

  it('keeps at most a few files waiting: past them a decode is refused as busy at once', async () => {
    const file = path.join(dir, 'big.bmp');
    writeFileSync(file, largeBmp(1200, 1200));
    const decoder = createBmpDecoder();
    try {
      const outcomes = await Promise.allSettled(
        Array.from({ length: BMP_QUEUE_MAX + 4 }, () => decoder.decode(file)),
      );
      const refused = outcomes.filter((o) => o.status === 'rejected');
      const decoded = outcomes.filter((o) => o.status === 'fulfilled');
      expect(refused.length).toBeGreaterThanOrEqual(3);
      for (const o of refused) expect((o as PromiseRejectedResult).reason).toBeInstanceOf(ServerBusyError);
      expect(decoded.length).toBeGreaterThanOrEqual(BMP_QUEUE_MAX);
      for (const o of decoded)
        expect((o as PromiseFulfilledResult<unknown>).value).toMatchObject({ width: 1200 });
    } finally {
      await decoder.close();
    }
  });
});
