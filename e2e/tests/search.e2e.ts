import { expect, test } from 'vitest';
import { useStage } from '../support/stage';
import { seed } from '../../apps/server/test/support/seed';
import { sendText } from '../../apps/server/test/support/chats';

const stage = useStage();

test('bob searches "dinner" and opens the message from alice in place; "zs" finds his contact 张三', async () => {
  const people = seed(stage.server.url);
  const alice = await people.user('alice', { nickName: 'Alice' });
  const bob = await people.user('bob', { nickName: 'Bob' });
  const zhang = await people.user('zhangsan', { nickName: '张三' });
  await people.befriend(alice, bob);
  await people.befriend(zhang, bob);
  await sendText(stage.server.url, alice, bob, 'Dinner at seven at the noodle place?');
  // Enough after it that the chat opens pages away from it.
  for (let i = 1; i <= 45; i += 1)
    await sendText(stage.server.url, i % 2 ? alice : bob, i % 2 ? bob : alice, `line ${i}`);

  const b = await stage.signedIn(bob);
  await b.page.goto('/#/wx/tabbar1/index');
  await b.page.getByRole('button', { name: 'Search', exact: true }).click();
  await b.page.getByRole('searchbox', { name: 'Search' }).fill('dinner');
  const found = b.page.getByRole('link', { name: /Alice.*Dinner at seven at the noodle place\?/ });
  await found.waitFor();
  // The matching word is marked.
  expect(await found.locator('mark').allInnerTexts()).toEqual(['Dinner']);

  await found.click();
  await b.page.waitForURL(/wx\/chatWindow\/index\?.*msgId=/);
  const message = b.page.getByRole('log').getByText('Dinner at seven at the noodle place?');
  await expect.poll(() => message.isVisible(), { timeout: 10_000 }).toBe(true);
  await expect
    .poll(() => message.evaluate((node) => node.closest('[data-focused]') !== null), { timeout: 5_000 })
    .toBe(true);
  // Opened in place, pages away from the newest message, with the way back to it.
  const back = b.page.getByRole('button', { name: 'Back to latest' });
  await back.waitFor();
  const newest = b.page.getByRole('log').getByText('line 45', { exact: true });
  expect(await newest.isVisible()).toBe(false);
  await back.click();
  await newest.waitFor();

  // From the Contact tab, pinyin initials find 张三.
  await b.page.goto('/#/wx/tabbar2/index');
  await b.page.getByRole('button', { name: 'Search', exact: true }).click();
  await b.page.getByRole('searchbox', { name: 'Search' }).fill('zs');
  const contacts = b.page.getByRole('region', { name: 'Contacts' });
  await contacts.getByRole('link', { name: '张三' }).waitFor();
});
