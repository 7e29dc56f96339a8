/**
 * The real entry point as a child process, as `npm run serve` runs it (main.test.ts,
 * power-loss.test.ts), and the server's other commands (feedback.test.ts).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { STEP_MS } from './budget';

const REPO_ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
const MAIN = path.join(REPO_ROOT, 'apps/server/src/main.ts');

export interface Run {
  child: ChildProcess;
  stdout: () => string;
  stderr: () => string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/** Runs the real entry point with only the given environment. */
export function runMain(env: Record<string, string>): Run {
  return runScript(MAIN, env);
}

/** Runs one of the server's commands (`apps/server/src/…`) as its npm script does. */
export function runCommand(script: string, env: Record<string, string>, args: string[] = []): Run {
  return runScript(path.join(REPO_ROOT, 'apps/server/src', script), env, args);
}

function runScript(file: string, env: Record<string, string>, args: string[] = []): Run {
  const child = spawn(process.execPath, ['--import', 'tsx', file, ...args], {
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

/** The URL the server logs once it listens (LOG_LEVEL info or lower). */
export async function waitForUrl(run: Run): Promise<string> {
  const deadline = Date.now() + STEP_MS.process;
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
