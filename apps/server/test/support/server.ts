import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { AppDeps } from '../../src/app';
import type { Clock } from '../../src/clock';
import { configFromEnv, type Config } from '../../src/config';
import { openIdMark } from '../../src/modules/chats/id-mark';
import { startServer, type RunningServer } from '../../src/server';

export type DialectName = 'sqlite' | 'postgres';

/** The PostgreSQL database the tests are given (trust auth). */
const GIVEN_PG_URL = process.env.PAICHAT_TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

/**
 * The database this process's tests use: each test worker of Vitest has one of its own, made
 * from the given one (`test_w1`, `test_w2`…), and each server gets its own schema in it.
 * Migrations look for their bookkeeping tables through PostgreSQL's catalog of the whole
 * database, which fails while another worker drops or alters its schema's tables at that moment.
 * Outside Vitest (the benchmarks) it is the given database.
 */
export const PG_URL = (() => {
  const worker = process.env.VITEST_POOL_ID;
  if (!worker) return GIVEN_PG_URL;
  const url = new URL(GIVEN_PG_URL);
  url.pathname = `${url.pathname}_w${worker}`;
  return url.toString();
})();

/** Creates this worker's database when it does not exist yet. */
async function ensureWorkerDatabase(): Promise<void> {
  if (PG_URL === GIVEN_PG_URL) return;
  const name = decodeURIComponent(new URL(PG_URL).pathname.slice(1));
  const client = new pg.Client({ connectionString: GIVEN_PG_URL, connectionTimeoutMillis: 3_000 });
  await client.connect();
  try {
    await client.query(`create database "${name}"`);
  } catch (error) {
    // It exists: made by an earlier file or run (42P04), or by a run beside this one (23505).
    if (!['42P04', '23505'].includes((error as { code?: string }).code ?? '')) throw error;
  } finally {
    await client.end().catch(() => {});
  }
}

let dialects: Promise<DialectName[]> | undefined;

/**
 * SQLite always; PostgreSQL when reachable. With CI set, PostgreSQL is required: an
 * unreachable one fails the run instead of quietly testing less.
 */
export function availableDialects(): Promise<DialectName[]> {
  dialects ??= (async () => {
    const client = new pg.Client({ connectionString: PG_URL, connectionTimeoutMillis: 3_000 });
    try {
      await ensureWorkerDatabase();
      await client.connect();
      await client.query('select 1');
      return ['sqlite', 'postgres'] as DialectName[];
    } catch (error) {
      if (process.env.CI)
        throw new Error(`PostgreSQL is required in CI but ${PG_URL} is unreachable`, { cause: error });
      return ['sqlite'] as DialectName[];
    } finally {
      await client.end().catch(() => {});
    }
  })();
  return dialects;
}

/** A clock the test moves by hand (captcha and token expiry, throttle windows). */
export class TestClock implements Clock {
  constructor(private t = Date.now()) {}
  now(): number {
    return this.t;
  }
  advance(ms: number): void {
    this.t += ms;
  }
}

export interface TestServer {
  url: string;
  wsUrl: string;
  config: Config;
  clock: TestClock;
  /** Answers of the captchas this server issued, by id (through the buildApp test hook). */
  captchas: Map<string, string>;
  running: RunningServer;
  /**
   * Stops the server (as a shutdown does), runs `meanwhile` (to change its files: put back a
   * backup, say), and starts it again on the same database, DATA_DIR and port, so clients
   * reconnect to the same address.
   */
  restart(meanwhile?: () => Promise<void> | void): Promise<void>;
  close(): Promise<void>;
}

export interface TestServerOptions {
  /** Environment on top of the test defaults (CAPTCHA=off, DEMO_DATA=off, LOG_LEVEL=silent, a fresh database). */
  env?: Record<string, string>;
  realtime?: AppDeps['realtime'];
  onFriendsMade?: AppDeps['onFriendsMade'];
  appender?: AppDeps['appender'];
  /** How the server resolves the hosts of push endpoints and linked pages (names a test points anywhere). */
  resolveHost?: AppDeps['resolveHost'];
  /** How long reading a linked page may take (a test of the cap need not wait 5 s). */
  linkPreviewTimeoutMs?: AppDeps['linkPreviewTimeoutMs'];
  /** Defaults to a logger at LOG_LEVEL (silent in tests). */
  logger?: AppDeps['logger'];
  /**
   * Starts another node of that server's deployment: the same database and, without REDIS_URL,
   * the same in-process bus (close it first); with REDIS_URL (in `env`) a bus of its own on it.
   */
  nodeOf?: TestServer;
  /** PostgreSQL: where the server connects (a proxy's URL); its schema is still made through PG_URL. */
  pgUrl?: string;
}

/** Runs statements on the tests' PostgreSQL through a connection of their own (schemas, cleanup). */
export async function withPg<T>(run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: PG_URL });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

/** Boots the real server, listening on an ephemeral port, on a fresh database of the dialect. */
export async function startTestServer(
  dialect: DialectName,
  options: TestServerOptions = {},
): Promise<TestServer> {
  const cleanups: (() => Promise<void> | void)[] = [];
  // Uploads (and the SQLite file) go to a fresh folder, never to the working directory's ./data.
  const dir = mkdtempSync(path.join(tmpdir(), 'paichat-test-'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  let databaseUrl: string;
  const shared = options.nodeOf?.config.database;
  if (shared) {
    databaseUrl = shared.dialect === 'postgres' ? shared.url : `sqlite:${shared.file}`;
  } else if (dialect === 'postgres') {
    const schema = `t_${randomBytes(6).toString('hex')}`;
    await withPg((c) => c.query(`create schema "${schema}"`));
    cleanups.push(() => withPg((c) => c.query(`drop schema "${schema}" cascade`)).then(() => {}));
    const base = options.pgUrl ?? PG_URL;
    const separator = base.includes('?') ? '&' : '?';
    databaseUrl = `${base}${separator}options=${encodeURIComponent(`-c search_path=${schema}`)}`;
  } else {
    databaseUrl = `sqlite:${path.join(dir, 'paichat.db')}`;
  }

  const config = configFromEnv({
    PORT: '0',
    HOST: '127.0.0.1',
    DATABASE_URL: databaseUrl,
    DATA_DIR: dir,
    CAPTCHA: 'off',
    RATE_LIMITS: 'off',
    DEMO_DATA: 'off',
    LOG_LEVEL: process.env.PAICHAT_TEST_LOG_LEVEL ?? 'silent',
    WEB_DIST: path.join(tmpdir(), 'paichat-no-web-dist'),
    ...options.env,
  });
  const clock = new TestClock();
  const captchas = new Map<string, string>();
  const start = (port: number) =>
    startServer(
      { ...config, port },
      {
        clock,
        onCaptchaIssued: (id, answer) => captchas.set(id, answer),
        ...(options.realtime ? { realtime: options.realtime } : {}),
        ...(options.onFriendsMade ? { onFriendsMade: options.onFriendsMade } : {}),
        ...(options.appender ? { appender: options.appender } : {}),
        ...(options.resolveHost ? { resolveHost: options.resolveHost } : {}),
        ...(options.linkPreviewTimeoutMs ? { linkPreviewTimeoutMs: options.linkPreviewTimeoutMs } : {}),
        ...(options.logger ? { logger: options.logger } : {}),
        // Nodes on Redis each have their own bus, as separate processes would.
        ...(options.nodeOf && !config.redis ? { bus: options.nodeOf.running.app.paichat.bus } : {}),
      },
    );
  let running: RunningServer;
  try {
    running = await start(config.port);
  } catch (error) {
    for (const cleanup of cleanups.reverse()) await cleanup();
    throw error;
  }
  const server: TestServer = {
    url: running.url,
    wsUrl: running.url.replace(/^http/, 'ws') + '/ws',
    config,
    clock,
    captchas,
    running,
    async restart(meanwhile) {
      await running.close();
      await meanwhile?.();
      running = await start(running.port);
      server.running = running;
    },
    async close() {
      await running.close();
      for (const cleanup of cleanups.reverse()) await cleanup();
    },
  };
  return server;
}

/**
 * Moves the server's message-id mark `by` ids ahead of its database (the server stopped: call
 * it from `restart`): at the next start the database looks as if it had lost that many
 * messages, as after restoring an older backup (rollback.test.ts plays the guard this way).
 */
export async function moveMarkAhead(server: TestServer, by: number): Promise<void> {
  const mark = await openIdMark(server.config.database, server.config.dataDir, { block: 0 });
  try {
    await mark.cover(mark.value + by);
  } finally {
    await mark.close();
  }
}

/**
 * A fresh verification code and its answer (read through the test hook). `account` asks as the
 * login form does once that account needs a code while the server runs with CAPTCHA=off;
 * `from` is the address asking (as X-Forwarded-For, for servers behind TRUST_PROXY=loopback).
 */
export async function captchaFor(
  server: TestServer,
  account?: string,
  from?: string,
): Promise<{ captchaId: string; captchaCode: string }> {
  const query = account === undefined ? '' : `?${new URLSearchParams({ account }).toString()}`;
  const response = await fetch(`${server.url}/auth/captcha${query}`, {
    headers: from === undefined ? {} : { 'x-forwarded-for': from },
  });
  const { data } = (await response.json()) as { data: { captchaId: string } };
  const answer = server.captchas.get(data.captchaId);
  if (answer === undefined) throw new Error('captcha answer not seen');
  return { captchaId: data.captchaId, captchaCode: answer };
}
