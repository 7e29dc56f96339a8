import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { get, post } from './support/http';
import { seed } from './support/seed';
import { availableDialects, startTestServer } from './support/server';

const dialects = await availableDialects();

const capture = () => {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString());
      done();
    },
  });
  return { lines, logger: pino({ level: 'info' }, stream) };
};

const signIn = (url: string, account: string) =>
  post<{ token: string }>(url, '/auth/login', { body: { account, password: 'paichat123' } });

describe('demo data on the embedded database', () => {
  let dir: string;
  let env: Record<string, string>;
  beforeAll(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'paichat-demo-'));
    env = { DEMO_DATA: 'on', DATABASE_URL: `sqlite:${path.join(dir, 'paichat.db')}` };
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('creates amy, ben and chen, all friends, once, and logs how to sign in', async () => {
    const first = capture();
    const server = await startTestServer('sqlite', { env, logger: first.logger });
    const ids: Record<string, string> = {};
    try {
      for (const [account, nickName] of [
        ['amy', 'Amy'],
        ['ben', 'Ben'],
        ['chen', '陈晨'],
      ]) {
        const { body } = await signIn(server.url, account as string);
        expect(body.code, account).toBe(200);
        const info = await get<{ nickName: string; chatNo: string; userId: string }>(
          server.url,
          '/my/getInfo',
          {
            token: body.data.token,
          },
        );
        expect(info.body.data).toMatchObject({ nickName, chatNo: account });
        ids[account as string] = info.body.data.userId;
      }
      const { db } = server.running.app.paichat;
      const friends = await db.selectFrom('friends').select(['user_id', 'friend_id']).execute();
      const pairs = friends.map((f) => `${f.user_id}-${f.friend_id}`).sort();
      const [a, b, c] = [ids.amy, ids.ben, ids.chen];
      expect(pairs).toEqual(
        [`${a}-${b}`, `${a}-${c}`, `${b}-${a}`, `${b}-${c}`, `${c}-${a}`, `${c}-${b}`].sort(),
      );
      const announced = first.lines.filter((l) => l.includes('demo data created'));
      expect(announced).toHaveLength(1);
      expect(announced[0]).toContain('paichat123');
      expect(announced[0]).toContain('"accounts":["amy","ben","chen"]');
    } finally {
      await server.close();
    }

    const second = capture();
    const again = await startTestServer('sqlite', { env, logger: second.logger });
    try {
      const users = await again.running.app.paichat.db
        .selectFrom('users')
        .select(['id', 'chat_no'])
        .execute();
      expect(users.map((u) => `${u.id}:${u.chat_no}`)).toEqual([
        `${ids.amy}:amy`,
        `${ids.ben}:ben`,
        `${ids.chen}:chen`,
      ]);
      expect(second.lines.some((l) => l.includes('demo data created'))).toBe(false);
    } finally {
      await again.close();
    }
  });

  it('leaves a database that already has a user alone', async () => {
    const other = mkdtempSync(path.join(tmpdir(), 'paichat-demo-'));
    const otherEnv = { DATABASE_URL: `sqlite:${path.join(other, 'paichat.db')}` };
    try {
      const plain = await startTestServer('sqlite', { env: { ...otherEnv, DEMO_DATA: 'off' } });
      await seed(plain.url).user('owner');
      expect((await signIn(plain.url, 'amy')).body.err).toBe('badCredentials');
      await plain.close();

      const withDemo = await startTestServer('sqlite', { env: { ...otherEnv, DEMO_DATA: 'on' } });
      try {
        expect((await signIn(withDemo.url, 'amy')).body.err).toBe('badCredentials');
        const count = await withDemo.running.app.paichat.db.selectFrom('users').select('id').execute();
        expect(count).toHaveLength(1);
      } finally {
        await withDemo.close();
      }
    } finally {
      rmSync(other, { recursive: true, force: true });
    }
  });
});

describe.each(dialects)('demo data switched on, on %s', (dialect) => {
  it(
    dialect === 'sqlite' ? 'is created on an empty database' : 'is never created on PostgreSQL',
    async () => {
      const server = await startTestServer(dialect, { env: { DEMO_DATA: 'on' } });
      try {
        const { body } = await signIn(server.url, 'amy');
        expect(body.code).toBe(dialect === 'sqlite' ? 200 : 400);
      } finally {
        await server.close();
      }
    },
  );

  it('is not created with DEMO_DATA=off', async () => {
    const server = await startTestServer(dialect, { env: { DEMO_DATA: 'off' } });
    try {
      expect((await signIn(server.url, 'amy')).body.err).toBe('badCredentials');
    } finally {
      await server.close();
    }
  });
});
