/**
 * New-message notifications (Web Push) end to end: Chromium with the notifications permission
 * granted, the person turns them on in Settings, the app subscribes with the server's VAPID
 * key and the server stores the subscription; with the page closed, a friend's message reaches
 * a push service that speaks the protocol, encrypted and signed, with the sender and the text.
 *
 * Chromium's own push service (FCM) is unreachable here, so PushManager.subscribe answers a
 * subscription of the local fake push service (apps/server/test/support/fakePushService.ts),
 * whose keys the fake holds to decrypt what arrives: everything else is the app's real code.
 */
import Database from 'better-sqlite3';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { useStage } from '../support/stage';
import { sendText } from '../../apps/server/test/support/chats';
import { startFakePushService, type FakePushService } from '../../apps/server/test/support/fakePushService';
import { seed } from '../../apps/server/test/support/seed';
import { until } from '../../apps/server/test/support/until';

const stage = useStage({ PUSH_LOCAL_ENDPOINTS: 'on' });
let pushService: FakePushService;
beforeAll(async () => {
  pushService = await startFakePushService();
});
afterAll(() => pushService.close());

/** Rows of the server's embedded database, read beside it. */
function rows<T>(query: string, ...params: unknown[]): T[] {
  const db = new Database(join(stage.server.dataDir, 'paichat.db'), { readonly: true });
  try {
    return db.prepare(query).all(...params) as T[];
  } finally {
    db.close();
  }
}

test('notifications turned on in Settings: with the app closed, a message arrives at the push service', async () => {
  const people = seed(stage.server.url);
  const alice = await people.user('alice', { nickName: 'Alice' });
  const bob = await people.user('bob', { nickName: 'Bob' });
  await people.befriend(alice, bob);
  const device = pushService.subscription();

  const { context, page } = await stage.signedIn(alice, {
    serviceWorkers: 'allow',
    permissions: ['notifications'],
  });
  await context.addInitScript((subscription) => {
    const fake = {
      endpoint: subscription.endpoint,
      options: { applicationServerKey: null, userVisibleOnly: true },
      toJSON: () => ({ endpoint: subscription.endpoint, keys: subscription.keys }),
      unsubscribe: () => Promise.resolve(true),
    };
    PushManager.prototype.subscribe = () => Promise.resolve(fake as unknown as PushSubscription);
  }, device);
  await page.goto('/#/wx/system/index');

  const notifications = (checked: boolean) =>
    page.getByRole('switch', { name: 'New message notifications', checked });
  const preview = (checked: boolean) => page.getByRole('switch', { name: 'Show message preview', checked });
  await preview(false).click();
  await preview(true).waitFor();
  await notifications(false).click();
  // Once the service worker is active (it first caches the build) and the server has the subscription.
  await notifications(true).waitFor();
  await until(
    () =>
      rows('select 1 from push_subscriptions where endpoint = ? and preview = 1', device.endpoint).length ===
      1,
    'the subscription stored with previews',
  );

  // Offline: the page is closed, its socket with it.
  await context.close();
  await until(
    () =>
      rows('select 1 from sockets where user_id = ? and opened_at is not null', Number(alice.userId))
        .length === 0,
    "alice's socket to close",
  );
  const sent = await sendText(stage.server.url, bob, alice, 'Dinner at seven?');
  const push = await pushService.nextPush(device.id, 1);
  expect(push.payload).toEqual({
    type: 'message',
    chatId: sent.chatId,
    sender: 'Bob',
    msgType: 'TEXT',
    text: 'Dinner at seven?',
  });
  expect(push.vapid.aud).toBe(pushService.origin);
  expect(pushService.problems).toEqual([]);
});
