import type { Browser } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { launchBrowser, phone } from './browser';
import { startServer, type RunningServer } from './server';
import { useSession } from './session';

type ContextOptions = Parameters<Browser['newContext']>[0];

/**
 * What a test file needs to act as several people: the real server (fresh data) and a browser,
 * started before its tests and stopped after them. Call at the top of the file, before the
 * file's own `beforeAll` (which can then seed people on `stage.server.url`).
 */
export function useStage() {
  let server: RunningServer | undefined;
  let browser: Browser | undefined;
  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
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
    phone(options: ContextOptions = {}) {
      const { server, browser } = started();
      return phone(browser, server.url, options);
    },
    /** A phone whose browser is signed in as `user` (before its first page load). */
    async signedIn(user: { token: string }, options: ContextOptions = {}) {
      const { server, browser } = started();
      const device = await phone(browser, server.url, options);
      await useSession(device.context, server.url, user.token);
      return device;
    },
  };
}
