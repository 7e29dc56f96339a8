/**
 * Redis for the scale-out tests: the machine's (REDIS_URL in CI, each run under its own
 * channel and key prefix, since pub/sub ignores database numbers), or a `redis-server` of the
 * test's own on a free port, which a fault test may kill and restart.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { Redis } from 'ioredis';
import { STEP_MS } from './budget';
import { until } from './until';

export const REDIS_URL = process.env.PAICHAT_TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

let reachable: Promise<boolean> | undefined;

/** Whether the tests' Redis answers; with CI set it must. */
export function redisAvailable(): Promise<boolean> {
  reachable ??= (async () => {
    const ok = await ping(REDIS_URL);
    if (!ok && process.env.CI) throw new Error(`Redis is required in CI but ${REDIS_URL} is unreachable`);
    return ok;
  })();
  return reachable;
}

/** The environment of one deployment on the tests' Redis: its own prefix, so runs never meet. */
export function redisEnv(url = REDIS_URL): { REDIS_URL: string; REDIS_PREFIX: string } {
  return { REDIS_URL: url, REDIS_PREFIX: `t${randomBytes(5).toString('hex')}:` };
}

async function ping(url: string): Promise<boolean> {
  const client = new Redis(url, {
    lazyConnect: true,
    connectTimeout: 1_000,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
  });
  client.on('error', () => {});
  try {
    await client.connect();
    return (await client.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    client.disconnect();
  }
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

const REDIS_SERVER = ['/usr/bin/redis-server', '/usr/local/bin/redis-server'].find((p) => existsSync(p));
export const hasRedisServer = REDIS_SERVER !== undefined;

/** The redis-servers started here, killed with this process however it exits. */
const running = new Set<ChildProcess>();
process.once('exit', () => {
  for (const child of running) child.kill('SIGKILL');
});

/** A redis-server of the test's own (no persistence) on a free port: kill it, start it again on the same port. */
export class OwnRedis {
  private child: ChildProcess | null = null;
  private constructor(readonly port: number) {}

  get url(): string {
    return `redis://127.0.0.1:${this.port}`;
  }

  static async start(): Promise<OwnRedis> {
    const redis = new OwnRedis(await freePort());
    await redis.start();
    return redis;
  }

  async start(): Promise<void> {
    if (!REDIS_SERVER) throw new Error('redis-server is not installed');
    const child = spawn(
      REDIS_SERVER,
      ['--port', String(this.port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
      { stdio: 'ignore' },
    );
    this.child = child;
    running.add(child);
    child.once('exit', () => running.delete(child));
    // A redis-server that exits (its port taken meanwhile, say) ends the wait at once.
    await until(
      async () => child.exitCode !== null || (await ping(this.url)),
      `redis-server on ${this.port}`,
      { timeoutMs: STEP_MS.redis },
    );
    if (child.exitCode !== null) throw new Error(`redis-server did not start on ${this.port}`);
  }

  /** kill -9, and wait until it is gone. */
  async kill(): Promise<void> {
    const child = this.child;
    this.child = null;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const gone = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGKILL');
    await gone;
  }
}
