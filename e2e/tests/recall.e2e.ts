import { expect, test } from 'vitest';
import { friends } from '../support/people';
import { useStage } from '../support/stage';

const stage = useStage();

test('alice recalls a message: both see the recall line live and after a reload, and she re-edits it', async () => {
  const [alice, bob] = await friends(stage.server.url);
  const a = await stage.signedIn(alice);
  const b = await stage.signedIn(bob);
  await a.page.goto(`/#/wx/chatWindow/index?userId=${bob.userId}`);
  await b.page.goto(`/#/wx/chatWindow/index?userId=${alice.userId}`);

  const text = 'Meet at the wrong cafe at noon';
  await a.page.getByRole('textbox', { name: 'Message' }).fill(text);
  await a.page.getByRole('button', { name: 'Send', exact: true }).click();
  await b.page.getByRole('log').getByText(text).waitFor();

  // Alice holds her message and recalls it.
  await a.page.getByRole('log').getByText(text).click({ button: 'right' });
  await a.page.getByRole('button', { name: 'Recall', exact: true }).click();
  await a.page.getByRole('log').getByText('You recalled a message').waitFor();
  // Bob sees it go, live.
  await b.page.getByRole('log').getByText('Alice recalled a message').waitFor();
  expect(await b.page.getByRole('log').getByText(text).count()).toBe(0);

  // Re-edit puts the words back in Alice's input box.
  await a.page.getByRole('button', { name: 'Re-edit' }).click();
  await expect.poll(() => a.page.getByRole('textbox', { name: 'Message' }).inputValue()).toBe(text);

  // After a reload (from the device's store and the server) the text is still gone.
  await b.page.reload();
  await b.page.getByRole('log').getByText('Alice recalled a message').waitFor();
  expect(await b.page.getByRole('log').getByText(text).count()).toBe(0);
  await b.page.goto('/#/wx/tabbar1/index');
  // The chat list's preview reads as the recall line too.
  await b.page.getByText('Alice recalled a message', { exact: true }).waitFor();
});
