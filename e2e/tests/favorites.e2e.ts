import { expect, test } from 'vitest';
import { useStage } from '../support/stage';
import { seed } from '../../apps/server/test/support/seed';
import { sendText } from '../../apps/server/test/support/chats';

const stage = useStage();

test('bob favorites a message from alice, finds it in Favorites and sends it to carol, who sees it', async () => {
  const people = seed(stage.server.url);
  const alice = await people.user('alice', { nickName: 'Alice' });
  const bob = await people.user('bob', { nickName: 'Bob' });
  const carol = await people.user('carol', { nickName: 'Carol' });
  await people.befriend(alice, bob);
  await people.befriend(bob, carol);
  await sendText(stage.server.url, alice, bob, 'The trail starts at the north gate at seven');
  await sendText(stage.server.url, alice, bob, 'Bring water');

  const b = await stage.signedIn(bob);
  const c = await stage.signedIn(carol);
  await c.page.goto(`/#/wx/chatWindow/index?userId=${bob.userId}`);

  // Bob holds Alice's message and adds it to Favorites.
  await b.page.goto(`/#/wx/chatWindow/index?userId=${alice.userId}`);
  const message = b.page.getByRole('log').getByText('The trail starts at the north gate at seven');
  await message.click({ button: 'right' });
  await b.page.getByRole('button', { name: 'Favorite', exact: true }).click();
  await b.page.getByText('Added to Favorites').waitFor();

  // In Me → Favorites, a search finds it (and not the other message).
  await b.page.goto('/#/wx/tabbar4/index');
  await b.page.getByRole('button', { name: 'Favorites' }).click();
  await b.page.getByRole('searchbox', { name: 'Search favorites' }).fill('north gate');
  const found = b.page.getByRole('button', { name: /The trail starts at the north gate/ });
  await found.waitFor();
  await expect.poll(() => b.page.getByRole('button', { name: /Alice ·/ }).count()).toBe(1);

  // Opened, it is sent to Carol.
  await found.click();
  await b.page
    .getByRole('dialog', { name: 'Favorite' })
    .getByRole('button', { name: 'Send to friend' })
    .click();
  await b.page.getByRole('dialog', { name: 'Send to' }).getByRole('button', { name: 'Carol' }).click();
  await b.page.getByRole('dialog').getByRole('button', { name: 'Send', exact: true }).click();
  await b.page.getByText('Sent', { exact: true }).waitFor();

  // Carol sees the favorite live in her chat with Bob, with whose it was.
  const shared = c.page.getByRole('log').getByText('The trail starts at the north gate at seven');
  await shared.waitFor();
  await c.page.getByRole('log').getByText('Favorite · Alice').waitFor();
  // And so does Bob, in his chat with Carol.
  await b.page.goto(`/#/wx/chatWindow/index?userId=${carol.userId}`);
  await b.page.getByRole('log').getByText('Favorite · Alice').waitFor();
});
