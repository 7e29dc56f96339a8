/**
 * Upload latency benchmark: while large BMP uploads are decoded (in the server's worker
 * thread), how long does any other request wait? Sends --uploads uploads of a --width ×
 * --height BMP at once and asks /healthz one after another until they are done; prints the
 * health check's latency percentiles. The target: p100 under 50 ms on this machine.
 *
 *   npm run bench:uploads -w bench -- --uploads 4 --width 3000 --height 2000
 */
import { startServer } from '../../e2e/support/server';
import { seed } from '../../apps/server/test/support/seed';
import { largeBmp } from '../../apps/server/test/support/media';
import { flag, percentile } from './stats';

const uploads = flag('uploads', 4);
const width = flag('width', 3000);
const height = flag('height', 2000);

const server = await startServer({ LOG_LEVEL: 'error', UPLOAD_MAX_MB: '20' });
try {
  const amy = await seed(server.url).user('bench');
  const bytes = largeBmp(width, height);
  const once = async () => {
    const form = new FormData();
    form.append('file', new Blob([bytes]), 'scan.bmp');
    const response = await fetch(`${server.url}/file/upload`, {
      method: 'POST',
      headers: { authorization: amy.token },
      body: form,
    });
    const answer = (await response.json()) as { code: number; msg: string };
    if (answer.code !== 200) throw new Error(`upload refused: ${answer.msg}`);
  };
  let uploading = true;
  const started = performance.now();
  const done = Promise.all(Array.from({ length: uploads }, once)).finally(() => {
    uploading = false;
  });
  const latencies: number[] = [];
  while (uploading) {
    const asked = performance.now();
    await fetch(`${server.url}/healthz`);
    latencies.push(performance.now() - asked);
  }
  await done;
  const total = performance.now() - started;
  latencies.sort((a, b) => a - b);
  const ms = (value: number) => `${value.toFixed(1)} ms`;
  console.log(
    `${uploads} uploads of a ${width}×${height} BMP (${(bytes.length / 1e6).toFixed(1)} MB) in ${ms(total)}`,
  );
  console.log(
    `health checks meanwhile: ${latencies.length}; p50 ${ms(percentile(latencies, 50))}, ` +
      `p99 ${ms(percentile(latencies, 99))}, max ${ms(latencies.at(-1) ?? NaN)}`,
  );
} finally {
  await server.stop();
}
