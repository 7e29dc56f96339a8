import { expect, test } from 'vitest';
import { friends } from '../support/people';
import { useStage } from '../support/stage';

const stage = useStage();

test('"Read" appears under alice\'s message when bob opens the chat, and "typing…" shows while he types', async () => {
  const [alice, bob] = await friends(stage.server.url);
  const a = await stage.signedIn(alice);
  const b = await stage.signedIn(bob);
  await a.page.goto(`/#/wx/chatWindow/index?userId=${bob.userId}`);

  const text = 'Did you get the tickets?';
  await a.page.getByRole('textbox', { name: 'Message' }).fill(text);
  await a.page.getByRole('button', { name: 'Send', exact: true }).click();
  const log = a.page.getByRole('log');
  await log.getByText('Unread', { exact: true }).waitFor();

  // Bob opens the chat: his read reaches alice's open chat, live.
  await b.page.goto(`/#/wx/chatWindow/index?userId=${alice.userId}`);
  await b.page.getByRole('log').getByText(text).waitFor();
  await log.getByText('Read', { exact: true }).waitFor();
  expect(await log.getByText('Unread', { exact: true }).count()).toBe(0);

  // Bob types: alice's title says so until his message comes.
  const title = a.page.getByRole('heading', { level: 1 });
  await b.page.getByRole('textbox', { name: 'Message' }).fill('Yes, two of them');
  await expect.poll(() => title.textContent()).toBe('typing…');
  await b.page.getByRole('button', { name: 'Send', exact: true }).click();
  await log.getByText('Yes, two of them').waitFor();
  await expect.poll(() => title.textContent()).toBe('Bob');
});
