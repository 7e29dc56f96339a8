import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { CloseCode } from '@paichat/protocol';
import { afterAll, describe, expect, it } from 'vitest';
import { STEP_MS, budget } from './support/budget';
import { runMain, waitForUrl } from './support/process';
import { seed } from './support/seed';
import { TestSocket } from './support/ws';

describe('the entry point', () => {
  const dirs: string[] = [];
  afterAll(() => {
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  it.each([
    ['PORT', 'not-a-port'],
    ['CAPTCHA', 'sometimes'],
    ['DATABASE_URL', 'mysql://localhost/paichat'],
    ['TRUST_PROXY', 'everyone'],
  ])(
    'refuses to start when %s=%s, naming the variable',
    async (name, value) => {
      const run = runMain({ [name]: value, LOG_LEVEL: 'silent' });
      const { code } = await run.exited;
      expect(code).toBe(1);
      expect(run.stderr()).toMatch(new RegExp(`^Invalid configuration: ${name}: `));
      expect(run.stdout()).not.toContain('listening');
    },
    STEP_MS.process,
  );

  it(
    'refuses to start with Google sign-in but no OAUTH_REDIRECT_BASE, naming the variable',
    async () => {
      const run = runMain({ GOOGLE_CLIENT_ID: 'g', GOOGLE_CLIENT_SECRET: 's', LOG_LEVEL: 'silent' });
      const { code } = await run.exited;
      expect(code).toBe(1);
      expect(run.stderr()).toMatch(
        /^Invalid configuration: OAUTH_REDIRECT_BASE: required when Google or Twitter/,
      );
      expect(run.stdout()).not.toContain('listening');
    },
    STEP_MS.process,
  );

  it(
    'starts, serves, and on SIGTERM closes sockets with 1001 and exits cleanly',
    async () => {
      const dir = mkdtempSync(path.join(tmpdir(), 'paichat-main-'));
      dirs.push(dir);
      const run = runMain({
        PORT: '0',
        HOST: '127.0.0.1',
        DATA_DIR: dir,
        CAPTCHA: 'off',
        DEMO_DATA: 'off',
        LOG_LEVEL: 'info',
        WEB_DIST: path.join(dir, 'no-web'),
      });
      try {
        const url = await waitForUrl(run);
        expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
        const health = await fetch(`${url}/healthz`);
        expect(await health.json()).toEqual({
          code: 200,
          msg: 'ok',
          data: { db: 'ok', node: expect.stringMatching(/-\d+$/), bus: 'local' },
        });

        const user = await seed(url).user('sigterm');
        const socket = await TestSocket.forSession(url, user.token);
        await socket.ready();

        run.child.kill('SIGTERM');
        expect(await socket.closed).toEqual({ code: CloseCode.GOING_AWAY, reason: 'Server shutting down' });
        expect(await run.exited).toEqual({ code: 0, signal: null });
        expect(run.stdout()).toContain('"msg":"stopped"');
        // The socket token never reaches the log.
        expect(run.stdout()).not.toContain(user.token);
        expect(run.stdout()).toContain('Authorization=[redacted]');
      } finally {
        if (run.child.exitCode === null) run.child.kill('SIGKILL');
      }
    },
    budget(STEP_MS.process, STEP_MS.requests, STEP_MS.process),
  );
});
