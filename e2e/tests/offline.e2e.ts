import type { BrowserContext, Page } from 'playwright-core';
import { afterEach, expect, test } from 'vitest';
import { friends } from '../support/people';
import { useStage } from '../support/stage';
import { controlled } from '../support/serviceWorker';
import { seed, type SeededUser } from '../../apps/server/test/support/seed';
import { as } from '../../apps/server/test/support/api';

// A phone that loses its network: every list says so, keeps what it had, and loads again by itself
// once the network is back, with no Retry to tap. These phones run the app's service worker, so
// the app also opens again while offline (after a first visit), as a phone's would.
const stage = useStage();
const withWorker = { serviceWorkers: 'allow' } as const;

let offlineContext: BrowserContext | undefined;
afterEach(async () => {
  await offlineContext?.setOffline(false);
  offlineContext = undefined;
});

const OFFLINE = "You're offline. This page updates by itself once the network is back.";
const offlineNotice = (page: Page) => page.getByRole('status').filter({ hasText: OFFLINE });
const contact = (page: Page, name: string) => page.getByRole('link', { name, exact: true });
const postBy = (page: Page, name: string, text: string) =>
  page.getByRole('article', { name: `Post by ${name}` }).filter({ hasText: text });

async function postMoment(author: SeededUser, text: string) {
  const { body } = await as(stage.server.url, author).post('/moments/post', { text });
  expect(body.code, body.msg).toBe(200);
}

async function goOffline(context: BrowserContext) {
  offlineContext = context;
  await context.setOffline(true);
}

test('Contacts: offline it says so and keeps the contacts; back online, a friend made meanwhile shows by itself', async () => {
  const people = seed(stage.server.url);
  const alice = await people.user('alice', { nickName: 'Alice' });
  const bob = await people.user('bob', { nickName: 'Bob' });
  const carol = await people.user('carol', { nickName: 'Carol' });
  await people.befriend(alice, bob);
  const { context, page } = await stage.signedIn(alice);
  const tab = (name: string) => page.getByRole('navigation').getByRole('button', { name, exact: true });
  await page.goto('/#/wx/tabbar1/index');
  await page.getByRole('heading', { name: 'Message' }).waitFor();
  await tab('Contact').click();
  await contact(page, 'Bob').waitFor();

  await goOffline(context);
  await offlineNotice(page).waitFor();
  // Another tab, and back: the list it had is still there, and nothing says it failed.
  await tab('Message').click();
  await offlineNotice(page).waitFor();
  await tab('Contact').click();
  await contact(page, 'Bob').waitFor();
  await offlineNotice(page).waitFor();
  expect(await page.getByText('Could not load your contacts').count()).toBe(0);

  // Carol and Alice become friends on other devices while this phone is offline.
  await people.befriend(carol, alice);
  await context.setOffline(false);
  await contact(page, 'Carol').waitFor();
  await offlineNotice(page).waitFor({ state: 'detached' });
  expect(await page.getByText('Could not load your contacts').count()).toBe(0);
});

test('a screen whose code could not come offline loads by itself, with its styles, once the network is back', async () => {
  const [alice] = await friends(stage.server.url);
  const { context, page } = await stage.signedIn(alice);
  await page.goto('/#/wx/tabbar2/index');
  await page.getByRole('heading', { name: 'Contact' }).waitFor();

  // The Me tab was never opened: offline, its code cannot come.
  await goOffline(context);
  await page.getByRole('navigation').getByRole('button', { name: 'Me', exact: true }).click();
  await page.getByRole('alert').getByText('Please check your network').waitFor();

  await context.setOffline(false);
  const personalInfo = page.getByRole('button', { name: 'Personal Info' });
  await personalInfo.waitFor();
  // Drawn as a row of its list, not as a bare button: the list's stylesheet came too.
  expect(await personalInfo.evaluate((row) => getComputedStyle(row).display)).toBe('flex');
});

test('Contacts and Moments opened offline after a first visit: they say so instead of failing, and load once the network is back', async () => {
  const people = seed(stage.server.url);
  const alice = await people.user('alice', { nickName: 'Alice' });
  const bob = await people.user('bob', { nickName: 'Bob' });
  await people.befriend(alice, bob);
  await postMoment(bob, 'At the lake');
  const { context, page } = await stage.signedIn(alice, withWorker);
  await page.goto('/#/wx/friendsCircle/index');
  await postBy(page, 'Bob', 'At the lake').waitFor();
  await controlled(page);

  // The phone is offline; the app opens again from the phone, on Moments.
  await goOffline(context);
  await page.reload();
  await offlineNotice(page).waitFor();
  await page.getByRole('heading', { name: 'Moments' }).waitFor();
  expect(await page.getByText('Could not load moments').count()).toBe(0);
  expect(await page.getByText('Loading…').count()).toBe(0);

  // Bob posts again meanwhile; the network comes back: both posts show, no Retry tapped.
  await postMoment(bob, 'Back home');
  await context.setOffline(false);
  await postBy(page, 'Bob', 'Back home').waitFor();
  await postBy(page, 'Bob', 'At the lake').waitFor();
  await offlineNotice(page).waitFor({ state: 'detached' });

  // Contacts too.
  await goOffline(context);
  await page.goto('/#/wx/tabbar2/index');
  await page.reload();
  await offlineNotice(page).waitFor();
  await page.getByRole('heading', { name: 'Contact' }).waitFor();
  expect(await page.getByText('Could not load your contacts').count()).toBe(0);
  await context.setOffline(false);
  await contact(page, 'Bob').waitFor();
  await offlineNotice(page).waitFor({ state: 'detached' });
});
