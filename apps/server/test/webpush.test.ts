/**
 * Web Push on the real server, on every database, against a local push service that speaks the
 * protocol (support/fakePushService.ts: VAPID verified, bodies decrypted as a browser would):
 * subscriptions are validated, a message wakes a recipient with no socket open but not one
 * with a socket, nor one who muted the chat; a friend request wakes too; previews off leave
 * the sender and the text out; a subscription the push service calls gone is removed.
 */
import type { WebPushPayload } from '@paichat/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as } from './support/api';
import { befriend, sendText, sessionWith } from './support/chats';
import { startFakePushService, type FakePushService, type FakeSubscription } from './support/fakePushService';
import { groupsClient } from './support/groups';
import { seed, type SeededUser } from './support/seed';
import { availableDialects, startTestServer, type TestServer } from './support/server';
import { until } from './support/until';
import { TestSocket } from './support/ws';

const dialects = await availableDialects();

describe.each(dialects)('web push on %s', (dialect) => {
  let server: TestServer;
  let pushService: FakePushService;
  beforeAll(async () => {
    pushService = await startFakePushService();
    server = await startTestServer(dialect, { env: { PUSH_LOCAL_ENDPOINTS: 'on' } });
  });
  afterAll(async () => {
    await server.close();
    await pushService.close();
  });

  const subscribe = (user: SeededUser, subscription: { endpoint: string; keys: unknown }, preview = true) =>
    as(server.url, user).post('/push/subscribe', { ...subscription, preview });

  /** A device of `user` that allowed notifications. */
  async function device(user: SeededUser, preview = true): Promise<FakeSubscription> {
    const subscription = pushService.subscription();
    const { body } = await subscribe(user, subscription, preview);
    expect(body.code, body.msg).toBe(200);
    return subscription;
  }

  const subscriptionRows = (endpoint: string) =>
    server.running.app.paichat.db
      .selectFrom('push_subscriptions')
      .selectAll()
      .where('endpoint', '=', endpoint)
      .execute();

  it('refuses a subscription without an https push service or with keys nothing can be encrypted to', async () => {
    const amy = await seed(server.url).user('amy');
    const good = pushService.subscription();
    const refusals: [unknown, string][] = [
      [{ ...good, endpoint: 'not a url' }, 'endpoint'],
      [{ ...good, endpoint: 'http://push.example.com/x' }, 'https'],
      [{ ...good, endpoint: 'https://10.1.2.3/push' }, 'public push service'],
      [{ ...good, endpoint: 'https://192.168.1.5/push' }, 'public push service'],
      [{ ...good, keys: { ...good.keys, p256dh: 'abc' } }, 'P-256'],
      // The right length, but no point on the curve.
      [{ ...good, keys: { ...good.keys, p256dh: `B${'A'.repeat(86)}` } }, 'P-256'],
      [{ ...good, keys: { ...good.keys, auth: 'short' } }, 'auth secret'],
    ];
    for (const [subscription, words] of refusals) {
      const { status, body } = await subscribe(amy, subscription as FakeSubscription);
      expect(status, JSON.stringify(subscription)).toBe(400);
      expect(body.msg).toContain(words);
    }
    expect(await subscriptionRows(good.endpoint)).toHaveLength(0);
  });

  it('wakes a recipient with no socket: encrypted, signed with the server VAPID key, the chat, sender and text', async () => {
    const [amy, bob] = [
      await seed(server.url).user('amy', { nickName: 'Amy Lin' }),
      await seed(server.url).user('bob'),
    ];
    await befriend(server.url, amy, bob);
    const phone = await device(bob);

    const sent = await sendText(server.url, amy, bob, 'The trail starts at the north gate');
    const push = await pushService.nextPush(phone.id, 1);
    expect(push.payload).toEqual({
      type: 'message',
      chatId: sent.chatId,
      sender: 'Amy Lin',
      msgType: 'TEXT',
      text: 'The trail starts at the north gate',
    } satisfies WebPushPayload);
    const { body } = await as(server.url, bob).get<{ publicKey: string }>('/push/vapidKey');
    expect(push.vapid).toMatchObject({ publicKey: body.data.publicKey, aud: pushService.origin });
    expect(push).toMatchObject({ ttl: 86_400, urgency: 'high', topic: `chat${sent.chatId}` });
    expect(pushService.problems).toEqual([]);
    const [row] = await subscriptionRows(phone.endpoint);
    expect(row?.last_success_at).not.toBeNull();
  });

  it('leaves out the sender and the text when the device does not allow previews', async () => {
    const [amy, bob] = [await seed(server.url).user('amy'), await seed(server.url).user('bob')];
    await befriend(server.url, amy, bob);
    const phone = await device(bob, false);

    const sent = await sendText(server.url, amy, bob, 'my new PIN is 4721');
    const push = await pushService.nextPush(phone.id, 1);
    expect(push.payload).toEqual({ type: 'message', chatId: sent.chatId });
  });

  it('does not wake someone with a socket open, nor for a chat they muted', async () => {
    const [amy, bob, cat, dan] = [
      await seed(server.url).user('amy'),
      await seed(server.url).user('bob'),
      await seed(server.url).user('cat'),
      await seed(server.url).user('dan'),
    ];
    await befriend(server.url, amy, bob);
    await befriend(server.url, amy, cat);
    await befriend(server.url, dan, cat);
    const [bobPhone, catPhone] = [await device(bob), await device(cat)];
    const socket = await TestSocket.forSession(server.url, bob.token);
    await socket.opened();
    const muted = await sessionWith(server.url, cat, amy);
    const { body } = await as(server.url, cat).post('/chat/setDisturb', {
      chatId: muted.chatId,
      isDisturb: 'Y',
    });
    expect(body.code, body.msg).toBe(200);

    await sendText(server.url, amy, bob, 'you are online');
    await sendText(server.url, amy, cat, 'you muted me');
    // Wake-ups are looked up in order: once this one arrives, the two before were decided.
    await sendText(server.url, dan, cat, 'not muted');
    const push = await pushService.nextPush(catPhone.id, 1);
    expect(push.payload).toMatchObject({ text: 'not muted' });
    expect(pushService.pushesTo(catPhone.id)).toHaveLength(1);
    expect(pushService.pushesTo(bobPhone.id)).toHaveLength(0);

    // Once the socket is gone, bob is woken again.
    socket.ws.close();
    await socket.closed;
    await until(
      async () =>
        (
          await server.running.app.paichat.db
            .selectFrom('sockets')
            .select('id')
            .where('user_id', '=', Number(bob.userId))
            .where('opened_at', 'is not', null)
            .execute()
        ).length === 0,
      "bob's socket row to go",
    );
    await sendText(server.url, amy, bob, 'now you are away');
    expect((await pushService.nextPush(bobPhone.id, 1)).payload).toMatchObject({ text: 'now you are away' });
  });

  it('wakes the members of a group but its sender, named by the group', async () => {
    const groups = groupsClient(server.url);
    const [amy, bob, cat] = await groups.users('amy', 'bob', 'cat');
    await groups.befriend(amy, bob);
    await groups.befriend(amy, cat);
    const group = await groups.create(amy, [bob, cat], 'Hikers');
    const [amyPhone, bobPhone] = [await device(amy), await device(bob)];

    const sent = await groups.send(amy, group.group.groupId, 'North gate at eight');
    const push = await pushService.nextPush(bobPhone.id, 1);
    expect(push.payload).toEqual({
      type: 'message',
      chatId: sent.chatId,
      sender: amy.nickName,
      group: 'Hikers',
      msgType: 'TEXT',
      text: 'North gate at eight',
    } satisfies WebPushPayload);
    expect(push.urgency).toBe('normal');
    expect(pushService.pushesTo(amyPhone.id)).toHaveLength(0);
  });

  it('wakes someone a friend request is for', async () => {
    const [eve, fay] = [
      await seed(server.url).user('eve', { nickName: 'Eve' }),
      await seed(server.url).user('fay'),
    ];
    const phone = await device(fay);
    const found = await as(server.url, eve).get<{ ref: string }>('/friend/search', { chatNo: fay.chatNo });
    const { body } = await as(server.url, eve).post('/friend/apply', {
      userId: fay.userId,
      ref: found.body.data.ref,
    });
    expect(body.code, body.msg).toBe(200);
    const push = await pushService.nextPush(phone.id, 1);
    expect(push.payload).toEqual({ type: 'friendRequest', sender: 'Eve' } satisfies WebPushPayload);
    expect(push.topic).toBe('friends');
  });

  it('removes a subscription the push service says is gone (410), and one of a device signed out', async () => {
    const [amy, bob] = [await seed(server.url).user('amy'), await seed(server.url).user('bob')];
    await befriend(server.url, amy, bob);
    const laptop = { ...bob, token: await seed(server.url).login(bob.chatNo) };
    const [gone, kept] = [await device(laptop), await device(bob)];
    pushService.answer(gone.id, 410);

    await sendText(server.url, amy, bob, 'one');
    await pushService.nextPush(kept.id, 1);
    await until(
      async () => (await subscriptionRows(gone.endpoint)).length === 0,
      'the expired subscription to go',
    );

    const { body } = await as(server.url, bob).post('/auth/logout', {});
    expect(body.code, body.msg).toBe(200);
    expect(await subscriptionRows(kept.endpoint)).toHaveLength(0);
  });

  it('keeps one subscription per device (a renewed one replaces the last), and forgets it on unsubscribe', async () => {
    const amy = await seed(server.url).user('amy');
    const old = await device(amy);
    const phone = await device(amy);
    expect(await subscriptionRows(old.endpoint)).toHaveLength(0);
    expect(await subscriptionRows(phone.endpoint)).toHaveLength(1);
    const { body } = await as(server.url, amy).post('/push/unsubscribe', { endpoint: phone.endpoint });
    expect(body.code, body.msg).toBe(200);
    expect(await subscriptionRows(phone.endpoint)).toHaveLength(0);
  });
});
