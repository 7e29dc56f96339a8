import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { BUDGET_BYTES, formatBudget, measureBudget } from './bundleBudget';

const outDir = mkdtempSync(join(tmpdir(), 'paichat-budget-'));
afterAll(() => rmSync(outDir, { recursive: true, force: true }));

describe('the JavaScript budget of the first page', () => {
  it('keeps the login page and the Message tab within their gzipped JavaScript', { timeout: 120_000 }, () => {
    // A production build of its own, in its own process (the test runner's NODE_ENV would
    // otherwise bring React's development build along).
    const vite = join(dirname(createRequire(import.meta.url).resolve('vite/package.json')), 'bin/vite.js');
    execFileSync(
      process.execPath,
      [vite, 'build', '--logLevel', 'error', '--outDir', outDir, '--emptyOutDir'],
      {
        cwd: join(import.meta.dirname, '..'),
        env: { ...process.env, NODE_ENV: 'production' },
        stdio: 'inherit',
      },
    );
    const figures = measureBudget(outDir);
    const report = formatBudget(figures);
    console.log(report);
    for (const { route, total } of figures) {
      expect(total, `${route} is over its budget:\n${report}`).toBeLessThanOrEqual(BUDGET_BYTES);
    }
  });
});
