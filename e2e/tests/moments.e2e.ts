import type { Page } from 'playwright-core';
import { expect, test } from 'vitest';
import { useStage } from '../support/stage';
import { pullDown } from '../support/gestures';
import { seed, type SeededUser } from '../../apps/server/test/support/seed';
import { png } from '../../apps/server/test/support/media';

const stage = useStage();

/** Alice, Bob and Carol, new for each test: alice and bob are friends, carol is bob's friend only. */
async function people(): Promise<{ alice: SeededUser; bob: SeededUser; carol: SeededUser }> {
  const people = seed(stage.server.url);
  const alice = await people.user('alice', { nickName: 'Alice' });
  const bob = await people.user('bob', { nickName: 'Bob' });
  const carol = await people.user('carol', { nickName: 'Carol' });
  await people.befriend(alice, bob);
  await people.befriend(bob, carol);
  return { alice, bob, carol };
}

/** Opens the Discover tab and answers the Pi Browser dialog this browser is offered once. */
async function openDiscover(page: Page) {
  await page.goto('/#/wx/tabbar3/index');
  await page.getByRole('button', { name: 'Continue anyway' }).click();
}

/** Posts a moment from the feed's camera button: text, pictures, and who can see it. */
async function post(
  page: Page,
  text: string,
  { pictures = 0, hideFrom }: { pictures?: number; hideFrom?: string } = {},
) {
  await page.getByRole('button', { name: 'Post to Moments' }).click();
  await page.getByRole('textbox', { name: "What's on your mind?" }).fill(text);
  if (pictures > 0) {
    const files = await Promise.all(
      Array.from({ length: pictures }, async (_, i) => ({
        name: `photo-${i}.png`,
        mimeType: 'image/png',
        buffer: await png(64, 48),
      })),
    );
    await page.getByLabel('Add pictures or a video').setInputFiles(files);
    await page
      .getByRole('list', { name: 'Pictures and video' })
      .getByRole('img')
      .nth(pictures - 1)
      .waitFor();
    await page
      .getByRole('status')
      .filter({ hasText: /^Uploaded / })
      .waitFor({ state: 'detached' });
  }
  if (hideFrom) {
    await page.getByRole('button', { name: /^Who can see/ }).click();
    await page.getByRole('radio', { name: /^Don't share/ }).check();
    await page.getByRole('checkbox', { name: hideFrom }).check();
    await page.getByRole('button', { name: 'Done' }).click();
    await page.getByRole('button', { name: /Who can see.*Don't share · Chosen: 1/ }).waitFor();
  }
  await page.getByRole('button', { name: 'Post', exact: true }).click();
  await page.getByRole('article').filter({ hasText: text }).waitFor();
}

const moments = (page: Page) =>
  page.getByRole('navigation').getByRole('button', { name: 'Discover', exact: true });

test('a moment reaches friends live, its likes and comments reach its author, and nobody else sees it', async () => {
  const { alice, bob, carol } = await people();
  const a = await stage.signedIn(alice);
  const b = await stage.signedIn(bob);
  const c = await stage.signedIn(carol);

  // Bob waits on Discover: nothing new yet.
  await openDiscover(b.page);
  const bobsMoments = b.page.getByRole('button', { name: 'Moments' });
  await expect.poll(() => bobsMoments.getAttribute('aria-describedby')).toBeFalsy();

  // Alice posts a picture with a few words.
  await openDiscover(a.page);
  await a.page.getByRole('button', { name: 'Moments' }).click();
  await a.page.getByText('No moments yet').waitFor();
  await post(a.page, 'Sunset at the pier', { pictures: 1 });
  const alicesPost = a.page.getByRole('article', { name: 'Post by Alice' });
  await alicesPost.getByRole('img', { name: 'Picture 1 of 1' }).waitFor();

  // Bob's Moments entry shows alice's avatar with "new posts" without a reload.
  await b.page.getByRole('button', { name: 'Moments', description: 'New posts from friends' }).waitFor();
  await bobsMoments.click();
  const onBobsFeed = b.page
    .getByRole('article', { name: 'Post by Alice' })
    .filter({ hasText: 'Sunset at the pier' });
  await onBobsFeed.getByRole('img', { name: 'Picture 1 of 1' }).waitFor();

  // Alice posts twice more, the first hidden from bob; bob pulls down and gets only the other.
  await post(a.page, 'Not for Bob', { hideFrom: 'Bob' });
  await post(a.page, 'Dinner was great');
  expect(await b.page.getByText('Dinner was great').count()).toBe(0);
  await b.page.mouse.wheel(0, -2000);
  await pullDown(b.page);
  await b.page
    .getByRole('article', { name: 'Post by Alice' })
    .filter({ hasText: 'Dinner was great' })
    .waitFor();
  expect(await b.page.getByText('Not for Bob').count()).toBe(0);

  // Alice goes back to Discover; bob likes and comments on the first post.
  await a.page.goto('/#/wx/tabbar3/index');
  const alicesMoments = a.page.getByRole('button', { name: 'Moments' });
  await expect.poll(() => alicesMoments.getAttribute('aria-describedby')).toBeFalsy();
  await onBobsFeed.getByRole('button', { name: 'Like and comment' }).click();
  await onBobsFeed.getByRole('button', { name: 'Like', exact: true }).click();
  await onBobsFeed.getByText('Bob', { exact: true }).waitFor();
  await onBobsFeed.getByRole('button', { name: 'Like and comment' }).click();
  await onBobsFeed.getByRole('button', { name: 'Comment', exact: true }).click();
  await b.page.getByRole('textbox', { name: 'Comment' }).fill('Beautiful!');
  await b.page.getByRole('button', { name: 'Send' }).click();
  await onBobsFeed.getByRole('list', { name: 'Comments' }).getByText('Beautiful!').waitFor();

  // Alice's Discover entry and tab count them live; her interaction list shows both.
  await a.page.getByRole('button', { name: 'Moments', description: '2 new' }).waitFor();
  await expect.poll(() => moments(a.page).getAttribute('aria-describedby')).toBeTruthy();
  await alicesMoments.click();
  await a.page.getByRole('button', { name: 'Messages' }).click();
  const list = a.page.getByRole('main');
  await list.getByText('liked your moment').waitFor();
  await list.getByText('Beautiful!').waitFor();
  // Opening the list read them: back on Discover, the count is gone.
  await a.page.goto('/#/wx/tabbar3/index');
  await expect.poll(() => alicesMoments.getAttribute('aria-describedby')).toBeFalsy();

  // Bob opens alice's album from her Info page: the posts he may see, by day.
  await b.page.goto(`/#/wx/personInfo/detail?userId=${alice.userId}`);
  await b.page.getByRole('button', { name: 'Moments' }).click();
  await b.page.getByRole('heading', { name: "Alice's album" }).waitFor();
  await b.page.getByRole('button', { name: /Sunset at the pier/ }).waitFor();
  await b.page.getByRole('button', { name: /Dinner was great/ }).waitFor();
  expect(await b.page.getByText('Not for Bob').count()).toBe(0);

  // Carol, bob's friend but not alice's, sees none of it: not the posts, not bob's comment.
  await openDiscover(c.page);
  await c.page.getByRole('button', { name: 'Moments' }).click();
  await c.page.getByText('No moments yet').waitFor();
  expect(await c.page.getByText('Sunset at the pier').count()).toBe(0);
  expect(await c.page.getByText('Beautiful!').count()).toBe(0);
});

test("a friend's post lights the Discover tab wherever the person is, and likes and comments reach the author's open feed", async () => {
  const { alice, bob } = await people();
  const a = await stage.signedIn(alice);
  const b = await stage.signedIn(bob);

  // Alice is on the Message tab; Bob posts.
  await a.page.goto('/#/wx/tabbar1/index');
  await a.page.getByRole('heading', { name: 'Message' }).waitFor();
  await expect.poll(() => moments(a.page).getAttribute('aria-describedby')).toBeFalsy();
  await openDiscover(b.page);
  await b.page.getByRole('button', { name: 'Moments' }).click();
  await post(b.page, 'Fresh bread today');

  // The Discover tab shows a dot (no number) without a reload; opening the feed clears it.
  await a.page
    .getByRole('navigation')
    .getByRole('button', { name: 'Discover', description: 'New activity' })
    .waitFor();
  expect(await moments(a.page).textContent()).not.toMatch(/\d/);
  await openDiscover(a.page);
  await a.page.getByRole('button', { name: 'Moments' }).click();
  await a.page
    .getByRole('article', { name: 'Post by Bob' })
    .filter({ hasText: 'Fresh bread today' })
    .waitFor();
  await a.page.goBack();
  await expect.poll(() => moments(a.page).getAttribute('aria-describedby')).toBeFalsy();

  // Alice posts and starts a comment on Bob's post; Bob likes and comments on hers.
  await a.page.getByRole('button', { name: 'Moments' }).click();
  await post(a.page, 'Rainy Sunday');
  const bobsPost = a.page.getByRole('article', { name: 'Post by Bob' });
  await bobsPost.getByRole('button', { name: 'Like and comment' }).click();
  await bobsPost.getByRole('button', { name: 'Comment', exact: true }).click();
  await a.page.getByRole('textbox', { name: 'Comment' }).fill('Save me a slice');

  await b.page.mouse.wheel(0, -2000);
  await pullDown(b.page);
  const alicesOnBobs = b.page
    .getByRole('article', { name: 'Post by Alice' })
    .filter({ hasText: 'Rainy Sunday' });
  await alicesOnBobs.getByRole('button', { name: 'Like and comment' }).click();
  await alicesOnBobs.getByRole('button', { name: 'Like', exact: true }).click();
  await alicesOnBobs.getByRole('button', { name: 'Like and comment' }).click();
  await alicesOnBobs.getByRole('button', { name: 'Comment', exact: true }).click();
  await b.page.getByRole('textbox', { name: 'Comment' }).fill('Stay dry!');
  await b.page.getByRole('button', { name: 'Send' }).click();

  // Alice's open feed shows them in place, and what she is typing stays.
  const alicesPost = a.page.getByRole('article', { name: 'Post by Alice' });
  await alicesPost.getByLabel('Liked by Bob').waitFor();
  await alicesPost.getByRole('list', { name: 'Comments' }).getByText('Stay dry!').waitFor();
  expect(await a.page.getByRole('textbox', { name: 'Comment' }).inputValue()).toBe('Save me a slice');
  await a.page.getByRole('button', { name: 'Messages', description: '2 new' }).waitFor();
});

test('on a 375 px phone the title bar holds back, title and camera, and the time stays on one line when a post’s menu opens', async () => {
  const { alice } = await people();
  const a = await stage.signedIn(alice);
  await a.page.setViewportSize({ width: 375, height: 740 });
  await a.page.goto('/#/wx/friendsCircle/index');
  await a.page.getByText('No moments yet').waitFor();
  const bar = a.page.locator('header').filter({ has: a.page.getByRole('heading', { name: 'Moments' }) });
  expect(
    await bar.getByRole('button').evaluateAll((buttons) => buttons.map((b) => b.getAttribute('aria-label'))),
  ).toEqual(['Back', 'Post to Moments']);

  await post(a.page, 'Short and sweet');
  const card = a.page.getByRole('article', { name: 'Post by Alice' });
  const time = card.getByRole('button', { name: 'Just now' });
  const oneLine = (await time.boundingBox())?.height ?? 0;
  await card.getByRole('button', { name: 'Like and comment' }).click();
  const menu = card.getByRole('group', { name: 'Like and comment' });
  await menu.getByRole('button', { name: 'Comment' }).waitFor();
  expect((await time.boundingBox())?.height).toBe(oneLine);
  // The menu's buttons each keep icon and word on one line, inside the card.
  for (const button of await menu.getByRole('button').all())
    expect((await button.boundingBox())?.height ?? 99).toBeLessThan(40);
  const cardBox = await card.boundingBox();
  const menuBox = await menu.boundingBox();
  expect(menuBox && cardBox && menuBox.x + menuBox.width <= cardBox.x + cardBox.width).toBe(true);
});
