import type { Page } from 'playwright-core';
import { expect, test } from 'vitest';
import type { ServerMessage } from '@paichat/protocol';
import { as } from '../../apps/server/test/support/api';
import { sendText } from '../../apps/server/test/support/chats';
import { groupsClient } from '../../apps/server/test/support/groups';
import { seed } from '../../apps/server/test/support/seed';
import { friends } from '../support/people';
import { useStage } from '../support/stage';

const stage = useStage();

const log = (page: Page) => page.getByRole('log');

async function say(page: Page, text: string) {
  await page.getByRole('textbox', { name: 'Message' }).fill(text);
  await page.getByRole('button', { name: 'Send', exact: true }).click();
}

test('bob quotes alice; on a new device alice taps an older quote and lands on its original, loaded and marked', async () => {
  const [alice, bob] = await friends(stage.server.url);
  const a = await stage.signedIn(alice);
  const b = await stage.signedIn(bob);
  await a.page.goto(`/#/wx/chatWindow/index?userId=${bob.userId}`);
  await b.page.goto(`/#/wx/chatWindow/index?userId=${alice.userId}`);

  const original = 'Where do we meet on Saturday?';
  await say(a.page, original);
  // Bob holds it and quotes it: the input shows it, with a way to drop it.
  await log(b.page).getByText(original).click({ button: 'right' });
  await b.page.getByRole('button', { name: 'Quote', exact: true }).click();
  const quoting = b.page.getByRole('group', { name: 'Quoting' });
  expect(await quoting.innerText()).toContain(`Alice: ${original}`);
  await say(b.page, 'At the north gate');
  await quoting.waitFor({ state: 'detached' });
  // Both see the reply with the quote above it.
  for (const page of [a.page, b.page])
    await log(page)
      .getByRole('button', { name: `Alice: ${original}` })
      .waitFor();

  // More than a page of messages after the original, then another reply quoting it.
  for (let i = 1; i <= 30; i += 1) await sendText(stage.server.url, alice, bob, `filler ${i}`);
  const { body } = await as(stage.server.url, bob).post<{ list: ServerMessage[] }>('/chat/syncMessages', {
    userId: alice.userId,
    afterSeq: 0,
    limit: 100,
  });
  const quoted = body.data.list.find((m) => m.content.text === original) as ServerMessage;
  await as(stage.server.url, bob).post('/chat/sendMsg', {
    userId: alice.userId,
    msgType: 'TEXT',
    content: { text: 'Still the north gate?', quote: { msgId: quoted.msgId } },
  });

  // A new device holds only the newest page: the tap reads the page around the original.
  const phone = await stage.signedIn(alice);
  await phone.page.goto(`/#/wx/chatWindow/index?userId=${bob.userId}`);
  await log(phone.page).getByText('Still the north gate?').waitFor();
  expect(await log(phone.page).getByText(original, { exact: true }).count()).toBe(0);
  await log(phone.page)
    .getByRole('button', { name: `Alice: ${original}` })
    .last()
    .click();
  await log(phone.page).locator('[data-focused]').getByText(original, { exact: true }).waitFor();
});

test('carol @mentions bob in a group he muted: his chat list marks it; alice, not mentioned, sees no mark', async () => {
  const people = seed(stage.server.url);
  const groups = groupsClient(stage.server.url);
  const [alice, bob, carol] = [
    await people.user('alice', { nickName: 'Alice' }),
    await people.user('bob', { nickName: 'Bob' }),
    await people.user('carol', { nickName: 'Carol' }),
  ];
  await people.befriend(alice, bob);
  await people.befriend(alice, carol);
  const { group } = await groups.create(alice, [bob, carol], 'Climbers');
  groups.ok(await groups.post(bob, '/chat/setDisturb', { chatId: group.chatId, isDisturb: 'Y' }));

  const a = await stage.signedIn(alice);
  const b = await stage.signedIn(bob);
  const c = await stage.signedIn(carol);
  for (const page of [a.page, b.page]) {
    await page.goto('/#/wx/tabbar1/index');
    await page.getByRole('link', { name: 'Climbers', exact: true }).waitFor();
  }

  await c.page.goto(`/#/wx/chatWindow/index?chatId=${group.chatId}`);
  const box = c.page.getByRole('textbox', { name: 'Message' });
  await box.pressSequentially('rope? @');
  await c.page.getByRole('searchbox', { name: 'Search members' }).fill('bo');
  await c.page.getByRole('button', { name: 'Bob', exact: true }).click();
  await expect.poll(() => box.inputValue()).toBe('rope? @Bob ');
  await c.page.getByRole('button', { name: 'Send', exact: true }).click();

  const row = b.page.getByRole('link', { name: 'Climbers', exact: true });
  await row.getByText('[You were mentioned]', { exact: true }).waitFor();
  // Muted, yet counted: a number, not a dot.
  await row.getByText('1', { exact: true }).waitFor();
  await a.page
    .getByRole('link', { name: 'Climbers', exact: true })
    .getByText('Carol: rope? @Bob', { exact: true })
    .waitFor();
  expect(await a.page.getByText('[You were mentioned]').count()).toBe(0);

  // Read: the mark goes.
  await row.click();
  await log(b.page).getByText('rope? @Bob').waitFor();
  await b.page.goto('/#/wx/tabbar1/index');
  await b.page.getByRole('link', { name: 'Climbers', exact: true }).waitFor();
  await expect.poll(() => b.page.getByText('[You were mentioned]').count()).toBe(0);
});
