/** What the load programs share: the server under test, a keep-alive JSON client, batching, CPU time. */
import { readFile } from 'node:fs/promises';
import { Agent, request } from 'node:http';
import WebSocket from 'ws';
import { startServer } from '../../e2e/support/server';
import { Cluster } from '../../apps/server/test/support/cluster';
import { seed } from '../../apps/server/test/support/seed';
import { flag } from './stats';

export interface ServerUnderTest {
  url: string;
  /** 0 when unknown (a server started by hand without --pid); the first node's when several. */
  pid: number;
  /** Every server process (several nodes): their CPU is added up. */
  pids: number[];
  stop(): Promise<void>;
}

const BACKENDS = ['sqlite', 'postgres', 'postgres-redis', 'cluster'] as const;

/**
 * The real server as a child process (fresh SQLite, CAPTCHA off, `env` on top), or with
 * `--url http://host:port` one started by hand (e.g. under `node --cpu-prof`); `--pid <its pid>`
 * then adds its CPU and memory to the report. `--backend` picks another deployment, on a fresh
 * schema of the PostgreSQL at 127.0.0.1:5432 (database `test`) and a redis-server of its own:
 * `postgres` (one node, in-process bus), `postgres-redis` (one node on the Redis bus: what the
 * bus costs), `cluster` (`--nodes` nodes, default 2, on the Redis bus behind nginx).
 */
export async function serverUnderTest(env: Record<string, string>): Promise<ServerUnderTest> {
  const urlAt = process.argv.indexOf('--url');
  const backendAt = process.argv.indexOf('--backend');
  const backend = backendAt < 0 ? 'sqlite' : process.argv[backendAt + 1];
  if (!BACKENDS.includes(backend as (typeof BACKENDS)[number]))
    throw new Error(`--backend must be one of ${BACKENDS.join(', ')}`);
  if (urlAt >= 0) {
    const pid = process.argv.includes('--pid') ? flag('pid', 1) : 0;
    return { url: process.argv[urlAt + 1] ?? '', pid, pids: pid ? [pid] : [], stop: async () => {} };
  }
  if (backend === 'sqlite') {
    const server = await startServer(env);
    return {
      url: server.url,
      get pid() {
        return server.pid;
      },
      get pids() {
        return [server.pid];
      },
      stop: () => server.stop(),
    };
  }
  const nodes = backend === 'cluster' ? flag('nodes', 2) : 1;
  const cluster = await Cluster.start(nodes, nodes, {
    redis: backend !== 'postgres',
    nginx: backend === 'cluster',
    env: { ...env, TRUST_PROXY: 'loopback' },
  });
  return { url: cluster.url, pid: cluster.pids[0] ?? 0, pids: cluster.pids, stop: () => cluster.stop() };
}

export interface Envelope<T> {
  code: number;
  msg: string;
  data: T;
}

/** A JSON client over `connections` keep-alive connections, with the web client's headers. */
export function jsonClient(baseUrl: string, connections: number) {
  const agent = new Agent({ keepAlive: true, maxSockets: connections });
  const { hostname, port } = new URL(baseUrl);

  function post<T>(path: string, token: string | null, body: unknown): Promise<Envelope<T>> {
    const payload = JSON.stringify(body);
    return new Promise((resolve, reject) => {
      const req = request(
        {
          agent,
          hostname,
          port,
          path,
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            'content-length': Buffer.byteLength(payload),
            device: 'H5',
            version: '1.2.2',
            ...(token ? { authorization: token } : {}),
          },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => {
            try {
              resolve(JSON.parse(Buffer.concat(chunks).toString()) as Envelope<T>);
            } catch (error) {
              reject(error instanceof Error ? error : new Error(String(error)));
            }
          });
          res.on('error', reject);
        },
      );
      req.on('error', reject);
      req.end(payload);
    });
  }

  return {
    post,
    /** POSTs and answers `data`; throws on a refusal. */
    async must<T>(path: string, token: string, body: unknown): Promise<T> {
      const answer = await post<T>(path, token, body);
      if (answer.code !== 200) throw new Error(`${path}: ${answer.msg}`);
      return answer.data;
    },
    async get<T>(path: string, token: string): Promise<T> {
      const response = await fetch(`${baseUrl}${path}`, { headers: { authorization: token } });
      return ((await response.json()) as { data: T }).data;
    },
    close: () => agent.destroy(),
  };
}

/** Runs `work` over `items`, `width` at a time. */
export async function inBatches<T>(
  items: T[],
  width: number,
  work: (item: T, index: number) => Promise<void>,
): Promise<void> {
  for (let i = 0; i < items.length; i += width)
    await Promise.all(items.slice(i, i + width).map((item, j) => work(item, i + j)));
}

/** CPU time (user + system) processes have used, in seconds, added up; NaN for pid 0 or none. */
export async function cpuSeconds(...pids: number[]): Promise<number> {
  if (pids.length === 0 || pids.includes(0)) return NaN;
  let total = 0;
  for (const pid of pids) {
    const fields = (await readFile(`/proc/${pid}/stat`, 'utf8')).split(') ')[1]!.split(' ');
    total += (Number(fields[11]) + Number(fields[12])) / 100;
  }
  return total;
}

/**
 * Opens one socket per token (50 at a time, each through a fresh ticket) with the client's 5 s heartbeat, so the server
 * keeps them; `onMessage` gets each frame with its socket's index. `close` ends them all.
 */
export async function openSockets(
  baseUrl: string,
  tokens: readonly string[],
  onMessage: (index: number, data: Buffer) => void,
): Promise<{ send(index: number, text: string): void; close(): void }> {
  const sockets: WebSocket[] = [];
  const byIndex: WebSocket[] = [];
  await inBatches([...tokens], 50, async (token, index) => {
    const ws = new WebSocket(await seed(baseUrl).socketUrl(token));
    sockets.push(ws);
    byIndex[index] = ws;
    // Registered once its first frame (SOCKET_READY) comes: from then on every push reaches it.
    await new Promise<void>((resolve, reject) => {
      ws.once('message', () => resolve());
      ws.once('error', reject);
    });
    ws.on('message', (data) => onMessage(index, data as Buffer));
  });
  const heartbeat = setInterval(() => {
    for (const ws of sockets) if (ws.readyState === WebSocket.OPEN) ws.send('{"type":"ping"}');
  }, 5000);
  return {
    /** Sends a text frame on the socket of `tokens[index]`. */
    send(index, text) {
      byIndex[index]?.send(text);
    },
    close() {
      clearInterval(heartbeat);
      for (const ws of sockets) ws.terminate();
    },
  };
}
