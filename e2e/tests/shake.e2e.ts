import { test } from 'vitest';
import { useStage } from '../support/stage';
import { seed } from '../../apps/server/test/support/seed';

const stage = useStage();

/** A street apart on the Bund, in one map cell: "Within 3 km" for both. */
const near = (latitude: number, longitude: number) => ({
  geolocation: { latitude, longitude },
  permissions: ['geolocation'],
});

test('alice and bob press Shake within the window and each sees the other, and bob greets alice', async () => {
  const people = seed(stage.server.url);
  const alice = await people.user('alice', { nickName: 'Alice' });
  const bob = await people.user('bob', { nickName: 'Bob' });
  const a = await stage.signedIn(alice, near(31.2401, 121.4905));
  const b = await stage.signedIn(bob, near(31.2405, 121.4911));
  await a.page.goto('/#/wx/shake/index');
  await b.page.goto('/#/wx/shake/index');

  // Alice shakes first and waits; Bob's shake a moment later finds her at once.
  await a.page.getByRole('button', { name: 'Shake', exact: true }).click();
  await a.page.getByRole('status').getByText('Searching for someone shaking at the same time…').waitFor();
  await b.page.getByRole('button', { name: 'Shake', exact: true }).click();

  const found = (page: typeof a.page) =>
    page.getByRole('region', { name: 'Found someone shaking at the same time' });
  await found(b.page).getByRole('heading', { name: 'Alice' }).waitFor();
  await found(b.page).getByText('Within 3 km').waitFor();
  // Alice learns of Bob by asking for her shake's result.
  await found(a.page).getByRole('heading', { name: 'Bob' }).waitFor();
  await found(a.page).getByText('Within 3 km').waitFor();

  // Greet opens Alice's page for Bob, found by Shake.
  await found(b.page).getByRole('link', { name: 'Greet' }).click();
  await b.page.getByRole('heading', { name: 'Add Friend' }).waitFor();
  await b.page.getByText('Alice', { exact: true }).first().waitFor();
  await b.page.getByRole('button', { name: 'Add to contacts' }).click();
  await b.page.waitForURL(/source=shake/);
});
