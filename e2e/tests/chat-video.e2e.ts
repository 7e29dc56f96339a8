import type { Page } from 'playwright-core';
import { expect, test } from 'vitest';
import { friends } from '../support/people';
import { useStage } from '../support/stage';
import { sendText } from '../../apps/server/test/support/chats';
import type { SeededUser } from '../../apps/server/test/support/seed';

const stage = useStage();

const chatWith = (page: Page, user: SeededUser) => page.goto(`/#/wx/chatWindow/index?userId=${user.userId}`);
const log = (page: Page) => page.getByRole('log');

/**
 * A real two-second WebM, recorded in the browser from a canvas (MediaRecorder), as a phone's
 * camera would hand one over: no file is downloaded or committed for it.
 */
async function recordClip(page: Page): Promise<Buffer> {
  const bytes = await page.evaluate(async () => {
    const canvas = document.createElement('canvas');
    canvas.width = 320;
    canvas.height = 240;
    const context = canvas.getContext('2d')!;
    let frame = 0;
    const draw = () => {
      context.fillStyle = `hsl(${(frame += 12) % 360} 70% 50%)`;
      context.fillRect(0, 0, canvas.width, canvas.height);
    };
    draw();
    const timer = setInterval(draw, 40);
    const recorder = new MediaRecorder(canvas.captureStream(25), { mimeType: 'video/webm' });
    const chunks: Blob[] = [];
    recorder.ondataavailable = (event) => chunks.push(event.data);
    const stopped = new Promise((resolve) => (recorder.onstop = resolve));
    recorder.start();
    await new Promise((resolve) => setTimeout(resolve, 2000));
    recorder.stop();
    await stopped;
    clearInterval(timer);
    return [...new Uint8Array(await new Blob(chunks).arrayBuffer())];
  });
  return Buffer.from(bytes);
}

test('alice sends a video from the album; bob sees it with its poster and it plays', async () => {
  const [alice, bob] = await friends(stage.server.url);
  const a = await stage.signedIn(alice);
  await chatWith(a.page, bob);
  await log(a.page).waitFor();
  const clip = await recordClip(a.page);

  await a.page.getByRole('button', { name: 'More' }).click();
  await a.page
    .getByTestId('album-input')
    .setInputFiles({ name: 'clip.webm', mimeType: 'video/webm', buffer: clip });
  const sent = log(a.page).getByLabel('Video', { exact: true });
  await sent.waitFor();

  const b = await stage.signedIn(bob);
  await chatWith(b.page, alice);
  const video = log(b.page).getByLabel('Video', { exact: true });
  await video.waitFor();
  // The poster is the frame taken in alice's browser, stored as a picture bob's browser can draw.
  const poster = await video.getAttribute('poster');
  expect(poster).toMatch(/^\/file\/[0-9a-f]{32}\.(jpg|webp|png)$/);
  const posterWidth = await b.page.evaluate(async (url) => {
    const image = new Image();
    image.src = url;
    await image.decode();
    return image.naturalWidth;
  }, poster!);
  expect(posterWidth).toBeGreaterThan(0);
  // Inline, with controls, within the chat's width; it plays.
  expect(await video.evaluate((node: HTMLVideoElement) => node.controls)).toBe(true);
  const box = (await video.boundingBox())!;
  expect(box.width).toBeLessThanOrEqual(b.page.viewportSize()!.width);
  await video.evaluate((node: HTMLVideoElement) => {
    node.muted = true;
    return node.play();
  });
  await expect
    .poll(() => video.evaluate((node: HTMLVideoElement) => node.currentTime), { timeout: 10_000 })
    .toBeGreaterThan(0);
  await a.context.close();
  await b.context.close();
});

test('bob clears his chat with alice on its info page: gone on both his devices, alice keeps it', async () => {
  const [alice, bob] = await friends(stage.server.url);
  await sendText(stage.server.url, alice, bob, 'before clearing');
  const b = await stage.signedIn(bob);
  const bobsOtherDevice = await stage.signedIn(bob);
  await bobsOtherDevice.page.goto('/#/wx/tabbar1/index');
  const preview = bobsOtherDevice.page.getByText('before clearing', { exact: true });
  await preview.waitFor();

  await chatWith(b.page, alice);
  await log(b.page).getByText('before clearing').waitFor();
  await b.page.getByRole('button', { name: 'Chat info' }).click();
  await b.page.getByRole('button', { name: 'Clear chat history' }).click();
  const dialog = b.page.getByRole('dialog').filter({ hasText: 'Clear chat history?' });
  await dialog.getByRole('button', { name: 'Clear', exact: true }).click();
  await b.page.getByText('Chat history cleared').waitFor();
  await b.page.goBack();
  await log(b.page).waitFor();
  expect(await log(b.page).getByText('before clearing').count()).toBe(0);
  // Bob's other device drops the preview without a reload.
  await preview.waitFor({ state: 'detached' });

  const a = await stage.signedIn(alice);
  await chatWith(a.page, bob);
  await log(a.page).getByText('before clearing').waitFor();
  await a.context.close();
  await b.context.close();
  await bobsOtherDevice.context.close();
});
