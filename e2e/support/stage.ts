import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import { launchBrowser, phone } from './browser';
import { FailureRecorder } from './failures';
import { startServer, type RunningServer } from './server';
import { useSession } from './session';

type ContextOptions = Parameters<Browser['newContext']>[0];

/** How Chromium reports a Content-Security-Policy violation on the console. */
const POLICY_VIOLATION = /Content Security Policy/i;

/**
 * What a test file needs to act as several people: the real server (fresh data) and a browser,
 * started before its tests and stopped after them (`env` on top of the server's test settings).
 * Call at the top of the file, before the
 * file's own `beforeAll` (which can then seed people on `stage.server.url`).
 *
 * Every page runs under the server's Content-Security-Policy: a test fails if the browser
 * refused anything the app tried (a script, a style, a picture, a connection).
 *
 * A test that fails keeps a screenshot of each page it had open and their console
 * (e2e/artifacts, support/failures.ts); whatever a test left open is closed after it.
 */
export function useStage(env: Record<string, string> = {}) {
  let server: RunningServer | undefined;
  let browser: Browser | undefined;
  const violations: string[] = [];
  const failures = new FailureRecorder();
  const watch = (context: BrowserContext) => {
    failures.watch(context);
    context.on('console', (message) => {
      if (POLICY_VIOLATION.test(message.text())) violations.push(message.text());
    });
  };
  beforeAll(async () => {
    server = await startServer(env);
    browser = await launchBrowser();
  });
  afterEach(async ({ task }) => {
    if (task.result?.state === 'fail') {
      const dir = await failures.save(task.file.name, task.name);
      console.error(`e2e: "${task.name}" failed; its pages and console are in ${dir}`);
    }
    await failures.reset();
    expect(violations.splice(0), 'Content-Security-Policy violations').toEqual([]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });
  const started = () => {
    if (!server || !browser) throw new Error('useStage: the stage starts in beforeAll');
    return { server, browser };
  };
  return {
    get server(): RunningServer {
      return started().server;
    },
    /** A phone with no session: what a newcomer opens. */
    async phone(options: ContextOptions = {}) {
      const { server, browser } = started();
      const device = await phone(browser, server.url, options);
      watch(device.context);
      return device;
    },
    /** A phone whose browser is signed in as `user` (before its first page load). */
    async signedIn(user: { token: string }, options: ContextOptions = {}) {
      const { server, browser } = started();
      const device = await phone(browser, server.url, options);
      watch(device.context);
      await useSession(device.context, server.url, user.token);
      return device;
    },
  };
}
