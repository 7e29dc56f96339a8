import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, expect, test } from 'vitest';
import { useStage } from '../support/stage';
import { controlled } from '../support/serviceWorker';
import { seed } from '../../apps/server/test/support/seed';
import { sendText } from '../../apps/server/test/support/chats';

// A copy of the build of its own: the update test deploys a "new version" into it.
const webDist = mkdtempSync(join(tmpdir(), 'paichat-pwa-'));
cpSync(join(import.meta.dirname, '../../apps/web/dist'), webDist, { recursive: true });
afterAll(() => rmSync(webDist, { recursive: true, force: true }));

const stage = useStage({ WEB_DIST: webDist });
afterEach(() => stage.server.resume());

const withWorker = { serviceWorkers: 'allow' } as const;

test('the app is installable: a manifest with its icons, standalone, in the theme colours', async () => {
  const { page } = await stage.phone();
  const response = await page.request.get('/manifest.webmanifest');
  expect(response.status()).toBe(200);
  const manifest = (await response.json()) as {
    name: string;
    display: string;
    theme_color: string;
    icons: { src: string; sizes: string; purpose?: string }[];
  };
  expect(manifest).toMatchObject({ name: 'PaiChat', display: 'standalone', start_url: '/' });
  expect(manifest.theme_color).toMatch(/^#/);
  for (const size of ['192x192', '512x512']) {
    const icon = manifest.icons.find((i) => i.sizes === size && i.purpose === 'any');
    expect(icon, size).toBeTruthy();
    expect((await page.request.get(icon!.src)).headers()['content-type']).toBe('image/png');
  }
  expect(manifest.icons.some((i) => i.purpose === 'maskable')).toBe(true);
});

test('once loaded, the app opens again with the server stopped and shows the chats stored on the phone', async () => {
  const people = seed(stage.server.url);
  const alice = await people.user('alice', { nickName: 'Alice' });
  const bob = await people.user('bob', { nickName: 'Bob' });
  await people.befriend(alice, bob);
  await sendText(stage.server.url, bob, alice, 'see you at the station');

  const { context, page } = await stage.signedIn(alice, withWorker);
  await page.goto('/');
  await page.getByText('see you at the station').first().waitFor();
  // The chat read once: its messages are on the phone now, as the list is.
  await page.getByText('Bob').first().click();
  await page.getByRole('log').getByText('see you at the station').waitFor();
  await page.goBack();
  await controlled(page);

  // The phone loses its network and the server is gone too: nothing can come from it.
  await stage.server.halt();
  await context.setOffline(true);
  await page.reload();
  await page.getByRole('heading', { name: 'Message' }).waitFor();
  await page.getByText('see you at the station').first().waitFor();
  await page.getByText('Bob').first().waitFor();
  // Still signed in: the chat read before opens from the store too.
  await page.getByText('Bob').first().click();
  await page.getByRole('log').getByText('see you at the station').waitFor();

  await context.setOffline(false);
  await context.close();
});

test('a new version waits for the person: “A new version of PaiChat is available”, and Reload switches to it', async () => {
  const { context, page } = await stage.phone(withWorker);
  await page.goto('/');
  await page.getByRole('button', { name: 'Log in' }).waitFor();
  await controlled(page);
  const first = await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL);

  // A deploy: the worker's bytes change (as a new build's file list and version would).
  const sw = join(webDist, 'sw.js');
  const original = readFileSync(sw, 'utf8');
  rmSync(`${sw}.br`, { force: true });
  rmSync(`${sw}.gz`, { force: true });
  writeFileSync(sw, original.replace(/const VERSION = "(\w+)";/, 'const VERSION = "$1-next";'));
  try {
    // The app looks for a new version when it comes back to the foreground, or on a visit.
    await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.update());
    const prompt = page.getByRole('status').filter({ hasText: 'A new version of PaiChat is available' });
    await prompt.waitFor();
    const reloaded = page.waitForEvent('load');
    await prompt.getByRole('button', { name: 'Reload' }).click();
    await reloaded;
    await page.getByRole('button', { name: 'Log in' }).waitFor();
    expect(await prompt.count()).toBe(0);
    const caches = await page.evaluate(() => globalThis.caches.keys());
    expect(caches).toHaveLength(1);
    expect(caches[0]).toMatch(/-next$/);
    expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)).toBe(first);
  } finally {
    writeFileSync(sw, original);
    await context.close();
  }
});
