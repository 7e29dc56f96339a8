import type { Page } from 'playwright-core';
import { expect, test } from 'vitest';
import { useStage } from '../support/stage';
import { seed, type SeededUser } from '../../apps/server/test/support/seed';

const stage = useStage();

/** Alice, Bob and Carol, new for each test; alice is friends with carol. */
async function people(): Promise<{ alice: SeededUser; bob: SeededUser; carol: SeededUser }> {
  const people = seed(stage.server.url);
  const alice = await people.user('alice', { nickName: 'Alice' });
  const bob = await people.user('bob', { nickName: 'Bob' });
  const carol = await people.user('carol', { nickName: 'Carol' });
  await people.befriend(alice, carol);
  return { alice, bob, carol };
}

/** As above, and alice is friends with bob too, whom she calls "Zhou Bo". */
async function peopleWithBob(): Promise<{ alice: SeededUser; bob: SeededUser; carol: SeededUser }> {
  const them = await people();
  await seed(stage.server.url).befriend(them.alice, them.bob);
  await seed(stage.server.url).remark(them.alice, them.bob, 'Zhou Bo');
  return them;
}

const signedIn = stage.signedIn;

/** The letter heading a contact is listed under, as a person scanning the list sees it. */
const letterOf = (page: Page, name: string) =>
  page.getByRole('link', { name, exact: true }).evaluate((link) => {
    const heading = document.evaluate(
      'preceding::*[@role="heading" and @aria-level="2"][1]',
      link,
      null,
      XPathResult.FIRST_ORDERED_NODE_TYPE,
    ).singleNodeValue as HTMLElement | null;
    return heading?.innerText.trim();
  });

async function findAndRequest(page: Page, pipId: string) {
  await page.goto('/#/wx/search/friend');
  await page.getByRole('textbox', { name: 'PipID' }).fill(pipId);
  await page.getByRole('button', { name: 'Search' }).click();
  // Found by it, the person's chat ID shows on their page.
  await page.getByText(new RegExp(`^Chat ID: ${pipId}$`, 'i')).waitFor();
  await page.getByRole('button', { name: 'Add to contacts' }).click();
  await page.getByRole('button', { name: 'Send' }).click();
}

async function openProfileSettings(page: Page, contact: string) {
  await page.goto('/#/wx/tabbar2/index');
  await page.getByRole('link', { name: contact, exact: true }).click();
  await page.getByRole('button', { name: 'Profile Settings' }).click();
}

test('alice finds bob by PipID, bob accepts live, and each lists the other under the right letter', async () => {
  const { alice, bob } = await people();
  const a = await signedIn(alice);
  const b = await signedIn(bob);
  await b.page.goto('/#/wx/tabbar2/index');
  const bobsContactTab = b.page.getByRole('navigation').getByRole('button', { name: 'Contact', exact: true });
  await expect.poll(() => bobsContactTab.getAttribute('aria-describedby')).toBeFalsy();

  // The PipID is found whatever its case.
  await findAndRequest(a.page, bob.chatNo.toUpperCase());
  await a.page.getByText('Friend request sent').first().waitFor();

  // Bob's badge appears without a reload, and New Friends offers the request.
  await b.page
    .getByRole('button', { name: 'New Friends' })
    .and(b.page.getByRole('button', { description: '1 new' }))
    .waitFor();
  await expect.poll(() => bobsContactTab.getAttribute('aria-describedby')).toBeTruthy();
  await b.page.getByRole('button', { name: 'New Friends' }).click();
  // Alice's alert is a toast that lasts 1.5 s: watch for it before Bob accepts.
  const aliceIsTold = a.page.getByText('Bob accepted your friend request — you are now friends').waitFor();
  await b.page.getByRole('article', { name: 'Alice' }).getByRole('button', { name: 'Accept' }).click();
  await b.page.getByRole('article', { name: 'Alice' }).getByText('Accepted').waitFor();
  await aliceIsTold;

  await b.page.goto('/#/wx/tabbar2/index');
  await expect.poll(() => letterOf(b.page, 'Alice')).toBe('A');
  await a.page.goto('/#/wx/tabbar2/index');
  await expect.poll(() => letterOf(a.page, 'Bob')).toBe('B');

  // A remark renames and regroups the contact, for alice only.
  await openProfileSettings(a.page, 'Bob');
  await a.page.getByRole('button', { name: 'Set remark and tags' }).click();
  await a.page.getByRole('textbox', { name: 'Remark' }).fill('Zhou Bo');
  await a.page.getByRole('button', { name: 'Done' }).click();
  // Done saves, then goes back to Profile Settings by itself.
  await a.page.waitForURL(/#\/wx\/personInfo\/edit/);
  await a.page.goto('/#/wx/tabbar2/index');
  await expect.poll(() => letterOf(a.page, 'Zhou Bo')).toBe('Z');
  await b.page.reload();
  await expect.poll(() => letterOf(b.page, 'Alice')).toBe('A');

  await a.context.close();
  await b.context.close();
});

test("alice shares carol's contact card with bob from carol's profile settings", async () => {
  const { alice, bob } = await peopleWithBob();
  const a = await signedIn(alice);
  const b = await signedIn(bob);

  await openProfileSettings(a.page, 'Carol');
  await a.page.getByRole('button', { name: 'Share contact card' }).click();
  // Carol is not offered her own card; bob is listed under alice's remark for him.
  const sheet = a.page.getByRole('dialog', { name: 'Send to' });
  await sheet.getByRole('button', { name: 'Zhou Bo' }).waitFor();
  expect(await sheet.getByRole('button', { name: 'Carol' }).count()).toBe(0);
  await sheet.getByRole('button', { name: 'Zhou Bo' }).click();
  const sent = a.page.getByText('Contact card sent').waitFor();
  await a.page.getByRole('dialog').getByRole('button', { name: 'Send' }).click();
  await sent;

  await b.page.goto(`/#/wx/chatWindow/index?userId=${alice.userId}`);
  const card = b.page.getByRole('log').getByRole('link', { name: /Carol/ });
  await card.waitFor();
  // A friend's card does not pass on her chat ID (her login name).
  expect(await card.getByText(/Chat ID/).count()).toBe(0);
  await card.click();
  // The card opens carol's page, a stranger's to bob, where he can ask her to be friends.
  await b.page.getByRole('heading', { name: 'Carol' }).waitFor();
  expect(await b.page.getByText(/Chat ID/).count()).toBe(0);
  await b.page.getByRole('button', { name: 'Add to contacts' }).click();
  await b.page.getByRole('button', { name: 'Send' }).click();
  await b.page.getByText('Friend request sent').first().waitFor();

  await a.context.close();
  await b.context.close();
});

test('once alice blocks bob, his messages and his friend request are refused with the spec alerts', async () => {
  const { alice, bob } = await peopleWithBob();
  const a = await signedIn(alice);
  const b = await signedIn(bob);

  await openProfileSettings(a.page, 'Zhou Bo');
  await a.page.getByRole('switch', { name: 'Add to blacklist' }).click();
  await a.page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
  await expect
    .poll(() => a.page.getByRole('switch', { name: 'Add to blacklist' }).getAttribute('aria-checked'))
    .toBe('true');

  // Still friends, but blocked: bob's message is refused and the chat says why.
  await b.page.goto(`/#/wx/chatWindow/index?userId=${alice.userId}`);
  await b.page.getByRole('textbox', { name: 'Message' }).fill('are you there?');
  await b.page.getByRole('button', { name: 'Send', exact: true }).click();
  await b.page
    .getByRole('log')
    .getByText('Message was blocked: you have been blocked by this user.')
    .waitFor();
  // Alice then removes him; the block stays.
  await a.page.getByRole('button', { name: 'Delete', exact: true }).click();
  await a.page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await a.page.waitForURL(/#\/wx\/tabbar2\/index/);
  await expect.poll(() => a.page.getByRole('link', { name: 'Zhou Bo' }).count()).toBe(0);

  await findAndRequest(b.page, alice.chatNo);
  await b.page.getByText('You have been blocked by this user').waitFor();

  await a.context.close();
  await b.context.close();
});
