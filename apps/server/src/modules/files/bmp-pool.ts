/**
 * BMP decoding off the event loop. Our decoder (bmp.ts) is JavaScript: run on the main thread
 * a 5 MB file held every request and the heartbeat of every socket for close to half a second.
 * It runs in one worker thread instead, one file at a time, with at most a few files waiting:
 * the pixels in memory stay bounded (a decoded image is at most IMAGE_MAX_SIDE² × 4 bytes),
 * and past the queue an upload is answered "busy" (503, retried by clients) rather than
 * queueing without bound. The thread starts on the first BMP and ends when idle.
 */
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { IMAGE_MAX_SIDE } from '@paichat/protocol';
import { Piscina } from 'piscina';
import { ServerBusyError } from '../../errors';
import type { RawImage } from './bmp';
import type { DecodeTask } from './bmp-worker';

/** BMP files that may wait for the decoder while it works on one. */
export const BMP_QUEUE_MAX = 4;

export interface BmpDecoder {
  /** The image at `path`, at most IMAGE_MAX_SIDE on each side; null when it is no BMP we read. */
  decode(path: string): Promise<RawImage | null>;
  close(): Promise<void>;
}

/** The worker is TypeScript, like the rest of the server: it loads through the same tsx hooks. */
const tsxLoader = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;

export function createBmpDecoder(): BmpDecoder {
  const pool = new Piscina<DecodeTask, RawImage | null>({
    filename: new URL('./bmp-worker.ts', import.meta.url).href,
    execArgv: ['--import', tsxLoader],
    minThreads: 0,
    maxThreads: 1,
    maxQueue: BMP_QUEUE_MAX,
    idleTimeout: 30_000,
  });
  return {
    async decode(path) {
      if (pool.queueSize >= BMP_QUEUE_MAX) throw new ServerBusyError();
      return pool.run({ path, maxSide: IMAGE_MAX_SIDE });
    },
    close: () => pool.destroy(),
  };
}
