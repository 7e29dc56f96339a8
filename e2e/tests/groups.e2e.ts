import type { Page } from 'playwright-core';
import { expect, test } from 'vitest';
import { useStage } from '../support/stage';
import { groupsClient } from '../../apps/server/test/support/groups';
import { seed, type SeededUser } from '../../apps/server/test/support/seed';

const stage = useStage();

/** Alice and her friends Bob and Carol, new for each test. */
async function people(): Promise<{ alice: SeededUser; bob: SeededUser; carol: SeededUser }> {
  const people = seed(stage.server.url);
  const alice = await people.user('alice', { nickName: 'Alice' });
  const bob = await people.user('bob', { nickName: 'Bob' });
  const carol = await people.user('carol', { nickName: 'Carol' });
  await people.befriend(alice, bob);
  await people.befriend(alice, carol);
  return { alice, bob, carol };
}

const signedIn = stage.signedIn;

const log = (page: Page) => page.getByRole('log');
const title = (page: Page) => page.getByRole('heading', { level: 1 });
const composer = (page: Page) => page.getByRole('textbox', { name: 'Message' });

async function say(page: Page, text: string) {
  await composer(page).fill(text);
  await page.getByRole('button', { name: 'Send', exact: true }).click();
}

/** From the Message tab, the chat listed under this name. */
async function openFromList(page: Page, name: string) {
  await page.goto('/#/wx/tabbar1/index');
  await page.getByRole('link', { name, exact: true }).click();
  await page.waitForURL(/#\/wx\/chatWindow\/index/);
}

/** The chat's Chat Info page (its "…" button). */
async function openChatInfo(page: Page) {
  await page.getByRole('button', { name: 'Chat info' }).click();
  await page.waitForURL(/#\/wx\/groupInfo\/detail/);
}

/** Confirms the spec's dialog with its own button, and waits for the dialog to go. */
async function confirm(page: Page, button: string) {
  await page.getByRole('dialog').getByRole('button', { name: button }).click();
  await page.getByRole('dialog').waitFor({ state: 'detached' });
}

test('alice, bob and carol chat in a group that alice renames, announces to, trims and dismisses', async () => {
  const { alice, bob, carol } = await people();
  const a = await signedIn(alice);
  const b = await signedIn(bob);
  const c = await signedIn(carol);

  // Alice creates the group from the Message tab's "+": at least two contacts, ticked.
  await a.page.goto('/#/wx/tabbar1/index');
  await a.page.getByRole('button', { name: 'Add' }).click();
  await a.page.getByRole('button', { name: 'New group chat' }).click();
  await a.page.getByRole('checkbox', { name: 'Bob' }).check();
  const done = a.page.getByRole('button', { name: 'Done (1)' });
  expect(await done.isDisabled()).toBe(true);
  await a.page.getByRole('searchbox', { name: 'Search contacts' }).fill('car');
  expect(await a.page.getByRole('checkbox', { name: 'Bob' }).count()).toBe(0);
  await a.page.getByRole('checkbox', { name: 'Carol' }).check();
  await a.page.getByRole('button', { name: 'Done (2)' }).click();
  await a.page.waitForURL(/#\/wx\/chatWindow\/index\?chatId=/);
  const chatId = new URL(a.page.url().replace('#/', '')).searchParams.get('chatId') ?? '';
  await log(a.page).getByText('Alice invited Bob, Carol to the group chat').waitFor();
  await expect.poll(() => title(a.page).innerText()).not.toBe('…');
  const defaultName = await title(a.page).innerText();

  // All three chat; received messages carry their sender's name.
  await say(a.page, 'Hello team');
  await openFromList(b.page, defaultName);
  await log(b.page).getByText('Hello team').waitFor();
  await log(b.page).getByText('Alice', { exact: true }).first().waitFor();
  await say(b.page, 'Hi from Bob');
  await openFromList(c.page, defaultName);
  await log(c.page).getByText('Hi from Bob').waitFor();
  await say(c.page, 'Hi from Carol');
  await log(a.page).getByText('Hi from Carol').waitFor();
  await log(b.page).getByText('Hi from Carol').waitFor();

  // Alice renames the group; Done saves and goes back to Chat Info by itself.
  await openChatInfo(a.page);
  await a.page.getByRole('button', { name: 'Group name' }).click();
  await a.page.getByRole('textbox', { name: 'Group name' }).fill('Weekend Trip');
  await a.page.getByRole('button', { name: 'Done' }).click();
  await a.page.waitForURL(/#\/wx\/groupInfo\/detail/);
  await log(b.page).getByText('Alice changed the group name to "Weekend Trip"').waitFor();
  await expect.poll(() => title(b.page).innerText()).toBe('Weekend Trip');

  // ...and posts a notice, which bob sees at the top of the chat and in it.
  await a.page.getByRole('button', { name: 'Group notice' }).click();
  await a.page.getByRole('button', { name: 'Edit' }).click();
  await a.page.getByRole('textbox', { name: 'Group notice' }).fill('Meet at 9 at the station');
  await a.page.getByRole('button', { name: 'Done' }).click();
  await a.page.waitForURL(/#\/wx\/groupInfo\/detail/);
  await b.page.getByRole('region', { name: 'Group notice' }).getByText('Meet at 9 at the station').waitFor();
  await log(b.page).getByText('Alice updated the group notice: Meet at 9 at the station').waitFor();

  // Alice removes carol, who then reads the chat without writing in it, and gets nothing new.
  await a.page.getByRole('button', { name: 'Remove members' }).click();
  await a.page.getByRole('checkbox', { name: 'Carol' }).check();
  await a.page.getByRole('button', { name: 'Done (1)' }).click();
  await confirm(a.page, 'Remove');
  await a.page.waitForURL(/#\/wx\/groupInfo\/detail/);
  await log(c.page).getByText('Alice removed Carol from the group chat').waitFor();
  await c.page.getByText('You are no longer a member of this group chat').waitFor();
  expect(await composer(c.page).count()).toBe(0);
  await a.page.getByRole('button', { name: 'Back' }).click();
  await say(a.page, 'Carol is not here any more');
  await log(b.page).getByText('Carol is not here any more').waitFor();
  await c.page.reload();
  await log(c.page).getByText('Hi from Carol').waitFor();
  expect(await log(c.page).getByText('Carol is not here any more').count()).toBe(0);

  // Bob deletes and quits (asked first), landing on the Message tab without the chat.
  await openChatInfo(b.page);
  await b.page.getByRole('button', { name: 'Delete and Quit' }).click();
  await confirm(b.page, 'Quit');
  await b.page.waitForURL(/#\/wx\/tabbar1\/index/);
  await expect.poll(() => b.page.getByRole('link', { name: 'Weekend Trip' }).count()).toBe(0);
  await log(a.page).getByText('Bob left the group chat').waitFor();

  // Alice dismisses the group: everyone is left with a read-only chat.
  await openChatInfo(a.page);
  await a.page.getByRole('button', { name: 'Dismiss group' }).click();
  await confirm(a.page, 'Dismiss');
  await a.page.waitForURL(/#\/wx\/chatWindow\/index/);
  await log(a.page).getByText('Alice dismissed the group chat').waitFor();
  await a.page.getByText('This group chat has been dismissed').waitFor();
  expect(await composer(a.page).count()).toBe(0);
  for (const page of [b.page, c.page]) {
    await page.goto(`/#/wx/chatWindow/index?chatId=${chatId}`);
    await page.getByText('You are no longer a member of this group chat').waitFor();
    expect(await composer(page).count()).toBe(0);
  }

  await a.context.close();
  await b.context.close();
  await c.context.close();
});

test("dan joins through the group's QR code, which then opens the chat; an unknown code is refused", async () => {
  const { alice, bob, carol } = await people();
  const groups = groupsClient(stage.server.url);
  const dan = await seed(stage.server.url).user('dan', { nickName: 'Dan' });
  const { group } = await groups.create(alice, [bob, carol], 'Book Club');
  const { code } = groups.ok(
    await groups.post<{ code: string }>(alice, '/group/qrCode', { groupId: group.groupId }),
  );
  const d = await signedIn(dan);

  await d.page.goto(`/#/wx/groupInfo/scanCodeDetail?code=${code}`);
  const card = d.page.getByRole('region', { name: 'Book Club' });
  await card.getByText('3 members').waitFor();
  await card.getByRole('button', { name: 'Join group chat' }).click();
  await d.page.waitForURL(/#\/wx\/chatWindow\/index\?chatId=/);
  await log(d.page).getByText('Dan joined the group chat by scanning the QR code').waitFor();

  await d.page.goto(`/#/wx/groupInfo/scanCodeDetail?code=${code}`);
  await d.page.getByRole('region', { name: 'Book Club' }).getByText('4 members').waitFor();
  await d.page.getByRole('button', { name: 'Open chat' }).waitFor();
  await d.page.goto(`/#/wx/groupInfo/scanCodeDetail?code=${'x'.repeat(24)}`);
  await d.page.getByText('This group QR code is not valid').waitFor();

  await d.context.close();
});
