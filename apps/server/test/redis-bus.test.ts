/**
 * The Redis bus on a real Redis: routing by user (a node hears only the users it holds),
 * one message per socket-holding node, and recovery after Redis itself restarts.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { BusEvent } from '../src/realtime/bus';
import { RedisBus, decode, encode } from '../src/realtime/redis-bus';
import { STEP_MS, budget } from './support/budget';
import { OwnRedis, hasRedisServer, redisAvailable, redisEnv } from './support/redis';
import { until } from './support/until';

const quiet = { warn() {}, error() {}, info() {} };
const buses: RedisBus[] = [];
afterEach(async () => {
  await Promise.all(buses.splice(0).map((bus) => bus.close()));
});

function node(url: string, prefix: string, nodeId: string): { bus: RedisBus; seen: BusEvent[] } {
  const bus = new RedisBus({ url, prefix, nodeId, log: quiet });
  buses.push(bus);
  const seen: BusEvent[] = [];
  bus.subscribe((event) => seen.push(event));
  return { bus, seen };
}

const ready = (bus: RedisBus) => until(() => bus.health() === 'ok', 'the bus to connect');

/** Two connected nodes of a deployment of their own on the tests' Redis. */
async function twoNodes(url?: string) {
  const env = redisEnv(url);
  const pair = [node(env.REDIS_URL, env.REDIS_PREFIX, 'a'), node(env.REDIS_URL, env.REDIS_PREFIX, 'b')];
  await Promise.all(pair.map((n) => ready(n.bus)));
  return pair as [ReturnType<typeof node>, ReturnType<typeof node>];
}

describe('the Redis bus message format', () => {
  it('carries every event through a user channel unchanged', () => {
    const events: BusEvent[] = [
      { type: 'push', userIds: ['7'], payload: '{"pushType":"MSG","text":"a\\nb|c"}' },
      { type: 'push', userIds: ['7'], payload: '{}', exceptSessionIds: ['3', '4'] },
      { type: 'closeSession', userId: '7', sessionId: '12', code: 4002, reason: 'Signed out\nnow' },
      { type: 'closeSockets', userId: '7', socketIds: ['5', '6'], code: 4009, reason: 'Too many' },
    ];
    for (const event of events) {
      const [users, message] = encode(event);
      expect(users).toEqual(['7']);
      expect(decode('7', message)).toEqual(event);
    }
    expect(decode('7', 'x1\n2\n3')).toBeNull();
    expect(decode('7', 'p')).toBeNull();
  });
});

describe.runIf(await redisAvailable())('the Redis bus', () => {
  it('sends an event only to the nodes that hold its users, once per node', async () => {
    const [a, b] = await twoNodes();
    await a.bus.watch('1');
    await b.bus.watch('2');
    // A second socket of user 2 on b: still one message to b.
    await b.bus.watch('2');
    await a.bus.watch('2');

    await a.bus.publish({ type: 'push', userIds: ['1', '2', '3'], payload: '{"n":1}' });
    await b.bus.publish({ type: 'closeSession', userId: '1', sessionId: '9', code: 4002, reason: 'bye' });
    await until(() => a.seen.length === 3 && b.seen.length === 1, 'the events');
    expect(b.seen).toEqual([{ type: 'push', userIds: ['2'], payload: '{"n":1}' }]);
    expect(a.seen).toEqual(
      expect.arrayContaining([
        { type: 'push', userIds: ['1'], payload: '{"n":1}' },
        { type: 'push', userIds: ['2'], payload: '{"n":1}' },
        { type: 'closeSession', userId: '1', sessionId: '9', code: 4002, reason: 'bye' },
      ]),
    );

    // b lets one of user 2's sockets go: still subscribed; then the other: no longer.
    b.bus.unwatch('2');
    await a.bus.publish({ type: 'push', userIds: ['2'], payload: '"two"' });
    await until(() => b.seen.length === 2, 'the push to the remaining socket');
    b.bus.unwatch('2');
    a.bus.unwatch('2');
    await a.bus.publish({ type: 'push', userIds: ['2'], payload: '"three"' });
    await a.bus.publish({ type: 'push', userIds: ['1'], payload: '"barrier"' });
    await until(() => a.seen.some((e) => e.type === 'push' && e.payload === '"barrier"'), 'the barrier');
    expect(b.seen).toHaveLength(2);
    expect(a.seen.filter((e) => e.type === 'push' && e.payload === '"three"')).toEqual([]);
  });

  it('keeps the order of one publisher’s events to one user', async () => {
    const [a, b] = await twoNodes();
    await b.bus.watch('1');
    await b.bus.watch('2');
    for (let i = 0; i < 500; i += 1)
      void a.bus.publish({ type: 'push', userIds: i % 2 ? ['1', '2'] : ['1'], payload: String(i) });
    await until(() => b.seen.filter((e) => e.type === 'push' && e.userIds[0] === '1').length === 500, 'all');
    const forOne = b.seen.filter((e) => e.type === 'push' && e.userIds[0] === '1');
    expect(forOne.map((e) => (e.type === 'push' ? Number(e.payload) : -1))).toEqual(
      Array.from({ length: 500 }, (_, i) => i),
    );
  });
});

describe.runIf(hasRedisServer)('the Redis bus when Redis restarts', () => {
  it(
    'subscribes again and tells the gateway to reset its sockets; a node without Redis keeps going',
    async () => {
      const redis = await OwnRedis.start();
      try {
        const [a, b] = await twoNodes(redis.url);
        let resets = 0;
        b.bus.onMissed(() => (resets += 1));
        await b.bus.watch('1');
        await a.bus.publish({ type: 'push', userIds: ['1'], payload: '"before"' });
        await until(() => b.seen.length === 1, 'the first push');
        const resetsBefore = resets;

        await redis.kill();
        await until(() => b.bus.health() === 'down', 'the bus to notice');
        // Publishing and watching do not wait for Redis while it is away.
        await a.bus.publish({ type: 'push', userIds: ['1'], payload: '"during"' });
        await b.bus.watch('2');

        await redis.start();
        await until(() => resets > resetsBefore, 'the reset after recovery');
        await ready(a.bus);
        await a.bus.publish({ type: 'push', userIds: ['1'], payload: '"after-1"' });
        await a.bus.publish({ type: 'push', userIds: ['2'], payload: '"after-2"' });
        await until(
          () => b.seen.some((e) => e.type === 'push' && e.payload === '"after-2"'),
          'pushes after recovery',
        );
        expect(b.seen.some((e) => e.type === 'push' && e.payload === '"after-1"')).toBe(true);
      } finally {
        await Promise.all(buses.splice(0).map((bus) => bus.close()));
        await redis.kill();
      }
    },
    budget(STEP_MS.redis, STEP_MS.redis, STEP_MS.requests),
  );
});
