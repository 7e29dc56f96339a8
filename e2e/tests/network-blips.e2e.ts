import type { Page } from 'playwright-core';
import { afterEach, expect, test } from 'vitest';
import { delivered } from '../support/chat';
import { friends } from '../support/people';
import { useStage } from '../support/stage';
import { seed } from '../../apps/server/test/support/seed';
import { STEP_MS, budget } from '../../apps/server/test/support/budget';

// Only the server ends a session: a dropped connection, a reload mid-request or a server that is
// away for a while leave the person signed in, with the messages they wrote meanwhile.
const stage = useStage();

// A test that fails during an outage must not leave the next one without a server.
afterEach(() => stage.server.resume());

const contactsTab = '/#/wx/tabbar2/index';
const tab = (page: Page, name: string) =>
  page.getByRole('navigation').getByRole('button', { name, exact: true });
const contact = (page: Page, name: string) => page.getByRole('link', { name, exact: true });
const profileOf = (page: Page, name: string) => page.getByRole('heading', { level: 2, name, exact: true });
const log = (page: Page) => page.getByRole('log');

/** Whether the browser still holds the session (the `auth_token` cookie the app signs in with). */
const holdsSession = async (page: Page) =>
  (await page.context().cookies()).some((cookie) => cookie.name === 'auth_token' && cookie.value !== '');

/** The texts waiting in the device's outbox (IndexedDB), without creating the store when it is gone. */
const outbox = (page: Page) =>
  page.evaluate(async () => {
    const names = (await indexedDB.databases()).map((db) => db.name);
    if (!names.includes('paichat-chat')) return [];
    return new Promise<string[]>((resolve, reject) => {
      const opening = indexedDB.open('paichat-chat');
      opening.onerror = () => reject(opening.error);
      opening.onsuccess = () => {
        const db = opening.result;
        const reading = db.transaction('outbox').objectStore('outbox').getAll();
        reading.onerror = () => reject(reading.error);
        reading.onsuccess = () => {
          db.close();
          resolve(
            (reading.result as { item: { content: { text?: string } } }[]).map(
              (r) => r.item.content.text ?? '',
            ),
          );
        };
      };
    });
  });

test('a connection reset while opening a contact says "Please check your network" and the person stays signed in', async () => {
  const [alice] = await friends(stage.server.url);
  const a = await stage.signedIn(alice);
  await a.page.goto(contactsTab);
  // One dropped request: the profile's.
  await a.page.route('**/friend/info/**', (route) => route.abort('connectionreset'), { times: 1 });
  await contact(a.page, 'Bob').click();
  await a.page.getByText('Could not load this profile').waitFor();
  await a.page.getByText('Please check your network').waitFor();
  expect(await a.page.getByText('Login expired, please login again').count()).toBe(0);
  expect(await holdsSession(a.page)).toBe(true);

  // Still on the contact's page, and Retry opens it.
  await a.page.getByRole('button', { name: 'Retry' }).click();
  await profileOf(a.page, 'Bob').waitFor();
  expect(await holdsSession(a.page)).toBe(true);
});

test('reloading while a request is still on its way (a slow network) leaves the person signed in', async () => {
  const [alice] = await friends(stage.server.url);
  const a = await stage.signedIn(alice);
  await a.page.goto(contactsTab);
  // A slow network: the profile's answer has not come when the person reloads the page.
  let reached: () => void = () => undefined;
  const inFlight = new Promise<void>((resolve) => (reached = resolve));
  let reloaded: () => void = () => undefined;
  const pageReloaded = new Promise<void>((resolve) => (reloaded = resolve));
  await a.page.route(
    '**/friend/info/**',
    async (route) => {
      reached();
      await pageReloaded;
      // The page that asked is gone: its request was cancelled with it.
      await route.abort('timedout').catch(() => undefined);
    },
    { times: 1 },
  );
  await contact(a.page, 'Bob').click();
  await inFlight;
  await a.page.reload();
  reloaded();

  // The reloaded page opens the same contact, signed in.
  await profileOf(a.page, 'Bob').waitFor();
  expect(a.page.url()).toContain('/wx/personInfo/detail');
  expect(await holdsSession(a.page)).toBe(true);
});

/** The outage the person lives through (the scenario itself, not a wait for something). */
const OUTAGE_MS = 10_000;

// Its budget: the outage, the server's restart, the delivery (15 s), and the pages of two people
// on a busy machine.
test(
  'the server is away for 10 s: the person stays signed in, the message written meanwhile waits in the outbox and is delivered once it is back',
  { timeout: budget(OUTAGE_MS, STEP_MS.process, 15_000, 45_000) },
  async () => {
    const people = seed(stage.server.url);
    const [alice, bob] = await friends(stage.server.url);
    const carol = await people.user('carol');
    await people.befriend(alice, carol);
    const a = await stage.signedIn(alice);

    // Alice has the Me tab and a contact's page open once (their code is on the phone), then
    // writes to Bob from his page.
    await a.page.goto(contactsTab);
    await tab(a.page, 'Me').click();
    await a.page.getByRole('button', { name: 'Sign out' }).waitFor();
    await tab(a.page, 'Contact').click();
    await contact(a.page, 'Bob').click();
    await profileOf(a.page, 'Bob').waitFor();
    await a.page.getByRole('button', { name: 'Messages', exact: true }).click();
    await a.page.getByRole('textbox', { name: 'Message' }).fill('before the outage');
    await a.page.getByRole('button', { name: 'Send', exact: true }).click();
    await log(a.page).getByText('before the outage').waitFor();
    await delivered(a.page);

    await stage.server.halt();
    const down = Date.now();
    await a.page.getByRole('textbox', { name: 'Message' }).fill('written while the server was away');
    await a.page.getByRole('button', { name: 'Send', exact: true }).click();
    await a.page.getByRole('button', { name: 'Resend' }).waitFor();
    expect(await outbox(a.page)).toEqual(['written while the server was away']);

    // Meanwhile she opens Carol's page: its request finds no server.
    await a.page.goBack();
    await a.page.goBack();
    await contact(a.page, 'Carol').click();
    await a.page.getByText('Could not load this profile').waitFor();
    await a.page.getByText('Please check your network').waitFor();

    // Signing out would lose the message: she is told, and stays.
    await a.page.goBack();
    await tab(a.page, 'Me').click();
    await a.page.getByRole('button', { name: 'Sign out' }).click();
    const dialog = a.page.getByRole('dialog');
    await dialog
      .getByText(
        '1 message has not been sent yet and will be lost if you sign out. Stay, and it is sent once the network is back.',
      )
      .waitFor();
    await dialog.getByRole('button', { name: 'Stay' }).click();
    await dialog.waitFor({ state: 'detached' });

    // The rest of the outage.
    const left = down + OUTAGE_MS - Date.now();
    if (left > 0) await a.page.waitForTimeout(left);
    expect(await holdsSession(a.page)).toBe(true);
    expect(await outbox(a.page)).toEqual(['written while the server was away']);
    expect(await a.page.getByText('Login expired, please login again').count()).toBe(0);

    // The same server is back on the same data: the socket reconnects and the outbox is sent.
    await stage.server.resume();
    await expect.poll(() => outbox(a.page), { timeout: 15_000 }).toEqual([]);
    expect(await holdsSession(a.page)).toBe(true);

    const b = await stage.signedIn(bob);
    await b.page.goto(`/#/wx/chatWindow/index?userId=${alice.userId}`);
    await log(b.page).getByText('written while the server was away').waitFor();
    expect(await log(b.page).getByText('written while the server was away').count()).toBe(1);
  },
);
