import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { STEP_MS } from '../../apps/server/test/support/budget';

const repoRoot = resolve(import.meta.dirname, '../..');

export interface RunningServer {
  url: string;
  /** Where its embedded database and uploads live (DATA_DIR). */
  dataDir: string;
  /** The current server process (it changes across restarts). */
  pid: number;
  /** Stops the process (SIGTERM) but keeps its data and port, as in an outage. */
  halt(): Promise<void>;
  /** Starts it again on the same port and data after a halt (nothing when it is running). */
  resume(): Promise<void>;
  /** Stops the server (SIGTERM, as an operator would) and removes its data. */
  stop(): Promise<void>;
}

const freePort = () =>
  new Promise<number>((done, fail) => {
    const probe = createServer();
    probe.once('error', fail);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => done(typeof address === 'object' && address ? address.port : 0));
    });
  });

async function waitForHealth(url: string, child: ChildProcess, output: () => string) {
  const deadline = Date.now() + STEP_MS.process;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${output()}`);
    try {
      if ((await fetch(`${url}/healthz`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 150));
  }
  throw new Error(`server did not become healthy:\n${output()}`);
}

/**
 * Starts the real server (`npm run serve`'s command) on a free port and a fresh SQLite
 * database, serving the built web app. CAPTCHA is off: a browser test cannot read the image.
 */
export async function startServer(env: Record<string, string> = {}): Promise<RunningServer> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'paichat-e2e-'));
  const url = `http://127.0.0.1:${port}`;
  let child: ChildProcess | undefined;

  const launch = async () => {
    const proc = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
      cwd: repoRoot,
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        CAPTCHA: 'off',
        RATE_LIMITS: 'off',
        DEMO_DATA: 'off',
        LOG_LEVEL: 'warn',
        // The browser opens the app at this origin, so Google and X send it back here.
        OAUTH_REDIRECT_BASE: url,
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    proc.stdout?.on('data', (d) => (output += d));
    proc.stderr?.on('data', (d) => (output += d));
    child = proc;
    await waitForHealth(url, proc, () => output);
  };
  const halt = async () => {
    if (child && child.exitCode === null) {
      const exited = new Promise((r) => child!.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    }
  };

  await launch();
  const resume = async () => {
    if (child?.exitCode === null) return;
    await launch();
  };
  return {
    url,
    dataDir,
    get pid() {
      return child?.pid ?? 0;
    },
    halt,
    resume,
    async stop() {
      await halt();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
