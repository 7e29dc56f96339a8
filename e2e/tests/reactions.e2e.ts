import { test } from 'vitest';
import { friends } from '../support/people';
import { useStage } from '../support/stage';

const stage = useStage();

test('alice reacts 👍 to bob’s message, bob adds ❤️ from the picker, alice takes her 👍 back: both see it all', async () => {
  const [alice, bob] = await friends(stage.server.url);
  const a = await stage.signedIn(alice);
  const b = await stage.signedIn(bob);
  await a.page.goto(`/#/wx/chatWindow/index?userId=${bob.userId}`);
  await b.page.goto(`/#/wx/chatWindow/index?userId=${alice.userId}`);

  const text = 'Pizza on Friday?';
  await b.page.getByRole('textbox', { name: 'Message' }).fill(text);
  await b.page.getByRole('button', { name: 'Send', exact: true }).click();
  await a.page.getByRole('log').getByText(text).waitFor();

  // Alice holds bob's message and taps 👍 in the quick row.
  await a.page.getByRole('log').getByText(text).click({ button: 'right' });
  await a.page.getByRole('button', { name: 'React with 👍' }).click();
  const alicesThumb = a.page.getByRole('button', { name: '👍 1', pressed: true });
  await alicesThumb.waitFor();
  await b.page.getByRole('button', { name: '👍 1', pressed: false }).waitFor();

  // Bob holds his own message and picks ❤️ from the picker.
  await b.page.getByRole('log').getByText(text).click({ button: 'right' });
  await b.page.getByRole('button', { name: 'More emoji' }).click();
  await b.page
    .getByRole('dialog', { name: 'Choose a reaction' })
    .getByRole('button', { name: 'React with ❤️' })
    .click();
  await b.page.getByRole('button', { name: '❤️ 1', pressed: true }).waitFor();
  await a.page.getByRole('button', { name: '❤️ 1', pressed: false }).waitFor();

  // Alice taps her 👍 again: it is gone on both sides, the ❤️ stays.
  await alicesThumb.click();
  await a.page.getByRole('button', { name: '👍 1' }).waitFor({ state: 'detached' });
  await b.page.getByRole('button', { name: '👍 1' }).waitFor({ state: 'detached' });
  await b.page.getByRole('button', { name: '❤️ 1' }).waitFor();
});
