/**
 * Moments feed scrolling benchmark: the real server (child process, fresh SQLite, serving the
 * built web app: run `npm run build` first) and Debian's Chromium on a phone-sized viewport
 * (390×844, touch, scale 2). A viewer's friends posted --posts posts (default 200), every third
 * with pictures. The program scrolls the feed until every post is loaded, back to the top, then
 * through the whole feed at a finger's pace (--speed px per frame, default 12 ≈ 720 px/s),
 * once as is and once with the CPU slowed --throttle times (default 4, a mid-range phone),
 * and prints the frame times: p50/p95/p99, the longest, and frames dropped (a frame that took
 * longer than 1.5 × 16.7 ms: at least one display refresh missed). It also prints how many
 * posts were in the page at the end (the list is virtualized: a handful, not 200).
 *
 *   npm run build && npm run bench:scroll -w bench
 *   npm run bench:scroll -w bench -- --posts 200 --speed 12 --throttle 4
 */
import sharp from 'sharp';
import type { Page } from 'playwright-core';
import { launchBrowser, phone } from '../../e2e/support/browser';
import { useSession } from '../../e2e/support/session';
import { seed, type SeededUser } from '../../apps/server/test/support/seed';
import { inBatches, jsonClient, serverUnderTest } from './load';
import { flag, percentile } from './stats';

const posts = flag('posts', 200);
const speed = flag('speed', 12);
const throttle = flag('throttle', 4);
const FRIENDS = 10;
const FRAME_MS = 1000 / 60;

const server = await serverUnderTest({ LOG_LEVEL: 'error', RATE_LIMITS: 'off' });
const { must, close } = jsonClient(server.url, 8);
const browser = await launchBrowser();

async function uploadPicture(user: SeededUser, n: number): Promise<string> {
  const bytes = await sharp({
    create: { width: 640, height: 480, channels: 3, background: { r: (n * 37) % 256, g: 120, b: 200 } },
  })
    .jpeg()
    .toBuffer();
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)]), `p${n}.jpg`);
  const response = await fetch(`${server.url}/file/upload`, {
    method: 'POST',
    headers: { authorization: user.token },
    body: form,
  });
  const body = (await response.json()) as { code: number; msg: string; data: { url: string } };
  if (body.code !== 200) throw new Error(`upload: ${body.msg}`);
  return body.data.url;
}

/**
 * Scrolls through the page at `speed` px a frame; answers the time of each frame. Sent as text:
 * it runs in the page, not here.
 */
function scrollThrough(page: Page): Promise<number[]> {
  return page.evaluate(`new Promise((done) => {
    const times = [];
    let last = performance.now();
    const frame = (now) => {
      times.push(now - last);
      last = now;
      const before = window.scrollY;
      window.scrollBy(0, ${speed});
      if (window.scrollY === before && times.length > 10) done(times.slice(1));
      else requestAnimationFrame(frame);
    };
    requestAnimationFrame(frame);
  })`);
}

const toEnd = (page: Page) => page.evaluate('window.scrollTo(0, document.documentElement.scrollHeight)');
const toTop = (page: Page) => page.evaluate('window.scrollTo(0, 0)');

function report(label: string, times: number[]) {
  const sorted = [...times].sort((a, b) => a - b);
  const dropped = times.filter((t) => t > 1.5 * FRAME_MS).length;
  console.log(
    `${label}: ${times.length} frames, p50 ${percentile(sorted, 50).toFixed(1)} ms, ` +
      `p95 ${percentile(sorted, 95).toFixed(1)} ms, p99 ${percentile(sorted, 99).toFixed(1)} ms, ` +
      `longest ${sorted.at(-1)?.toFixed(1)} ms, dropped ${dropped} (${((100 * dropped) / times.length).toFixed(1)} %)`,
  );
}

try {
  const people = seed(server.url);
  const viewer = await people.user('viewer', { nickName: 'Viewer' });
  const friends: SeededUser[] = [];
  for (let i = 0; i < FRIENDS; i += 1) {
    friends[i] = await people.user(`friend${i}`, { nickName: `Friend ${i}` });
    await people.befriend(viewer, friends[i]!);
  }
  await inBatches(
    Array.from({ length: posts }, (_, i) => i),
    4,
    async (i) => {
      const author = friends[i % FRIENDS]!;
      const images =
        i % 3 === 0 ? await Promise.all([0, 1, 2].map((k) => uploadPicture(author, i * 3 + k))) : [];
      const text = `Post ${i}: ${'a day out with friends, '.repeat(1 + (i % 5))}`;
      await must('/moments/post', author.token, { text, images });
    },
  );
  console.log(`setup: ${posts} posts by ${FRIENDS} friends, every third with 3 pictures`);

  const { context, page } = await phone(browser, server.url);
  await useSession(context, server.url, viewer.token);
  await page.goto('/#/wx/friendsCircle/index');
  await page.getByRole('article').first().waitFor();
  // Load every page: scroll to the end until the list says there are no more.
  const noMore = page.getByText('No more moments');
  while (!(await noMore.isVisible())) {
    await toEnd(page);
    await page.waitForTimeout(100);
  }
  await toTop(page);
  await page.waitForTimeout(500);

  report('scroll, full speed', await scrollThrough(page));
  console.log(`posts in the page at the end: ${await page.getByRole('article').count()} of ${posts}`);

  await toTop(page);
  await page.waitForTimeout(500);
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: throttle });
  report(`scroll, CPU ${throttle}× slower`, await scrollThrough(page));
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  await context.close();
} finally {
  await browser.close();
  await close();
  await server.stop();
}
