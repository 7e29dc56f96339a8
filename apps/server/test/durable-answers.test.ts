/**
 * An answer leaves only once what was committed before it is on disk (db/durability.ts,
 * http/durable-answers.ts): here the log's sync is held, and a request waits for it.
 */
import type { FastifyInstance } from 'fastify';
import { afterEach, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { configFromEnv } from '../src/config';
import { migrateToLatest, openDatabase } from '../src/db';
import type { Durability } from '../src/db/durability';
import { get } from './support/http';

let app: FastifyInstance | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

/** A sync the test lets finish; until then a commit is unsynced. */
function heldSync() {
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  const durability: { -readonly [K in keyof Durability]: Durability[K] } & { waited: boolean } = {
    settled: false,
    waited: false,
    flush() {
      this.waited = true;
      return released.then(() => {
        this.settled = true;
      });
    },
    close: async () => {},
  };
  return { durability, release };
}

async function start(durability: Durability): Promise<string> {
  const config = configFromEnv({ DATABASE_URL: ':memory:', LOG_LEVEL: 'error', CAPTCHA: 'off' });
  const { db, dialect } = openDatabase(config.database);
  await migrateToLatest(db, dialect);
  app = await buildApp(config, { db, durability });
  app.addHook('onClose', async () => db.destroy());
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  return `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
}

it('holds an answer until the commits before it are synced, and sends it at once when they are', async () => {
  const { durability, release } = heldSync();
  const url = await start(durability);
  let answered = false;
  const health = get(url, '/healthz').then((answer) => {
    answered = true;
    return answer;
  });
  await expect.poll(() => durability.waited).toBe(true);
  expect(answered).toBe(false);
  release();
  expect((await health).status).toBe(200);

  durability.waited = false;
  expect((await get(url, '/healthz')).status).toBe(200);
  expect(durability.waited).toBe(false);
});
