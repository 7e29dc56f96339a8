/**
 * Web Push on the real server, on every database, against a local push service that speaks the
 * protocol (support/fakePushService.ts: VAPID verified, bodies decrypted as a browser would):
 * subscriptions are validated, a message wakes a recipient with no socket open but not one
 * with a socket, nor one who muted the chat; a friend request wakes too; previews off leave
 * the sender and the text out; a subscription the push service calls gone is removed.
 *
 * Endpoints are addresses users choose, so they are attacked too: a push service that redirects,
 * endpoints whose address (written, or as a name resolves) is inside the server's network, at
 * subscribe time and at send time (the test's resolver answers for `*.push.test` names as an
 * attacker's DNS would), an endpoint that never answers next to another account's pushes, and
 * more devices than an account may have.
 */
import { Writable } from 'node:stream';
import type { WebPushPayload } from '@paichat/protocol';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_SUBSCRIPTIONS_PER_USER } from '../src/modules/webpush/service';
import type { Resolver } from '../src/outbound/fetch';
import { as } from './support/api';
import { befriend, sendText, sessionWith } from './support/chats';
import { startFakePushService, type FakePushService, type FakeSubscription } from './support/fakePushService';
import { groupsClient } from './support/groups';
import { serveHttp, silentListener } from './support/listeners';
import { seed, type SeededUser } from './support/seed';
import { availableDialects, startTestServer, type TestServer } from './support/server';
import { until } from './support/until';
import { TestSocket } from './support/ws';

const dialects = await availableDialects();

/** Addresses inside the server's network, and a name for each that an attacker's DNS points there. */
const INSIDE: [name: string, address: string][] = [
  ['loop', '127.0.0.1'],
  ['lan', '10.0.0.1'],
  ['metadata', '169.254.169.254'],
  ['nat64', '64:ff9b::7f00:1'],
  ['mapped', '::ffff:127.0.0.1'],
];
/** Any public address: no connection is made to it in these tests. */
const PUBLIC_ADDRESS = '93.184.215.14';

/** What the server logged at warn and above, parsed. */
function warnings() {
  const records: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      records.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
      done();
    },
  });
  return { records, logger: pino({ level: 'warn' }, stream) };
}

describe.each(dialects)('web push on %s', (dialect) => {
  let server: TestServer;
  let pushService: FakePushService;
  /** The addresses of `*.push.test` names, as the server's resolver answers them. */
  const dns = new Map<string, string[]>();
  const resolveHost: Resolver = async (hostname) => {
    const addresses = dns.get(hostname);
    if (!addresses)
      throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
    return addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
  };
  const log = warnings();
  beforeAll(async () => {
    pushService = await startFakePushService();
    server = await startTestServer(dialect, {
      env: { PUSH_LOCAL_ENDPOINTS: 'on' },
      resolveHost,
      logger: log.logger,
    });
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

  it('replaces a wake-up for a recalled message with the recall, under the same chat topic and without the text', async () => {
    const [amy, bob] = [
      await seed(server.url).user('amy', { nickName: 'Amy Lin' }),
      await seed(server.url).user('bob'),
    ];
    await befriend(server.url, amy, bob);
    const phone = await device(bob);
    const sent = await sendText(server.url, amy, bob, 'the wrong address');
    const first = await pushService.nextPush(phone.id, 1);

    const { body } = await as(server.url, amy).post('/chat/recallMsg', {
      chatId: sent.chatId,
      msgId: sent.msgId,
    });
    expect(body.code, body.msg).toBe(200);
    const recall = await pushService.nextPush(phone.id, 2);
    expect(recall.payload).toEqual({
      type: 'message',
      chatId: sent.chatId,
      sender: 'Amy Lin',
      msgType: 'RECALL',
    } satisfies WebPushPayload);
    // The push service replaces a push it has not delivered yet by topic; the app's service
    // worker replaces a shown notification by the chat's tag.
    expect(recall.topic).toBe(first.topic);
  });

  it('wakes nobody for a reaction: the next wake-up is the next message', async () => {
    const [amy, bob] = [await seed(server.url).user('amy'), await seed(server.url).user('bob')];
    await befriend(server.url, amy, bob);
    const phone = await device(bob);
    const sent = await sendText(server.url, amy, bob, 'dinner at eight');
    await pushService.nextPush(phone.id, 1);

    const reaction = { chatId: sent.chatId, msgId: sent.msgId, emoji: '👍', clientMsgId: 'thumb' };
    const { body } = await as(server.url, amy).post('/chat/reactMsg', reaction);
    expect(body.code, body.msg).toBe(200);
    await sendText(server.url, amy, bob, 'or nine');
    const second = await pushService.nextPush(phone.id, 2);
    expect(second.payload).toMatchObject({ type: 'message', chatId: sent.chatId, msgType: 'TEXT' });
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

  it('wakes a member who muted the group when a message mentions them, and not a muted member it does not', async () => {
    const groups = groupsClient(server.url);
    const [amy, bob, cat] = await groups.users('amy', 'bob', 'cat');
    await groups.befriend(amy, bob);
    await groups.befriend(amy, cat);
    const group = await groups.create(amy, [bob, cat], 'Climbers');
    const [bobPhone, catPhone] = [await device(bob), await device(cat)];
    for (const member of [bob, cat])
      groups.ok(
        await groups.post(member, '/chat/setDisturb', { chatId: group.group.chatId, isDisturb: 'Y' }),
      );

    groups.ok(
      await groups.post(amy, '/group/sendMsg', {
        groupId: group.group.groupId,
        msgType: 'TEXT',
        content: { text: '@bob bring the rope', mentions: [bob.userId] },
      }),
    );
    expect((await pushService.nextPush(bobPhone.id, 1)).payload).toMatchObject({
      text: '@bob bring the rope',
    });
    // Wake-ups are looked up in order (and this one is another chat's topic): once it arrives,
    // the group's was decided for cat.
    await sendText(server.url, amy, cat, 'just to you');
    expect((await pushService.nextPush(catPhone.id, 1)).payload).toMatchObject({ text: 'just to you' });
    expect(pushService.pushesTo(catPhone.id)).toHaveLength(1);
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

  /** Waits until every push queued so far was sent or given up. */
  const pushesSettled = () => server.running.app.paichat.webPush.idle();

  /** Why each push to the subscription at `endpoint` failed, as the server logged it. */
  async function failures(endpoint: string): Promise<unknown[]> {
    const [row] = await subscriptionRows(endpoint);
    return log.records
      .filter((record) => record.msg === 'web push failed' && record.subscription === row?.id)
      .map((record) => record.reason);
  }

  /** Another sign-in of `user`, as on another device. */
  const anotherDevice = async (user: SeededUser): Promise<SeededUser> => ({
    ...user,
    token: await seed(server.url).login(user.chatNo),
  });

  it('never follows a push service redirect: the address it names gets nothing, and the push fails', async () => {
    const inside = await serveHttp((_request, response) => response.writeHead(201).end());
    const statuses = [302, 303, 307];
    const redirecting = await serveHttp((_request, response) =>
      response
        .writeHead(statuses[redirecting.requests.length - 1] ?? 302, {
          location: `http://127.0.0.1:${inside.port}/internal`,
        })
        .end(),
    );
    try {
      const [amy, bob] = [await seed(server.url).user('amy'), await seed(server.url).user('bob')];
      await befriend(server.url, amy, bob);
      const endpoint = `http://127.0.0.1:${redirecting.port}/push/bob`;
      const { body } = await subscribe(bob, { endpoint, keys: pushService.subscription().keys });
      expect(body.code, body.msg).toBe(200);

      for (const [i, status] of statuses.entries()) {
        await sendText(server.url, amy, bob, `message ${i}`);
        await until(() => redirecting.requests.length === i + 1, `the push answered ${status}`);
        await pushesSettled();
      }
      expect(inside.requests).toEqual([]);
      expect(await failures(endpoint)).toEqual(['redirect', 'redirect', 'redirect']);
      const [row] = await subscriptionRows(endpoint);
      expect(row?.last_success_at).toBeNull();
    } finally {
      await redirecting.close();
      await inside.close();
    }
  });

  it('refuses a push service inside the server network when subscribing, however its address is written or resolves', async () => {
    const listener = await silentListener();
    try {
      const amy = await seed(server.url).user('amy');
      const keys = pushService.subscription().keys;
      for (const [name, address] of INSIDE) dns.set(`${name}.push.test`, [address]);
      const refusals: [string, string][] = [
        [`https://[::]:${listener.port}/push`, 'public push service'],
        [`https://[::ffff:127.0.0.1]:${listener.port}/push`, 'public push service'],
        [`http://[::ffff:127.0.0.1]:${listener.port}/push`, 'https'],
        ...INSIDE.map(([name]): [string, string] => [
          `https://${name}.push.test:${listener.port}/push`,
          'public push service',
        ]),
        [`https://unknown.push.test:${listener.port}/push`, 'not found'],
      ];
      for (const [endpoint, words] of refusals) {
        const { status, body } = await subscribe(amy, { endpoint, keys });
        expect(status, endpoint).toBe(400);
        expect(body.msg, endpoint).toContain(words);
        expect(await subscriptionRows(endpoint)).toHaveLength(0);
      }
      expect(listener.connections()).toBe(0);
    } finally {
      await listener.close();
    }
  });

  it('refuses it when pushing too: a name that resolves inside since it was subscribed, an address stored before the check', async () => {
    const listener = await silentListener();
    try {
      const [amy, bob] = [await seed(server.url).user('amy'), await seed(server.url).user('bob')];
      await befriend(server.url, amy, bob);
      const keys = pushService.subscription().keys;
      const endpoints: string[] = [];
      // Public while subscribing, inside once a push goes (DNS rebinding).
      for (const [name, address] of INSIDE) {
        const host = `${name}.rebound.push.test`;
        const endpoint = `https://${host}:${listener.port}/push`;
        dns.set(host, [PUBLIC_ADDRESS]);
        const { body } = await subscribe(await anotherDevice(bob), { endpoint, keys });
        expect(body.code, body.msg).toBe(200);
        dns.set(host, [address]);
        endpoints.push(endpoint);
      }
      // Rows from before endpoints were checked this way.
      for (const [i, literal] of ['[::]', '[::ffff:127.0.0.1]'].entries()) {
        const endpoint = `https://${literal}:${listener.port}/push`;
        dns.set(`old${i}.push.test`, [PUBLIC_ADDRESS]);
        const stored = `https://old${i}.push.test/push`;
        const { body } = await subscribe(await anotherDevice(bob), { endpoint: stored, keys });
        expect(body.code, body.msg).toBe(200);
        await server.running.app.paichat.db
          .updateTable('push_subscriptions')
          .set({ endpoint })
          .where('endpoint', '=', stored)
          .execute();
        endpoints.push(endpoint);
      }
      const phone = await device(bob);

      await sendText(server.url, amy, bob, 'where are you?');
      await pushService.nextPush(phone.id, 1);
      await pushesSettled();
      expect(listener.connections()).toBe(0);
      for (const endpoint of endpoints) expect(await failures(endpoint), endpoint).toEqual(['address']);
    } finally {
      await listener.close();
    }
  });

  it("does not hold another account's push behind an endpoint that never answers", async () => {
    const silent = await silentListener();
    try {
      const [amy, bob, cat] = [
        await seed(server.url).user('amy'),
        await seed(server.url).user('bob'),
        await seed(server.url).user('cat'),
      ];
      await befriend(server.url, cat, amy);
      await befriend(server.url, cat, bob);
      const keys = pushService.subscription().keys;
      for (let i = 0; i < 8; i += 1) {
        const endpoint = `http://127.0.0.1:${silent.port}/push/${i}`;
        const { body } = await subscribe(await anotherDevice(amy), { endpoint, keys });
        expect(body.code, body.msg).toBe(200);
      }
      const bobPhone = await device(bob);

      await sendText(server.url, cat, amy, 'are you there?');
      await until(() => silent.connections() > 0, "amy's pushes to be under way");
      await sendText(server.url, cat, bob, 'and you?');
      await pushService.nextPush(bobPhone.id, 1);
      // Bob's push went while every request to amy's endpoint was still waiting for an answer.
      expect(silent.closed()).toBe(0);
    } finally {
      await silent.close();
      await pushesSettled();
    }
  });

  it(`keeps ${MAX_SUBSCRIPTIONS_PER_USER} devices per account: one more replaces the one subscribed longest ago`, async () => {
    const [amy, bob] = [await seed(server.url).user('amy'), await seed(server.url).user('bob')];
    await befriend(server.url, amy, bob);
    const phones: FakeSubscription[] = [];
    for (let i = 0; i <= MAX_SUBSCRIPTIONS_PER_USER; i += 1)
      phones.push(await device(await anotherDevice(bob)));
    const [oldest, ...kept] = phones;
    expect(await subscriptionRows(oldest?.endpoint ?? '')).toHaveLength(0);
    for (const phone of kept) expect(await subscriptionRows(phone.endpoint)).toHaveLength(1);

    await sendText(server.url, amy, bob, 'which one rings?');
    for (const phone of kept) await pushService.nextPush(phone.id, 1);
    await pushesSettled();
    expect(pushService.pushesTo(oldest?.id ?? '')).toHaveLength(0);
  });
});
