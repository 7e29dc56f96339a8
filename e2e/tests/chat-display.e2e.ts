import { expect, test } from 'vitest';
import { useStage } from '../support/stage';
import { seed } from '../../apps/server/test/support/seed';
import { sendText } from '../../apps/server/test/support/chats';

const stage = useStage();

test('a link in a message opens in a new tab for the one who receives it', async () => {
  const people = seed(stage.server.url);
  const alice = await people.user('alice', { nickName: 'Alice' });
  const bob = await people.user('bob', { nickName: 'Bob' });
  await people.befriend(alice, bob);
  // An address this offline machine can open: the test server's own health check.
  const address = `${stage.server.url}/healthz?from=alice`;
  await sendText(stage.server.url, alice, bob, `Status page: ${address}. Have a look`);

  const b = await stage.signedIn(bob);
  await b.page.goto(`/#/wx/chatWindow/index?userId=${alice.userId}`);
  const link = b.page.getByRole('log').getByRole('link', { name: address });
  await link.waitFor();
  expect(await link.getAttribute('rel')).toBe('noopener noreferrer');

  const [popup] = await Promise.all([b.page.waitForEvent('popup'), link.tap()]);
  await popup.waitForLoadState();
  expect(popup.url()).toBe(address);
  expect(await popup.locator('body').innerText()).toContain('"db":"ok"');
  // The chat stays where it was.
  expect(b.page.url()).toContain('/wx/chatWindow/index');
});
