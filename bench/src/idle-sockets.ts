/**
 * Idle-socket benchmark: holds N authenticated WebSockets open against a real server (fresh
 * SQLite, CAPTCHA off), each sending the client's 5 s heartbeat, and prints the server's
 * resident memory per socket and the heartbeat round-trip latency.
 *
 *   npm run bench:sockets -w bench -- --sockets 15000 --users 100
 *
 * Each user holds sockets/users devices. The server process is limited to 20,000 open files
 * on this machine; this program raises nothing and stays below that.
 */
import WebSocket from 'ws';
import { startServer } from '../../e2e/support/server';
import { seed } from '../../apps/server/test/support/seed';
import { flag, percentile, rssKiB } from './stats';

const sockets = flag('sockets', 2000);
const users = Math.max(Math.min(flag('users', 50), sockets), Math.ceil(sockets / 1000));
const idleSeconds = flag('idle', 12);

// Each user holds sockets/users of them: the per-account cap must allow that many.
const server = await startServer({ LOG_LEVEL: 'error', MAX_SOCKETS_PER_USER: '1000' });
try {
  const accounts = await Promise.all(
    Array.from({ length: users }, (_, i) => seed(server.url).user(`bench${i}`)),
  );
  const before = await rssKiB(server.pid);
  const open: WebSocket[] = [];
  const started = performance.now();
  // Connect in batches so the accept queue is not the thing being measured.
  for (let i = 0; i < sockets; i += 200) {
    const batch = Array.from({ length: Math.min(200, sockets - i) }, (_, j) => {
      const token = accounts[(i + j) % users]!.token;
      return seed(server.url)
        .socketUrl(token)
        .then((url) => {
          const ws = new WebSocket(url);
          open.push(ws);
          // Its first frame, SOCKET_READY: the server holds and counts it.
          return new Promise<void>((done, fail) => {
            ws.once('message', () => done());
            ws.once('error', fail);
          });
        });
    });
    await Promise.all(batch);
  }
  const connectSeconds = (performance.now() - started) / 1000;

  // Idle with heartbeats, timing each ping → "ok".
  const rtts: number[] = [];
  const sentAt = new Map<WebSocket, number>();
  for (const ws of open) {
    ws.on('message', (data) => {
      const t = sentAt.get(ws);
      if (data.toString() === 'ok' && t !== undefined) rtts.push(performance.now() - t);
    });
  }
  const beat = () => {
    for (const ws of open) {
      sentAt.set(ws, performance.now());
      ws.send('{"type":"ping"}');
    }
  };
  const timer = setInterval(beat, 5000);
  beat();
  await new Promise((r) => setTimeout(r, idleSeconds * 1000));
  clearInterval(timer);
  const after = await rssKiB(server.pid);
  const alive = open.filter((ws) => ws.readyState === WebSocket.OPEN).length;
  rtts.sort((a, b) => a - b);

  console.log(`sockets open            ${alive} / ${sockets} (${users} users)`);
  console.log(`connect time            ${connectSeconds.toFixed(1)} s`);
  console.log(`server RSS before/after ${(before / 1024).toFixed(1)} MiB / ${(after / 1024).toFixed(1)} MiB`);
  console.log(`server memory / socket  ${((after - before) / sockets).toFixed(2)} KiB`);
  console.log(
    `heartbeat RTT           p50 ${percentile(rtts, 50).toFixed(2)} ms  p99 ${percentile(rtts, 99).toFixed(2)} ms  (${rtts.length} pings)`,
  );
  for (const ws of open) ws.terminate();
} finally {
  await server.stop();
}
