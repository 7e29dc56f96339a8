/**
 * Idle-socket benchmark: holds N authenticated WebSockets open against a real server (fresh
 * SQLite, CAPTCHA off), each sending the client's 5 s heartbeat from the moment it opens, and
 * prints the server's memory per socket, the heartbeat round trip and the database writes
 * while the sockets idle (read through a read-only connection on the server's DATA_DIR).
 *
 *   npm run bench:sockets -w bench -- --sockets 15000 --users 100
 *
 * Each user holds sockets/users devices. Both processes need an open-file limit (`ulimit -n`)
 * above the socket count; the client spreads its sockets over 127.0.0.1–4 as source
 * addresses so that ephemeral ports do not run out. The idle phase (--idle, seconds) spans a
 * lease interval (30 s) by default, so periodic writes show.
 *
 * Memory is the server's resident set (RSS) from /proc, before the sockets open and after they
 * idled, then again after a full garbage collection requested through the inspector (the server
 * runs with `--inspect` on a local port; nothing in its code is involved): the first figure
 * still holds the garbage of 15,000 ticket requests and handshakes, the second what the open
 * sockets keep.
 */
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import WebSocket from 'ws';
import { startServer } from '../../e2e/support/server';
import { freePort } from '../../apps/server/test/support/redis';
import { seed } from '../../apps/server/test/support/seed';
import { flag, percentile, rssKiB } from './stats';

const sockets = flag('sockets', 2000);
const users = Math.max(Math.min(flag('users', 50), sockets), Math.ceil(sockets / 1000));
const idleSeconds = flag('idle', 35);
const SOURCE_ADDRESSES = ['127.0.0.1', '127.0.0.2', '127.0.0.3', '127.0.0.4'];
const HEARTBEAT_MS = 5000;
/** Pings go out in this many slices of the heartbeat period, as real clients' are spread. */
const SLICES = 20;

/** Runs a full garbage collection in the server through its inspector; answers its JS heap in use (bytes). */
async function collectGarbage(inspectPort: number): Promise<number> {
  const [target] = (await (await fetch(`http://127.0.0.1:${inspectPort}/json/list`)).json()) as {
    webSocketDebuggerUrl: string;
  }[];
  const inspector = new WebSocket(target!.webSocketDebuggerUrl);
  await new Promise((open, fail) => inspector.once('open', open).once('error', fail));
  let lastId = 0;
  const call = (method: string) =>
    new Promise<Record<string, number>>((done) => {
      const id = ++lastId;
      inspector.on('message', function answer(data) {
        const message = JSON.parse(data.toString()) as { id?: number; result: Record<string, number> };
        if (message.id !== id) return;
        inspector.off('message', answer);
        done(message.result);
      });
      inspector.send(JSON.stringify({ id, method }));
    });
  await call('HeapProfiler.collectGarbage');
  const { usedSize } = await call('Runtime.getHeapUsage');
  inspector.close();
  return usedSize!;
}

const inspectPort = await freePort();
// Each user holds sockets/users of them: the per-account cap must allow that many.
const server = await startServer({
  LOG_LEVEL: 'error',
  MAX_SOCKETS_PER_USER: '1000',
  NODE_OPTIONS: `--inspect=127.0.0.1:${inspectPort}`,
});
try {
  const accounts = await Promise.all(
    Array.from({ length: users }, (_, i) => seed(server.url).user(`bench${i}`)),
  );
  const heapBefore = await collectGarbage(inspectPort);
  const before = await rssKiB(server.pid);
  const open: WebSocket[] = [];

  // Each socket pings every 5 s from its first frame on (the server drops one silent for 30 s),
  // its slice of the period chosen by its index. Round trips are kept from the idle phase only.
  let rtts: number[] = [];
  const sentAt = new Map<WebSocket, number>();
  let slice = 0;
  const heartbeat = setInterval(() => {
    slice = (slice + 1) % SLICES;
    for (let i = slice; i < open.length; i += SLICES) {
      const ws = open[i]!;
      if (ws.readyState !== WebSocket.OPEN) continue;
      sentAt.set(ws, performance.now());
      ws.send('{"type":"ping"}');
    }
  }, HEARTBEAT_MS / SLICES);

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
          // Its first frame, SOCKET_READY: the server holds and counts it.
          return new Promise<void>((done, fail) => {
            ws.once('message', () => {
              open.push(ws);
              ws.on('message', (data) => {
                const t = sentAt.get(ws);
                if (data.toString() === 'ok' && t !== undefined) rtts.push(performance.now() - t);
              });
              done();
            });
            ws.once('error', fail);
          });
        });
    });
    await Promise.all(batch);
  }
  const connectSeconds = (performance.now() - started) / 1000;

  const db = new Database(join(server.dataDir, 'paichat.db'), { readonly: true });
  /** The open sockets' rows as they stand: any write to one changes it. */
  const socketRows = () => {
    const rows = db.prepare('select * from sockets order by id').raw().all();
    return { count: rows.length, digest: createHash('sha256').update(JSON.stringify(rows)).digest('hex') };
  };
  const leaseRenewals = (since: number) =>
    db.prepare('select count(*) from socket_leases where seen_at >= ?').pluck().get(since) as number;
  // Another connection's commit changes data_version; polled often, it counts commits (a lower bound).
  const dataVersion = () => db.pragma('data_version', { simple: true }) as number;
  const rowsBefore = socketRows();
  const idleFrom = Date.now();
  let version = dataVersion();
  let commits = 0;
  const watch = setInterval(() => {
    const now = dataVersion();
    if (now !== version) commits += 1;
    version = now;
  }, 10);
  rtts = [];
  await new Promise((r) => setTimeout(r, idleSeconds * 1000));
  clearInterval(watch);
  clearInterval(heartbeat);
  const rowsAfter = socketRows();
  const leases = leaseRenewals(idleFrom);
  db.close();
  const after = await rssKiB(server.pid);
  const heapAfter = await collectGarbage(inspectPort);
  const afterGc = await rssKiB(server.pid);
  const alive = open.filter((ws) => ws.readyState === WebSocket.OPEN).length;
  rtts.sort((a, b) => a - b);
  const perSocket = (kib: number) => `${(kib / alive).toFixed(2)} KiB`;

  console.log(`sockets open            ${alive} / ${sockets} (${users} users)`);
  console.log(`connect time            ${connectSeconds.toFixed(1)} s`);
  console.log(
    `server RSS              ${(before / 1024).toFixed(1)} MiB before, ${(after / 1024).toFixed(1)} MiB after idling, ${(afterGc / 1024).toFixed(1)} MiB after a full GC`,
  );
  console.log(
    `server memory / socket  ${perSocket(after - before)} RSS, ${perSocket(afterGc - before)} RSS after a full GC, ${perSocket((heapAfter - heapBefore) / 1024)} JS heap`,
  );
  console.log(
    `heartbeat RTT           p50 ${percentile(rtts, 50).toFixed(2)} ms  p99 ${percentile(rtts, 99).toFixed(2)} ms  (${rtts.length} pings while idle)`,
  );
  const unchanged = rowsBefore.digest === rowsAfter.digest;
  console.log(
    `db writes while idle    sockets table ${unchanged ? 'unchanged' : 'CHANGED'} (${rowsAfter.count} rows), ${leases} lease renewal(s), ${commits} commit(s) seen over ${idleSeconds} s`,
  );
  for (const ws of open) ws.terminate();
} finally {
  await server.stop();
}
