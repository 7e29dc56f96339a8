import { expect, test } from 'vitest';
import { friends } from '../support/people';
import { useStage } from '../support/stage';
import { sendText } from '../../apps/server/test/support/chats';

const stage = useStage();

test('the Message tab shows a skeleton, not "No chats yet", while the list loads on a slow network', async () => {
  const [alice, bob] = await friends(stage.server.url);
  await sendText(stage.server.url, alice, bob, 'Are you there?');

  // A new device on a slow network: the chat list's answer is held until the test lets it go.
  const b = await stage.signedIn(bob);
  let release: () => void = () => undefined;
  const released = new Promise<void>((resolve) => (release = resolve));
  await b.page.route('**/chat/getChatSessions', async (route) => {
    await released;
    await route.continue();
  });
  await b.page.goto('/#/wx/tabbar1/index');
  await b.page.getByRole('status', { name: 'Loading…' }).waitFor();
  expect(await b.page.getByText('No chats yet').count()).toBe(0);

  release();
  await b.page.getByRole('link', { name: /Alice/ }).waitFor();
  expect(await b.page.getByRole('status', { name: 'Loading…' }).count()).toBe(0);
  expect(await b.page.getByText('No chats yet').count()).toBe(0);
});

test('in Arabic the contact index stays clear of the Group Chats arrow', async () => {
  const [carol] = await friends(stage.server.url, 'carol', 'dan');

  const c = await stage.signedIn(carol);
  await c.page.addInitScript(() => localStorage.setItem('locale', 'ar'));
  await c.page.goto('/#/wx/tabbar2/index');
  const groupChats = c.page.getByRole('button', { name: 'المحادثات الجماعية' });
  const index = c.page.getByRole('navigation', { name: 'الفهرس الأبجدي' });
  await index.waitFor();
  const arrow = await groupChats.locator('svg').last().boundingBox();
  const bar = await index.boundingBox();
  if (!arrow || !bar) throw new Error('the arrow or the index is not on screen');
  // Right to left: the index runs down the left edge, the row's arrow ends it on the left.
  expect(bar.x + bar.width).toBeLessThanOrEqual(arrow.x);
});

test("Back from a chat opened on a friend's Info page goes to the Message tab", async () => {
  const [erin] = await friends(stage.server.url, 'erin', 'finn');

  const e = await stage.signedIn(erin);
  await e.page.goto('/#/wx/tabbar2/index');
  await e.page.getByRole('link', { name: 'Finn' }).click();
  await e.page.getByRole('button', { name: 'Messages' }).click();
  await e.page.waitForURL(/wx\/chatWindow\/index/);
  await e.page.getByRole('button', { name: 'Back' }).click();
  await e.page.waitForURL(/wx\/tabbar1\/index/);
  await e.page.getByRole('heading', { name: 'Message' }).waitFor();
});
