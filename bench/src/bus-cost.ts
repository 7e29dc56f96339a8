/**
 * What the Redis bus costs a node per delivered one-to-one message, against the in-process bus:
 * the bus alone, without HTTP, database or sockets around it, so that the difference is not
 * lost in the noise of a shared machine. A message is what a one-to-one send publishes: two
 * pushes (the recipient's and the echo to the sender's devices) of a real message's size. Two
 * Redis buses in this process stand for two nodes (the sender's and the recipient's); the CPU
 * of this process (both halves: publishing and receiving) is divided by the messages delivered.
 * With `--group N` a message is a group message instead: one push to N members, all of them
 * held by the receiving node (a member's delivery is its push reaching that node).
 *
 *   npm run bench:bus -w bench -- --messages 50000 --rate 2000
 *   npm run bench:bus -w bench -- --group 500 --messages 1000 --rate 100
 *
 * Needs a Redis at --redis (default redis://127.0.0.1:6379); channels get a fresh prefix.
 */
import { randomBytes } from 'node:crypto';
import { LocalBus, type Bus, type BusEvent } from '../../apps/server/src/realtime/bus';
import { RedisBus } from '../../apps/server/src/realtime/redis-bus';
import { until } from '../../apps/server/test/support/until';
import { flag } from './stats';

const messages = flag('messages', 50_000);
const rate = flag('rate', 2_000);
const redisAt = process.argv.indexOf('--redis');
const redisUrl = redisAt >= 0 ? (process.argv[redisAt + 1] ?? '') : 'redis://127.0.0.1:6379';
const members = process.argv.includes('--group') ? flag('group', 500) : 0;
const USERS = Math.max(100, members);
const groupIds = Array.from({ length: members }, (_, i) => String(i));
/** Pushes a message makes: a one-to-one send's two (the recipient's and the echo), or one per member. */
const pushesPerMessage = members > 0 ? members : 2;

const quiet = { warn() {}, error() {}, info() {} };
// A text message push as the server publishes it (≈ 600 bytes).
const payload = JSON.stringify({
  pushType: 'MSG',
  msgId: '123456',
  chatId: '42',
  chatType: 'SINGLE',
  seq: 1234,
  clientMsgId: 'local_1732550000000_abcdef',
  msgContent: {
    msgId: '123456',
    chatId: '42',
    seq: 1234,
    clientMsgId: 'local_1732550000000_abcdef',
    fromId: '7',
    toId: '8',
    msgType: 'TEXT',
    talkType: 'SINGLE',
    content: { text: 'bench message with a few words in it, as people write them' },
    createTime: 1732550000000,
    isSelf: false,
    fromNickName: 'Bench user seven',
    fromPortrait: '/file/0123456789abcdef0123456789abcdef.jpg',
  },
  fromInfo: {
    userId: '7',
    nickName: 'Bench user seven',
    portrait: '/file/0123456789abcdef0123456789abcdef.jpg',
  },
  toInfo: { userId: '8', nickName: 'Bench user eight', portrait: '' },
  createTime: 1732550000000,
});

async function measure(name: string, sender: Bus, receiver: Bus): Promise<number> {
  let delivered = 0;
  receiver.subscribe((event: BusEvent) => {
    // What the gateway does before writing to sockets: the bytes of the push.
    if (event.type === 'push') delivered += Buffer.byteLength(event.payload) > 0 ? event.userIds.length : 0;
  });
  for (let u = 0; u < USERS; u += 1) await receiver.watch(String(u));
  const expected = messages * pushesPerMessage;
  const cpuBefore = process.cpuUsage();
  const started = performance.now();
  let sent = 0;
  await new Promise<void>((resolve) => {
    const tick = () => {
      const due = Math.min(messages, Math.floor(((performance.now() - started) / 1000) * rate));
      for (; sent < due; sent += 1) {
        if (members > 0) {
          void sender.publish({ type: 'push', userIds: groupIds, payload });
          continue;
        }
        void sender.publish({ type: 'push', userIds: [String(sent % USERS)], payload });
        void sender.publish({ type: 'push', userIds: [String((sent + 1) % USERS)], payload });
      }
      if (sent >= messages) return resolve();
      setTimeout(tick, 2);
    };
    tick();
  });
  await until(() => delivered >= expected, `${name}: every push delivered`, {
    timeoutMs: 30_000,
    intervalMs: 5,
  });
  const cpu = process.cpuUsage(cpuBefore);
  const perMessage = (cpu.user + cpu.system) / (delivered / pushesPerMessage);
  console.log(
    `${name.padEnd(16)} ${messages} messages (${expected} pushes) at ${rate}/s: delivered ${delivered}, ` +
      `${perMessage.toFixed(1)} µs CPU per message (${(perMessage / pushesPerMessage).toFixed(2)} per push)`,
  );
  return perMessage;
}

const local = new LocalBus();
const localCost = await measure('in-process bus', local, local);
await local.close();

const prefix = `bench${randomBytes(4).toString('hex')}:`;
const a = new RedisBus({ url: redisUrl, prefix, nodeId: 'bench-a', log: quiet });
const b = new RedisBus({ url: redisUrl, prefix, nodeId: 'bench-b', log: quiet });
await until(() => a.health() === 'ok' && b.health() === 'ok', 'both Redis buses to connect', {
  intervalMs: 20,
});
const redisCost = await measure('Redis bus', a, b);
await Promise.all([a.close(), b.close()]);
const added = redisCost - localCost;
const what =
  members > 0 ? `group message (${members} members: ${(added / members).toFixed(2)} µs each)` : 'message';
console.log(`the Redis bus adds ${added.toFixed(1)} µs of CPU per delivered ${what}`);
