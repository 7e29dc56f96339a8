/**
 * A long chat on a phone: the real server (child process, fresh SQLite, serving the built web
 * app: run `npm run build` first) and Debian's Chromium on a phone-sized viewport (390×844,
 * touch, scale 2). Alice and Bob have --messages messages between them (default 10,000). With
 * the app already open on the Message tab, Alice opens the chat, and the program reports:
 *
 * - the time from the tap (the route change) to the newest message on screen: the first time
 *   (its messages come from the server), again after going back (in memory), and after a reload
 *   (from the phone's store), with where the time went; issue 15's target is under 300 ms;
 * - scrolling up --scroll messages (default 500) at a finger's pace (--speed px per frame,
 *   default 12), older pages loading on the way as they would for a person: the frames, their
 *   p50/p95/p99, the longest, and the frames dropped (longer than 1.5 × 16.7 ms), once as is and
 *   once with the CPU --throttle times slower (default 4, a mid-range phone).
 *
 *   npm run build && npm run bench:long-chat -w bench
 *   npm run bench:long-chat -w bench -- --messages 10000 --scroll 500 --throttle 4
 */
import type { Page } from 'playwright-core';
import { launchBrowser, phone } from '../../e2e/support/browser';
import { useSession } from '../../e2e/support/session';
import { seed } from '../../apps/server/test/support/seed';
import { inBatches, jsonClient, serverUnderTest } from './load';
import { flag, percentile } from './stats';

const total = flag('messages', 10_000);
const scroll = flag('scroll', 500);
const speed = flag('speed', 12);
const throttle = flag('throttle', 4);
const FRAME_MS = 1000 / 60;

const server = await serverUnderTest({ LOG_LEVEL: 'error', RATE_LIMITS: 'off' });
const { must, close } = jsonClient(server.url, 16);
const browser = await launchBrowser();

const text = (n: number) => `message ${n} of the long chat`;

interface Opening {
  /** Route change → newest message on screen. */
  total: number;
  /** Route change → the chat's log on screen (its screen's code loaded and rendered). */
  screen: number;
  /** Route change → the first message row on screen. */
  rows: number;
  /** The chat's stored page read from the device (the engine's `chat: stored page` measure). */
  storeRead: number | null;
  /** The screen's code fetched (first request → last answer of a script), and the API calls. */
  chunks: number | null;
  calls: string[];
}

/** Opens the chat from the running app; answers the ms from the route change to its newest message on screen, and where they went. */
async function openChat(page: Page, peerId: string, newest: string): Promise<Opening> {
  const opening = (await page.evaluate(
    `new Promise((done) => {
      const start = performance.now();
      const at = {};
      const shown = () => [...document.querySelectorAll('[role="log"] *')].some(
        (el) => el.childElementCount === 0 && el.textContent === ${JSON.stringify(newest)} && el.getBoundingClientRect().bottom <= innerHeight && el.getBoundingClientRect().height > 0,
      );
      const check = () => {
        const now = performance.now() - start;
        if (at.screen === undefined && document.querySelector('[role="log"]')) at.screen = now;
        if (at.rows === undefined && document.querySelector('[role="log"] [data-index]')) at.rows = now;
        if (!shown()) return requestAnimationFrame(check);
        const since = (entries) => entries.filter((e) => e.startTime >= start);
        const scripts = since(performance.getEntriesByType('resource')).filter((e) => e.name.endsWith('.js'));
        const calls = since(performance.getEntriesByType('resource')).filter((e) => e.initiatorType === 'fetch' || e.initiatorType === 'xmlhttprequest');
        const read = since(performance.getEntriesByName('chat: stored page'))[0];
        done({
          total: now,
          screen: at.screen ?? now,
          rows: at.rows ?? now,
          storeRead: read ? read.duration : null,
          chunks: scripts.length ? Math.max(...scripts.map((e) => e.responseEnd)) - Math.min(...scripts.map((e) => e.startTime)) : null,
          calls: calls.map((e) => new URL(e.name).pathname + ' ' + (e.startTime - start).toFixed(0) + '–' + (e.responseEnd - start).toFixed(0) + ' ms'),
        });
      };
      location.hash = '#/wx/chatWindow/index?userId=${peerId}';
      requestAnimationFrame(check);
    })`,
  )) as Opening;
  return opening;
}

function reportOpening(label: string, o: Opening) {
  const ms = (value: number | null) => (value === null ? '–' : `${value.toFixed(0)} ms`);
  console.log(
    `${label}: ${ms(o.total)} (screen on ${ms(o.screen)}, its code fetched in ${ms(o.chunks)}; first rows ${ms(o.rows)}; ` +
      `stored page read in ${ms(o.storeRead)}; requests: ${o.calls.join(', ') || 'none'})`,
  );
}

/** Reloads the app on the Message tab (memory empty: the chat comes from the phone's store). */
async function reload(page: Page, newest: string) {
  await page.goto('/#/wx/tabbar1/index');
  await page.reload();
  await page.getByText(newest).first().waitFor();
  // Let the start-up's catch-up settle, as it would before a person taps.
  await page.waitForTimeout(1000);
}

/** Scrolls the log up at `speed` px a frame until `target` is on screen; answers the frame times. */
function scrollUpTo(page: Page, target: string): Promise<number[]> {
  return page.evaluate(`new Promise((done) => {
    const scroller = document.querySelector('[role="log"] [data-virtuoso-scroller], [role="log"] [data-testid="virtuoso-scroller"]') ?? document.querySelector('[role="log"]').firstElementChild;
    const times = [];
    let last = performance.now();
    const reached = () => [...document.querySelectorAll('[role="log"] *')].some(
      (el) => el.childElementCount === 0 && el.textContent === ${JSON.stringify(target)} && el.getBoundingClientRect().top >= 0,
    );
    const frame = (now) => {
      times.push(now - last);
      last = now;
      if (reached() || times.length > 60 * 120) return done(times.slice(1));
      scroller.scrollTop -= ${speed};
      requestAnimationFrame(frame);
    };
    requestAnimationFrame(frame);
  })`);
}

function report(label: string, times: number[]) {
  const sorted = [...times].sort((a, b) => a - b);
  const dropped = times.filter((t) => t > 1.5 * FRAME_MS).length;
  const seconds = times.reduce((sum, t) => sum + t, 0) / 1000;
  console.log(
    `${label}: ${times.length} frames over ${seconds.toFixed(1)} s, p50 ${percentile(sorted, 50).toFixed(1)} ms, ` +
      `p95 ${percentile(sorted, 95).toFixed(1)} ms, p99 ${percentile(sorted, 99).toFixed(1)} ms, ` +
      `longest ${sorted.at(-1)?.toFixed(1)} ms, dropped ${dropped} (${((100 * dropped) / times.length).toFixed(1)} %)`,
  );
}

try {
  const people = seed(server.url);
  const alice = await people.user('alice', { nickName: 'Alice' });
  const bob = await people.user('bob', { nickName: 'Bob' });
  await people.befriend(alice, bob);
  const started = performance.now();
  // In order, a few at a time: each message's number is its place in the chat.
  await inBatches(
    Array.from({ length: total }, (_, i) => i),
    1,
    async (i) => {
      const [from, to] = i % 2 === 0 ? [bob, alice] : [alice, bob];
      await must('/chat/sendMsg', from.token, {
        userId: to.userId,
        msgType: 'TEXT',
        content: { text: text(i) },
      });
    },
  );
  console.log(
    `setup: ${total} messages between Alice and Bob in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );

  const { context, page } = await phone(browser, server.url);
  await useSession(context, server.url, alice.token);
  await page.goto('/#/wx/tabbar1/index');

  const newest = text(total - 1);
  await page.getByText(newest).first().waitFor();
  // A person looks at the list a moment before tapping (the app loads the chat screen's code then).
  await page.waitForTimeout(1000);
  const held = async () =>
    Number(
      await page.evaluate(`new Promise((done) => {
        const open = indexedDB.open('paichat-chat');
        open.onsuccess = () => {
          const count = open.result.transaction('messages').objectStore('messages').count();
          count.onsuccess = () => { done(count.result); open.result.close(); };
        };
      })`),
    );
  reportOpening(
    'open the chat, newest message on screen (from the server)',
    await openChat(page, bob.userId, newest),
  );
  await page.goBack();
  await page.getByRole('heading', { name: 'Message' }).waitFor();
  reportOpening('open it again (in memory)', await openChat(page, bob.userId, newest));

  report(`scroll up ${scroll} messages`, await scrollUpTo(page, text(total - 1 - scroll)));

  await reload(page, newest);
  reportOpening(
    `reload, open it (from the phone's store, ${await held()} messages stored)`,
    await openChat(page, bob.userId, newest),
  );

  await reload(page, newest);
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: throttle });
  reportOpening(
    `reload, open it with the CPU ${throttle}× slower (from the phone's store)`,
    await openChat(page, bob.userId, newest),
  );
  report(
    `scroll up ${scroll} messages, CPU ${throttle}× slower`,
    await scrollUpTo(page, text(total - 1 - scroll)),
  );
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  await context.close();
} finally {
  await browser.close();
  await close();
  await server.stop();
}
