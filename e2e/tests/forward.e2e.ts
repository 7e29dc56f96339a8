import type { Page } from 'playwright-core';
import { expect, test } from 'vitest';
import { friends } from '../support/people';
import { useStage } from '../support/stage';

const stage = useStage();

const log = (page: Page) => page.getByRole('log');

async function say(page: Page, text: string) {
  await page.getByRole('textbox', { name: 'Message' }).fill(text);
  await page.getByRole('button', { name: 'Send', exact: true }).click();
}

/** Holds a message (its context menu) and picks an action of its menu. */
async function hold(page: Page, text: string, action: string) {
  await log(page).getByText(text, { exact: true }).click({ button: 'right' });
  await page.getByRole('button', { name: action, exact: true }).click();
}

test('alice selects messages and forwards them as a "Chat history" card; bob opens it', async () => {
  const [alice, bob] = await friends(stage.server.url);
  const a = await stage.signedIn(alice);
  const b = await stage.signedIn(bob);
  await a.page.goto(`/#/wx/chatWindow/index?userId=${bob.userId}`);
  await b.page.goto(`/#/wx/chatWindow/index?userId=${alice.userId}`);
  await say(a.page, 'Train leaves at nine');
  await say(b.page, 'Platform four');
  await log(a.page).getByText('Platform four').waitFor();

  // Multi-select starts with the held message chosen; she adds Bob's answer.
  await hold(a.page, 'Train leaves at nine', 'Multi-select');
  await log(a.page).locator('label', { hasText: 'Platform four' }).getByRole('checkbox').check();
  await a.page.getByRole('status').getByText('2 selected').waitFor();
  await a.page.getByRole('button', { name: 'Forward as chat history' }).click();

  const sheet = a.page.getByRole('dialog', { name: 'Send to' });
  await sheet.getByRole('checkbox', { name: 'Bob' }).check();
  await sheet.getByRole('textbox', { name: 'Leave a message' }).fill('see above');
  await sheet.getByRole('button', { name: 'Send (1)' }).click();
  await a.page.getByText('Sent', { exact: true }).waitFor();
  // The composer is back.
  await a.page.getByRole('textbox', { name: 'Message' }).waitFor();

  // Bob gets the card (and the note) live, and opens it.
  const card = log(b.page).getByRole('button', { name: /Chat history of Alice and Bob/ });
  await card.waitFor();
  await log(b.page).getByText('see above').waitFor();
  await expect.poll(() => card.innerText()).toContain('Alice: Train leaves at nine');
  await card.click();
  await b.page.getByRole('heading', { name: 'Chat history of Alice and Bob' }).waitFor();
  const items = b.page.getByRole('list', { name: '2 messages' });
  await items.getByText('Train leaves at nine').waitFor();
  await items.getByText('Platform four').waitFor();
  expect(await items.getByRole('listitem').nth(1).innerText()).toContain('Bob');
});

test('bob deletes a message for himself: gone in both his tabs, still there for alice', async () => {
  const [alice, bob] = await friends(stage.server.url, 'alice', 'bob');
  const a = await stage.signedIn(alice);
  const b = await stage.signedIn(bob);
  const bobsOtherTab = await b.context.newPage();
  await a.page.goto(`/#/wx/chatWindow/index?userId=${bob.userId}`);
  for (const page of [b.page, bobsOtherTab]) await page.goto(`/#/wx/chatWindow/index?userId=${alice.userId}`);
  await say(a.page, 'Keep this one');
  await say(a.page, 'Forget this one');
  for (const page of [b.page, bobsOtherTab]) await log(page).getByText('Forget this one').waitFor();

  await hold(b.page, 'Forget this one', 'Delete');
  await b.page.getByRole('dialog').getByRole('button', { name: 'Delete', exact: true }).click();

  for (const page of [b.page, bobsOtherTab]) {
    await expect.poll(() => log(page).getByText('Forget this one').count()).toBe(0);
    await log(page).getByText('Keep this one').waitFor();
  }
  // After a reload too, and the chat list previews what is left.
  await bobsOtherTab.reload();
  await log(bobsOtherTab).getByText('Keep this one').waitFor();
  expect(await log(bobsOtherTab).getByText('Forget this one').count()).toBe(0);
  await bobsOtherTab.goto('/#/wx/tabbar1/index');
  const chat = bobsOtherTab.getByRole('link', { name: /Alice/ });
  await expect.poll(() => chat.innerText()).toContain('Keep this one');
  expect(await chat.innerText()).not.toContain('Forget this one');
  // Alice still has both.
  await log(a.page).getByText('Forget this one').waitFor();
});
