/**
 * Idle-socket benchmark: holds N authenticated WebSockets open against a real server (fresh
 * SQLite, CAPTCHA off), each sending the client's 5 s heartbeat, and prints the server's
 * resident memory per socket, the heartbeat round-trip latency and the database writes while
 * the sockets idle (read through a read-only connection on the server's DATA_DIR).
 *
 *   npm run bench:sockets -w bench -- --sockets 15000 --users 100
 *
 * Each user holds sockets/users devices. Both processes need an open-file limit (`ulimit -n`)
 * above the socket count; the client spreads its sockets over 127.0.0.1–4 as source
 * addresses so that ephemeral ports do not run out. The idle phase (--idle, seconds) spans a
 * lease interval (30 s) by default, so periodic writes show.
 */
import { join } from 'node:path';
import Database from 'better-sqlite3';
import WebSocket from 'ws';
import { startServer } from '../../e2e/support/server';
import { seed } from '../../apps/server/test/support/seed';
import { flag, percentile, rssKiB } from './stats';

const sockets = flag('sockets', 2000);
const users = Math.max(Math.min(flag('users', 50), sockets), Math.ceil(sockets / 1000));
const idleSeconds = flag('idle', 35);
const SOURCE_ADDRESSES = ['127.0.0.1', '127.0.0.2', '127.0.0.3', '127.0.0.4'];

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
          const ws = new WebSocket(url, {
            localAddress: SOURCE_ADDRESSES[(i + j) % SOURCE_ADDRESSES.length],
          });
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
  const db = new Database(join(server.dataDir, 'paichat.db'), { readonly: true });
  const dataVersion = () => db.pragma('data_version', { simple: true }) as number;
  const writtenSince = (table: string, t: number) =>
    (db.prepare(`select count(*) as n from ${table} where seen_at >= ?`).get(t) as { n: number }).n;
  const idleFrom = Date.now();
  const versionBefore = dataVersion();
  const timer = setInterval(beat, 5000);
  beat();
  await new Promise((r) => setTimeout(r, idleSeconds * 1000));
  clearInterval(timer);
  const socketRowsWritten = writtenSince('sockets', idleFrom);
  const leaseRowsWritten = writtenSince('socket_leases', idleFrom);
  const dbChanged = dataVersion() !== versionBefore;
  db.close();
  const after = await rssKiB(server.pid);
  const alive = open.filter((ws) => ws.readyState === WebSocket.OPEN).length;
  rtts.sort((a, b) => a - b);

  console.log(`sockets open            ${alive} / ${sockets} (${users} users)`);
  console.log(`connect time            ${connectSeconds.toFixed(1)} s`);
  console.log(`server RSS before/after ${(before / 1024).toFixed(1)} MiB / ${(after / 1024).toFixed(1)} MiB`);
  console.log(`server memory / socket  ${((after - before) / alive).toFixed(2)} KiB (per socket still open)`);
  console.log(
    `heartbeat RTT           p50 ${percentile(rtts, 50).toFixed(2)} ms  p99 ${percentile(rtts, 99).toFixed(2)} ms  (${rtts.length} pings)`,
  );
  console.log(
    `db writes while idle    ${socketRowsWritten} socket rows, ${leaseRowsWritten} lease rows over ${idleSeconds} s (database ${dbChanged ? 'changed' : 'unchanged'})`,
  );
  for (const ws of open) ws.terminate();
} finally {
  await server.stop();
}
