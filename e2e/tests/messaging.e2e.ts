import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { afterEach, expect, test } from 'vitest';
import { delivered } from '../support/chat';
import { drag } from '../support/gestures';
import { friends } from '../support/people';
import { useStage } from '../support/stage';
import { seed, type SeededUser } from '../../apps/server/test/support/seed';

const stage = useStage();

// A test that fails during an outage must not leave the next one without a server.
afterEach(() => stage.server.resume());

const signedIn = stage.signedIn;

const chatWith = (page: Page, user: SeededUser) => page.goto(`/#/wx/chatWindow/index?userId=${user.userId}`);
const log = (page: Page) => page.getByRole('log');
const messageTab = (page: Page) =>
  page.getByRole('navigation').getByRole('button', { name: 'Message', exact: true });

async function say(page: Page, text: string) {
  await page.getByRole('textbox', { name: 'Message' }).fill(text);
  await page.getByRole('button', { name: 'Send', exact: true }).click();
}

/** Resolves once the page has drawn two more frames (the list has rendered what a scroll showed). */
const frames = (page: Page) =>
  page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));

/**
 * Every message row of the (virtualized) log whose text matches, top to bottom, as a person
 * scrolling through the whole chat sees them: older pages are loaded first (until `oldest`,
 * the chat's first row, shows), then the log is read screen by screen. Rows are keyed by their list index, so a
 * message shown twice counts twice.
 */
async function readWholeLog(page: Page, pattern: RegExp, oldest: string): Promise<string[]> {
  const scroller = log(page).locator('[data-virtuoso-scroller]');
  await expect
    .poll(async () => {
      await scroller.evaluate((el) => (el.scrollTop = 0));
      return log(page).getByText(oldest, { exact: true }).count();
    })
    .toBeGreaterThan(0);
  const rows = new Map<number, string>();
  for (;;) {
    await frames(page);
    for (const [index, text] of await scroller.evaluate((el) =>
      [...el.querySelectorAll<HTMLElement>('[data-index]')].map((row) => [
        Number(row.dataset.index),
        row.innerText,
      ]),
    ))
      rows.set(index as number, String(text));
    const end = await scroller.evaluate((el) => el.scrollTop + el.clientHeight >= el.scrollHeight - 2);
    if (end) break;
    await scroller.evaluate((el) => (el.scrollTop += el.clientHeight * 0.7));
  }
  return [...rows.entries()]
    .sort(([a], [b]) => a - b)
    .flatMap(([, text]) => text.split('\n').filter((line) => pattern.test(line.trim())))
    .map((line) => line.trim());
}

test('alice and bob chat live; unread counts, and reading in one tab clears the other tab', async () => {
  const [alice, bob] = await friends(stage.server.url);
  const a = await signedIn(alice);
  const b = await signedIn(bob);
  const bobsOtherTab = await b.context.newPage();
  await b.page.goto('/#/wx/tabbar1/index');
  await bobsOtherTab.goto('/#/wx/tabbar1/index');

  await chatWith(a.page, bob);
  await say(a.page, 'hello bob');
  await say(a.page, '<b>not bold</b>');

  // Bob's list shows the chat with two unread, in both tabs, without a reload.
  for (const page of [b.page, bobsOtherTab]) {
    await expect.poll(() => messageTab(page).getAttribute('aria-describedby')).toBeTruthy();
    await page
      .getByRole('button', { name: 'Alice' })
      .or(page.getByRole('link', { name: 'Alice' }))
      .first()
      .waitFor();
  }
  await b.page
    .getByRole('button', { name: 'Alice' })
    .or(b.page.getByRole('link', { name: 'Alice' }))
    .first()
    .click();
  await log(b.page).getByText('hello bob').waitFor();
  // HTML is shown as text.
  await log(b.page).getByText('<b>not bold</b>').waitFor();

  // Reading in one tab clears the badge in the other.
  await expect.poll(() => messageTab(bobsOtherTab).getAttribute('aria-describedby')).toBeFalsy();

  await say(b.page, 'hi alice');
  await log(a.page).getByText('hi alice').waitFor();
  await a.context.close();
  await b.context.close();
});

test('a message goes over the open socket, acknowledged there, with no HTTP send', async () => {
  const [alice, bob] = await friends(stage.server.url);
  const a = await signedIn(alice);
  const frames: string[] = [];
  a.page.on('websocket', (socket) =>
    socket.on('framereceived', ({ payload }) => frames.push(String(payload))),
  );
  const httpSends: string[] = [];
  a.page.on('request', (request) => {
    if (request.url().endsWith('/chat/sendMsg')) httpSends.push(request.url());
  });
  await chatWith(a.page, bob);
  // The page's socket may have opened before the listener: a reload opens the one it watches.
  await a.page.reload();
  // Ready: sends go over the socket from now on (before it, over HTTP).
  await expect.poll(() => frames.some((frame) => frame.includes('"SOCKET_READY"'))).toBe(true);
  await say(a.page, 'over the socket');
  await log(a.page).getByText('over the socket').waitFor();
  await expect.poll(() => frames.some((frame) => frame.startsWith('{"type":"ack"'))).toBe(true);
  await delivered(a.page);
  expect(httpSends).toEqual([]);

  const b = await signedIn(bob);
  await chatWith(b.page, alice);
  await log(b.page).getByText('over the socket').waitFor();
  await a.context.close();
  await b.context.close();
});

test('bob comes back after 20 messages and shows all of them once, in order', async () => {
  const [alice, bob] = await friends(stage.server.url);
  const a = await signedIn(alice);
  await chatWith(a.page, bob);
  const sent = Array.from({ length: 20 }, (_, i) => `catch-up ${String(i + 1).padStart(2, '0')}`);
  for (const text of sent) await say(a.page, text);
  await log(a.page).getByText(sent.at(-1)!).waitFor();

  const b = await signedIn(bob);
  await chatWith(b.page, alice);
  await log(b.page).getByText(sent.at(-1)!).waitFor();
  // Read from the chat's very first row (the "now friends" notice): no older page arrives meanwhile.
  expect(await readWholeLog(b.page, /^catch-up \d\d$/, 'You are now friends. Start chatting!')).toEqual(sent);
  await a.context.close();
  await b.context.close();
});

test('with the server down a send fails visibly, also on a retry; once it is back it is delivered exactly once', async () => {
  const [alice, bob] = await friends(stage.server.url);
  const a = await signedIn(alice);
  await chatWith(a.page, bob);
  await say(a.page, 'before the outage');
  await log(a.page).getByText('before the outage').waitFor();
  // Delivered before the outage: the send answered (neither sending nor failed).
  await delivered(a.page);

  await stage.server.halt();
  await say(a.page, 'sent during the outage');
  await a.page.getByRole('button', { name: 'Resend' }).waitFor();
  await log(a.page).getByText('Failed to send, please check network').waitFor();

  // A tap while the server is still down tries again and fails visibly again.
  const resend = a.page.getByRole('button', { name: 'Resend' });
  const failedAgain = a.page.waitForEvent('requestfailed', (r) => r.url().endsWith('/chat/sendMsg'));
  await resend.click();
  await failedAgain;
  await resend.waitFor();

  // Once the server is back, the reconnect sends it again (a tap racing it changes nothing).
  await stage.server.resume();
  await expect.poll(() => resend.count(), { timeout: 15_000 }).toBe(0);

  const b = await signedIn(bob);
  await chatWith(b.page, alice);
  await log(b.page).getByText('sent during the outage').waitFor();
  expect(await log(b.page).getByText('sent during the outage').count()).toBe(1);
  await a.context.close();
  await b.context.close();
});

test('a message sent while the server is unreachable survives a reload and is delivered once', async () => {
  const [alice, bob] = await friends(stage.server.url);
  const a = await signedIn(alice);
  await chatWith(a.page, bob);
  await say(a.page, 'before the outage');
  await log(a.page).getByText('before the outage').waitFor();
  await delivered(a.page);

  await stage.server.halt();
  await say(a.page, 'written offline');
  await log(a.page).getByText('written offline').waitFor();
  // Its send was tried (and failed), so it is on the device: the outbox is written before sending.
  await a.page.getByRole('button', { name: 'Resend' }).waitFor();
  // The page goes away before the server is back (a reload in the outage cannot load the app).
  await a.page.close();
  await stage.server.resume();
  const again = await a.context.newPage();
  await chatWith(again, bob);
  await log(again).getByText('written offline').waitFor();
  await expect.poll(() => again.getByRole('button', { name: 'Resend' }).count(), { timeout: 15_000 }).toBe(0);

  const b = await signedIn(bob);
  await chatWith(b.page, alice);
  await log(b.page).getByText('written offline').waitFor();
  expect(await log(b.page).getByText('written offline').count()).toBe(1);
  await a.context.close();
  await b.context.close();
});

async function sendPhoto(page: Page) {
  const png = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#3a7' } })
    .png()
    .toBuffer();
  await page.getByRole('button', { name: 'More' }).click();
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Album' }).click();
  await (await chooser).setFiles({ name: 'photo.png', mimeType: 'image/png', buffer: png });
}

async function sendLocation(page: Page) {
  await page.getByRole('button', { name: 'More' }).click();
  await page.getByRole('button', { name: 'Location' }).click();
  await page.getByRole('button', { name: 'Send location' }).click();
  await page.getByText('Please select a location').waitFor();
  await page.getByRole('textbox', { name: 'Location name' }).fill('West Lake');
  await page.getByRole('button', { name: 'Send location' }).click();
}

test('an image and a location render for both', async () => {
  const [alice, bob] = await friends(stage.server.url);
  const where = { geolocation: { latitude: 30.25, longitude: 120.15 }, permissions: ['geolocation'] };
  const a = await signedIn(alice, where);
  const b = await signedIn(bob);
  await chatWith(a.page, bob);
  await chatWith(b.page, alice);

  await sendPhoto(a.page);
  await sendLocation(a.page);

  for (const page of [a.page, b.page] as const) {
    const image = log(page).getByRole('button', { name: 'Image' }).last();
    await image.waitFor();
    await expect
      .poll(() => image.locator('img').evaluate((img: HTMLImageElement) => img.naturalWidth))
      .toBeGreaterThan(0);
    const map = log(page).getByRole('link', { name: /West Lake/ });
    await map.waitFor();
    expect(await map.getAttribute('href')).toContain('30.25');
  }
  await a.context.close();
  await b.context.close();
});

/** A finger drawn across `row` from its right part leftwards by `dx` px. */
async function swipeLeft(page: Page, row: ReturnType<Page['getByRole']>, dx: number) {
  const box = await row.boundingBox();
  if (!box) throw new Error('swipeLeft: the row is not on screen');
  const from = { x: box.x + box.width - 40, y: box.y + box.height / 2 };
  await drag(page, from, { x: from.x - dx, y: from.y });
}

test('a swipe on a chat row reveals its actions; Pin moves the chat to the top', async () => {
  const [alice, bob] = await friends(stage.server.url);
  const carol = await seed(stage.server.url).user('carol', { nickName: 'Carol' });
  await seed(stage.server.url).befriend(alice, carol);
  const a = await signedIn(alice);
  await chatWith(a.page, bob);
  await say(a.page, 'older chat');
  await log(a.page).getByText('older chat').waitFor();
  await chatWith(a.page, carol);
  await say(a.page, 'newer chat');
  await log(a.page).getByText('newer chat').waitFor();

  await a.page.goto('/#/wx/tabbar1/index');
  const chats = a.page.getByRole('list', { name: 'Message' });
  // Each row is a link named by its chat (aria-labelledby).
  const names = () =>
    chats
      .getByRole('link')
      .evaluateAll((links) =>
        links.map((link) => document.getElementById(link.getAttribute('aria-labelledby') ?? '')?.textContent),
      );
  await expect.poll(names).toEqual(['Carol', 'Bob']);
  // The swipe buttons are not in the accessibility tree while the row is closed.
  expect(await a.page.getByRole('button', { name: 'Pin', exact: true }).count()).toBe(0);

  const bobsRow = chats.getByRole('link', { name: 'Bob' });
  await swipeLeft(a.page, bobsRow, 200);
  const pin = a.page.getByRole('button', { name: 'Pin', exact: true });
  await pin.waitFor();
  // A swipe neither opens the chat nor the long-press sheet.
  expect(a.page.url()).toMatch(/#\/wx\/tabbar1\/index/);
  expect(await a.page.getByRole('dialog').count()).toBe(0);

  // At once, as a quick finger does: the swipe must not leave a fling that eats this tap.
  await pin.tap();
  await expect.poll(names).toEqual(['Bob', 'Carol']);
  await expect
    .poll(() =>
      bobsRow.getAttribute('aria-describedby').then((id) => a.page.locator(`[id="${id}"]`).textContent()),
    )
    .toContain('Pinned');
  await expect.poll(() => pin.count()).toBe(0);
  await a.context.close();
});

/**
 * The texts of every message the chat store on this browser holds (IndexedDB), or null when
 * there is no store. Read without creating one: opening a missing database would make it.
 */
const storedTexts = (page: Page): Promise<string[] | null> =>
  page.evaluate(async () => {
    const name = 'paichat-chat';
    if (!(await indexedDB.databases()).some((d) => d.name === name)) return null;
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const request = indexedDB.open(name);
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
    try {
      if (!db.objectStoreNames.contains('messages')) return [];
      const records = await new Promise<unknown[]>((resolve, reject) => {
        const request = db.transaction('messages').objectStore('messages').getAll();
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => reject(request.error);
      });
      return records.map((record) => JSON.stringify(record));
    } finally {
      db.close();
    }
  });

test('signing out, or the session ending, leaves none of the chats in the browser', async () => {
  const people = seed(stage.server.url);
  const carol = await people.user('carol', { nickName: 'Carol' });
  const dave = await people.user('dave', { nickName: 'Dave' });
  await people.befriend(carol, dave);

  // Signed out on purpose: Me → Sign out.
  const c = await signedIn(carol);
  await chatWith(c.page, dave);
  await say(c.page, 'the secret plans');
  await expect.poll(async () => (await storedTexts(c.page))?.join()).toContain('the secret plans');
  await c.page.goto('/#/wx/tabbar4/index');
  await c.page.getByRole('button', { name: 'Sign out' }).click();
  await c.page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
  await c.page.getByRole('button', { name: 'Log in' }).waitFor();
  await expect.poll(() => storedTexts(c.page)).toBeNull();
  await c.context.close();

  // The session ends on the server (signed out from elsewhere): the open page lets go of it too.
  const token = await people.login(dave.chatNo);
  const d = await signedIn({ token });
  await chatWith(d.page, carol);
  await log(d.page).getByText('the secret plans').waitFor();
  await expect.poll(async () => (await storedTexts(d.page))?.join()).toContain('the secret plans');
  const revoked = await fetch(`${stage.server.url}/auth/logout`, {
    method: 'POST',
    headers: { Authorization: token },
  });
  expect(revoked.status).toBe(200);
  await d.page.getByRole('button', { name: 'Log in' }).waitFor();
  await expect.poll(() => storedTexts(d.page)).toBeNull();
  await d.context.close();
});
