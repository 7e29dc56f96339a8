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

test('a long message fills the row as in WeChat, mirrored in Arabic, each text in its own direction', async () => {
  const people = seed(stage.server.url);
  const alice = await people.user('alice', { nickName: 'Alice' });
  const bob = await people.user('bob', { nickName: 'Bob' });
  await people.befriend(alice, bob);
  const english =
    'The quick brown fox jumps over the lazy dog, then keeps running across the field until evening.';
  const arabic = 'مرحبا، سنلتقي في المحطة في الساعة السابعة ونذهب معًا إلى الحفلة في وسط المدينة الليلة.';
  await sendText(stage.server.url, alice, bob, english);
  await sendText(stage.server.url, alice, bob, arabic);

  for (const locale of ['en', 'ar']) {
    const b = await stage.signedIn(bob);
    await b.context.addInitScript((saved) => localStorage.setItem('locale', saved), locale);
    await b.page.goto(`/#/wx/chatWindow/index?userId=${alice.userId}`);
    const text = (words: string) => b.page.getByRole('log').getByText(words);
    await text(arabic).waitFor();
    const width = b.page.viewportSize()!.width;
    const box = (await text(english).boundingBox())!;
    // The avatar column (12 px padding, 40 px photo, 10 px gap) on the sender's side, a small margin on the other.
    expect(box.width).toBeGreaterThan(width * 0.7);
    if (locale === 'en') expect(box.x).toBeLessThan(70);
    else expect(box.x + box.width).toBeGreaterThan(width - 70);
    expect(await text(english).evaluate((node) => getComputedStyle(node).direction)).toBe('ltr');
    expect(await text(arabic).evaluate((node) => getComputedStyle(node).direction)).toBe('rtl');
    await b.context.close();
  }
});
