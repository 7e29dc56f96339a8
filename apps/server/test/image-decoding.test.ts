/**
 * Uploads must never stall the server. Our BMP decoder is JavaScript: on the main thread one
 * 5 MB BMP held every request (and every socket's heartbeat) for close to half a second, four
 * at once for over a second, and each decoded into up to 160 MB. Decoding now runs in a worker
 * thread, one file at a time with a short queue, and a decoded image is at most
 * IMAGE_MAX_SIDE on each side.
 */
import { Worker } from 'node:worker_threads';
import { IMAGE_MAX_SIDE, type UploadedFile } from '@paichat/protocol';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { upload } from './support/chats';
import { get } from './support/http';
import { largeBmp } from './support/media';
import { seed, type SeededUser } from './support/seed';
import { startTestServer, type TestServer } from './support/server';

/** Uploads the same file `times` times at once from a worker thread; answers the upload answers. */
function uploadFromAnotherThread(
  baseUrl: string,
  token: string,
  bytes: Buffer,
  times: number,
): Promise<UploadedFile[]> {
  const script = `
    const { parentPort, workerData: { baseUrl, token, bytes, times } } = require('node:worker_threads');
    const once = async () => {
      const form = new FormData();
      form.append('file', new Blob([bytes]), 'scan.bmp');
      const response = await fetch(baseUrl + '/file/upload', { method: 'POST', headers: { authorization: token }, body: form });
      return response.json();
    };
    Promise.all(Array.from({ length: times }, once)).then((answers) => parentPort.postMessage(answers));
  `;
  const worker = new Worker(script, { eval: true, workerData: { baseUrl, token, bytes, times } });
  return new Promise((resolve, reject) => {
    worker.once('message', (answers: { code: number; msg: string; data: UploadedFile }[]) => {
      for (const answer of answers) expect(answer.code, answer.msg).toBe(200);
      resolve(answers.map((answer) => answer.data));
      void worker.terminate();
    });
    worker.once('error', reject);
  });
}

describe('BMP uploads', () => {
  let server: TestServer;
  let amy: SeededUser;

  beforeAll(async () => {
    server = await startTestServer('sqlite', { env: { UPLOAD_MAX_MB: '20' } });
    amy = await seed(server.url).user('amy');
  });
  afterAll(() => server.close());

  // How long the other requests wait is a figure of `npm run bench:uploads -w bench`.
  it('keep the server answering other requests while several large ones are decoded', async () => {
    // 3,000 × 2,000 pixels, 18 MB: decoded on the event loop this blocked it for seconds.
    // Four at once, sent from another thread, so that only the server's work is measured here.
    let uploading = true;
    const uploads = uploadFromAnotherThread(server.url, amy.token, largeBmp(3000, 2000), 4).finally(() => {
      uploading = false;
    });

    let answered = 0;
    while (uploading) {
      const { status } = await get(server.url, '/healthz');
      expect(status).toBe(200);
      answered += 1;
    }
    const answers = await uploads;

    // The health check was answered again and again while the four were decoded: on the event
    // loop, each decode held every request for its whole length (a handful of answers at most).
    expect(answered).toBeGreaterThan(20);
    for (const answer of answers) {
      expect(answer.contentType).toBe('image/png');
      expect(Math.max(answer.width ?? 0, answer.height ?? 0)).toBeLessThanOrEqual(IMAGE_MAX_SIDE);
    }
  });

  it('are stored no larger than the app shows, keeping their proportions', async () => {
    const answer = await upload(server.url, amy, largeBmp(5200, 1300), 'panorama.bmp');
    expect(answer.width).toBeLessThanOrEqual(IMAGE_MAX_SIDE);
    expect(answer.width).toBeGreaterThan(IMAGE_MAX_SIDE / 2);
    expect((answer.width ?? 0) / (answer.height ?? 1)).toBeCloseTo(4, 1);
    const response = await fetch(`${server.url}${answer.url}`, { headers: { authorization: amy.token } });
    const meta = await sharp(Buffer.from(await response.arrayBuffer())).metadata();
    expect([meta.width, meta.height]).toEqual([answer.width, answer.height]);
  });
});
