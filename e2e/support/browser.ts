import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

/** Debian's Chromium, unless CHROME_PATH names another. */
export const CHROMIUM_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';

/** The flags this sandboxed, offline machine needs (the benchmarks launch with them too). */
export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** Debian's Chromium, with the flags this sandboxed, offline machine needs. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_FLAGS });
}

/** A phone-sized context: what a person on a phone browser sees. */
export async function phone(
  browser: Browser,
  baseURL: string,
  /** Extra context options, e.g. a geolocation and its permission. */
  options: Parameters<Browser['newContext']>[0] = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    // The app's service worker (the offline shell) only where a test asks for it
    // (`serviceWorkers: 'allow'`, tests/pwa.e2e.ts): elsewhere every phone would first download
    // the whole build into its cache, and a page would not meet the server as the test means.
    serviceWorkers: 'block',
    ...options,
    baseURL,
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
    locale: 'en-US',
  });
  const page = await context.newPage();
  return { context, page };
}
