import sharp from 'sharp';
import { expect, test } from 'vitest';
import { drag, tap } from '../support/gestures';
import { friends } from '../support/people';
import { useStage } from '../support/stage';
import { as } from '../../apps/server/test/support/api';
import { sendText, upload } from '../../apps/server/test/support/chats';

const stage = useStage();

test("a link in a message opens in the web view, with Open in browser; the app's own page opens in the app", async () => {
  const [alice, bob] = await friends(stage.server.url);
  // An address this offline machine can open: the test server's own health check, on the app's site.
  const address = `${stage.server.url}/healthz?from=alice`;
  const alicesPage = `${stage.server.url}/#/wx/personInfo/addFriendsDetail?userId=${alice.userId}`;
  await sendText(stage.server.url, alice, bob, `Status page: ${address}. Have a look`);
  await sendText(stage.server.url, alice, bob, `My page: ${alicesPage}`);

  const b = await stage.signedIn(bob);
  await b.page.goto(`/#/wx/chatWindow/index?userId=${alice.userId}`);
  const link = b.page.getByRole('log').getByRole('link', { name: address });
  await link.waitFor();
  expect(await link.getAttribute('rel')).toBe('noopener noreferrer');

  // The web view says the address is the app's own site rather than framing it into a refusal.
  await link.tap();
  await b.page.getByRole('heading', { name: 'This link leads back into PaiChat' }).waitFor();
  expect(await b.page.locator('iframe').count()).toBe(0);
  const openInBrowser = b.page.getByRole('link', { name: 'Open in browser' });
  const [popup] = await Promise.all([b.page.waitForEvent('popup'), openInBrowser.tap()]);
  await popup.waitForLoadState();
  expect(popup.url()).toBe(address);
  expect(await popup.locator('body').innerText()).toContain('"db":"ok"');
  await popup.close();

  // Back in the chat, a link to one of the app's pages opens it in the app.
  await b.page.goBack();
  await b.page.getByRole('log').getByRole('link', { name: alicesPage }).tap();
  await b.page.waitForURL(/\/wx\/personInfo\/addFriendsDetail\?userId=/);
  await b.page.getByRole('heading', { name: 'Add Friend' }).waitFor();
});

test('a long message fills the row as in WeChat, mirrored in Arabic, each text in its own direction', async () => {
  const [alice, bob] = await friends(stage.server.url);
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

test("a tapped picture opens full screen; a swipe shows the chat's other picture; a tap or Close closes it", async () => {
  const [alice, bob] = await friends(stage.server.url);
  for (const [width, height] of [
    [800, 600],
    [64, 48],
  ] as const) {
    const png = await sharp({ create: { width, height, channels: 3, background: '#3a7' } })
      .png()
      .toBuffer();
    const file = await upload(stage.server.url, alice, png, 'photo.png');
    const sent = await as(stage.server.url, alice).post('/chat/sendMsg', {
      userId: bob.userId,
      msgType: 'IMAGE',
      content: { url: file.url, thumbUrl: file.thumbUrl, width, height },
    });
    expect(sent.body.code).toBe(200);
  }

  const b = await stage.signedIn(bob);
  await b.page.goto(`/#/wx/chatWindow/index?userId=${alice.userId}`);
  const pictures = b.page.getByRole('log').getByRole('button', { name: 'Image' });
  await pictures.nth(1).waitFor();
  await pictures.nth(1).tap();
  const viewer = b.page.locator('.adm-image-viewer-slides');
  await viewer.getByText('2 / 2').waitFor();
  // The small picture is scaled to the screen's width, not shown at its 64 px.
  const width = b.page.viewportSize()!.width;
  const shown = viewer.locator('.adm-image-viewer-slide img').nth(1);
  await expect.poll(async () => (await shown.boundingBox())?.width).toBeCloseTo(width, 0);

  // A finger drawn rightwards across the middle of the screen.
  const middle = b.page.viewportSize()!.height / 2;
  await drag(b.page, { x: 40, y: middle }, { x: width - 40, y: middle });
  await viewer.getByText('1 / 2').waitFor();
  // A tap while the slides still spring into place is taken as part of the swipe.
  const first = viewer.locator('.adm-image-viewer-slide').first();
  await expect.poll(async () => Math.round((await first.boundingBox())?.x ?? -1)).toBe(0);
  await tap(b.page, { x: width / 2, y: 200 });
  // It fades out, then goes, with its actions.
  await expect.poll(() => viewer.count(), { timeout: 5_000 }).toBe(0);
  expect(await b.page.getByRole('dialog', { name: 'Image' }).count()).toBe(0);

  // Its Close button, for those who do not tap pictures, closes it too.
  await pictures.nth(0).tap();
  await viewer.getByText('1 / 2').waitFor();
  await b.page.getByRole('dialog', { name: 'Image' }).getByRole('button', { name: 'Close' }).click();
  await expect.poll(() => viewer.count(), { timeout: 5_000 }).toBe(0);
  await b.context.close();
});
