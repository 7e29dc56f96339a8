import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { CloseCode } from '@paichat/protocol';
import { afterAll, describe, expect, it } from 'vitest';
import { seed } from './support/seed';
import { TestSocket } from './support/ws';

const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const MAIN = path.join(REPO_ROOT, 'apps/server/src/main.ts');

interface Run {
  child: ChildProcess;
  stdout: () => string;
  stderr: () => string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/** Runs the real entry point, as `npm run serve` does, with only the given environment. */
function runMain(env: Record<string, string>): Run {
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN], {
    cwd: REPO_ROOT,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  child.stdout?.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (err += d.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.on('exit', (code, signal) => resolve({ code, signal })),
  );
  return { child, stdout: () => out, stderr: () => err, exited };
}

async function waitForUrl(run: Run): Promise<string> {
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    const line = run
      .stdout()
      .split('\n')
      .find((l) => l.includes('PaiChat server listening'));
    if (line) return (JSON.parse(line) as { url: string }).url;
    if (run.child.exitCode !== null) break;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`server did not start:\n${run.stdout()}\n${run.stderr()}`);
}

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
  ])('refuses to start when %s=%s, naming the variable', async (name, value) => {
    const run = runMain({ [name]: value, LOG_LEVEL: 'silent' });
    const { code } = await run.exited;
    expect(code).toBe(1);
    expect(run.stderr()).toMatch(new RegExp(`^Invalid configuration: ${name}: `));
    expect(run.stdout()).not.toContain('listening');
  });

  it('starts, serves, and on SIGTERM closes sockets with 1001 and exits cleanly', async () => {
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
      expect(await health.json()).toEqual({ code: 200, msg: 'ok', data: { db: 'ok' } });

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
  });
});
