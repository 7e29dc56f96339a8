import { expect, test } from 'vitest';
import type { BrowserContext } from 'playwright-core';
import type { FriendApply } from '@paichat/protocol';
import { useStage } from '../support/stage';
import { as } from '../../apps/server/test/support/api';
import { seed } from '../../apps/server/test/support/seed';

const stage = useStage();

/** Two places some 400 m apart in Hangzhou, in one map cell. */
const LAKESIDE = { latitude: 30.2741, longitude: 120.1551 };
const GATE = { latitude: 30.2775, longitude: 120.1565 };

/** The browser reports `position`, and the site may read it (as when the person allows it). */
async function locatedAt(context: BrowserContext, position: { latitude: number; longitude: number }) {
  await context.setGeolocation(position);
  await context.grantPermissions(['geolocation'], { origin: stage.server.url });
}

test('two people near each other see each other at a coarse distance; one greets, the other gets the request', async () => {
  const people = seed(stage.server.url);
  const ann = await people.user('ann', { nickName: 'Ann' });
  const bo = await people.user('bo', { nickName: 'Bo' });
  await as(stage.server.url, bo).post('/my/updateInfo', { intro: 'Out for a walk' });
  const a = await stage.signedIn(ann);
  const b = await stage.signedIn(bo);
  await locatedAt(a.context, LAKESIDE);
  await locatedAt(b.context, GATE);

  // Bo opens People Nearby from Discover, reads what is shared, and agrees.
  await b.page.goto('/#/wx/tabbar3/index');
  // Outside the Pi Browser, Discover recommends it once.
  await b.page.getByRole('button', { name: 'Continue anyway' }).click();
  await b.page.getByRole('button', { name: 'People Nearby' }).click();
  await b.page.getByText(/never your exact position/).waitFor();
  await b.page.getByRole('button', { name: 'Share my location' }).click();
  await b.page.getByRole('heading', { name: 'Nobody nearby right now' }).waitFor();

  // Ann does the same and finds Bo, with his bio and only a bucket for the distance.
  await a.page.goto('/#/wx/nearby/index');
  await a.page.getByRole('button', { name: 'Share my location' }).click();
  const boRow = a.page.getByRole('list', { name: 'People Nearby' }).getByRole('link', { name: /Bo/ });
  await boRow.waitFor();
  expect(await boRow.innerText()).toMatch(/Out for a walk[\s\S]*Within 3 km$/);

  // Bo, having agreed before, sees Ann as soon as he opens the page again.
  await b.page.reload();
  await b.page.getByRole('list', { name: 'People Nearby' }).getByRole('link', { name: /Ann/ }).waitFor();
  expect(await b.page.getByRole('button', { name: 'Share my location' }).count()).toBe(0);

  // Ann greets Bo from his page.
  await boRow.click();
  await a.page.getByRole('button', { name: 'Add to contacts' }).click();
  await a.page.getByRole('button', { name: 'Send' }).click();
  await a.page.getByText('Friend request sent').first().waitFor();

  // Bo gets it in New Friends, as a request from People Nearby.
  await b.page.goto('/#/wx/search-friends/index');
  await b.page.getByRole('article', { name: 'Ann' }).getByRole('button', { name: 'Accept' }).waitFor();
  const applies = await as(stage.server.url, bo).get<{ list: FriendApply[] }>('/friend/applyList');
  expect(applies.body.data.list).toEqual([
    expect.objectContaining({ userId: ann.userId, source: 'nearby', direction: 'received' }),
  ]);
});

test('someone who does not allow the location is told it is not enabled and how to allow it', async () => {
  const cy = await seed(stage.server.url).user('cy', { nickName: 'Cy' });
  const c = await stage.signedIn(cy);
  await c.context.setGeolocation(LAKESIDE);
  await c.page.goto('/#/wx/nearby/index');
  await c.page.getByRole('button', { name: 'Share my location' }).click();
  await c.page.getByRole('heading', { name: 'The location is not enabled' }).waitFor();
  await c.page.getByText(/allow location for this site in your browser's site settings/).waitFor();
  const listed = await as(stage.server.url, cy).post('/nearby/list', {});
  expect(listed.body.err).toBe('locationRequired');
});
