/**
 * Message delivery benchmark: the real server (child process, fresh SQLite, CAPTCHA off),
 * U users in friend pairs, each with one socket. Messages are sent over HTTP (keep-alive) at a
 * fixed rate, each to the sender's friend, and received on the recipient's socket. Prints what
 * was sent, delivered, lost, duplicated and out of order, and the latency from the start of
 * the send to its arrival on the recipient's socket.
 *
 *   npm run bench:messages -w bench -- --users 100 --rate 1000 --seconds 10
 *   npm run bench:messages -w bench -- --rate 2000 --max   # steps up from 2000 to the sustainable rate
 *
 * --via socket sends each message as a `send` frame on the sender's open socket and waits for
 * its `ack` (protocol socket.ts) instead of `POST /chat/sendMsg` (--via http, the default).
 *
 * Other flags: --connections (keep-alive connections, default one per user), --in-flight
 * (sends outstanding at most, default 512), --warmup (seconds before each measured run,
 * default 3), --p99-budget (ms, for --max, default 200), --url/--pid (see serverUnderTest in load.ts).
 *
 * The load generator runs on the same machine as the server, so both share its cores.
 * "Lost" is a message the server acknowledged (status '0') that the recipient's socket never
 * received; "out of order" is a push whose seq is below one already seen on that socket for
 * that chat (the client would still sort it by seq); "duplicated" is a msgId seen twice on a
 * recipient's socket. (The sender's own devices get an echo of each message too; the server
 * sends it, the benchmark does not parse it.)
 */
import { seed, type SeededUser } from '../../apps/server/test/support/seed';
import { cpuSeconds, inBatches, jsonClient, openSockets, serverUnderTest } from './load';
import { flag, percentile, rssKiB } from './stats';

const users = Math.max(2, Math.floor(flag('users', 100) / 2) * 2);
const rate = flag('rate', 1000);
const seconds = flag('seconds', 10);
const maxInFlight = flag('in-flight', 512);
/** Keep-alive connections the load generator holds (each user would hold its own). */
const connections = flag('connections', users);
const findMax = process.argv.includes('--max');
const viaAt = process.argv.indexOf('--via');
const via = viaAt >= 0 ? process.argv[viaAt + 1] : 'http';
if (via !== 'http' && via !== 'socket') throw new Error('--via needs http or socket');
/** --max: a rate is sustainable when p99 stays under this and nothing is lost. */
const p99Budget = flag('p99-budget', 200);
/** Seconds of sending before each measured run, not counted (JIT warm-up, SQLite cache). */
const warmupAt = process.argv.indexOf('--warmup');
const warmup = warmupAt >= 0 ? Number(process.argv[warmupAt + 1]) : 3;
if (!Number.isFinite(warmup) || warmup < 0)
  throw new Error('--warmup needs a number of seconds (0 for none)');

interface Account extends SeededUser {
  partner: number;
}

const server = await serverUnderTest({ LOG_LEVEL: 'error' });
const client = jsonClient(server.url, connections);
const { post } = client;

// Setup: accounts, friendships, sockets.

const setupStarted = performance.now();
const accounts: Account[] = [];
await inBatches(
  Array.from({ length: users }, (_, i) => i),
  8,
  async (i) => {
    accounts[i] = { ...(await seed(server.url).user(`bench${i}`)), partner: i % 2 === 0 ? i + 1 : i - 1 };
  },
);
await inBatches(
  accounts.filter((_, i) => i % 2 === 0),
  16,
  (a) => seed(server.url).befriend(a, accounts[a.partner]!),
);

interface Pending {
  started: number;
  recipient: number;
}
/** Sends acknowledged or in flight, by clientMsgId. */
const pending = new Map<string, Pending>();
/** Per recipient: msgIds received (duplicates) and the highest seq per chat (order). */
const seenIds = accounts.map(() => new Set<string>());
const lastSeq = accounts.map(() => new Map<string, number>());
const counters = { delivered: 0, duplicated: 0, outOfOrder: 0, acked: 0, refused: 0, errors: 0 };
let latencies: number[] = [];
/** Send start → HTTP answer. */
let ackLatencies: number[] = [];
const delivered = new Set<string>();
let lastDeliveryAt = 0;

/** Sends over the socket waiting for their ack, by frame id. */
const awaitingAck = new Map<string, (answer: { code: number; data: { status: string } }) => void>();

const sockets = await openSockets(
  server.url,
  accounts.map((a) => a.token),
  (index, data) => {
    const text = data.toString();
    if (text.startsWith('{"type":"ack"')) {
      const ack = JSON.parse(text) as { id: string; code: number; data: { status: string } };
      awaitingAck.get(ack.id)?.(ack);
      awaitingAck.delete(ack.id);
      return;
    }
    // Only what a recipient receives is measured; the sender's own echoes are not parsed.
    if (!text.startsWith('{"pushType":"MSG"') || text.includes('"isSelf":true')) return;
    const push = JSON.parse(text) as { msgId: string; chatId: string; seq: number; clientMsgId?: string };
    const seen = seenIds[index]!;
    if (seen.has(push.msgId)) counters.duplicated += 1;
    seen.add(push.msgId);
    const last = lastSeq[index]!.get(push.chatId) ?? 0;
    if (push.seq < last) counters.outOfOrder += 1;
    else lastSeq[index]!.set(push.chatId, push.seq);
    if (!push.clientMsgId) return;
    const sent = pending.get(push.clientMsgId);
    if (!sent || sent.recipient !== index || delivered.has(push.clientMsgId)) return;
    delivered.add(push.clientMsgId);
    counters.delivered += 1;
    lastDeliveryAt = performance.now();
    latencies.push(lastDeliveryAt - sent.started);
  },
);
// The "now friends" notices arrive before the run starts.
await new Promise((r) => setTimeout(r, 500));
console.log(
  `setup: ${users} users, ${users / 2} friend pairs, ${users} sockets in ${((performance.now() - setupStarted) / 1000).toFixed(1)} s`,
);

// The run.

let counter = 0;
const acked = new Set<string>();

async function sendOne(): Promise<void> {
  const from = Math.floor(Math.random() * users);
  const account = accounts[from]!;
  const to = accounts[account.partner]!;
  const clientMsgId = `local_${(counter += 1)}`;
  pending.set(clientMsgId, { started: performance.now(), recipient: account.partner });
  try {
    const body = {
      userId: to.userId,
      msgType: 'TEXT',
      content: { text: `bench message ${counter}` },
      clientMsgId,
    };
    const answer =
      via === 'socket'
        ? await new Promise<{ code: number; data: { status: string } }>((resolve) => {
            awaitingAck.set(clientMsgId, resolve);
            sockets.send(
              from,
              JSON.stringify({ type: 'send', id: clientMsgId, path: '/chat/sendMsg', body }),
            );
          })
        : await post<{ status: string }>('/chat/sendMsg', account.token, body);
    ackLatencies.push(performance.now() - (pending.get(clientMsgId)?.started ?? 0));
    if (answer.code === 200 && answer.data.status === '0') {
      acked.add(clientMsgId);
      counters.acked += 1;
    } else counters.refused += 1;
  } catch {
    counters.errors += 1;
  }
}

interface Result {
  rate: number;
  sent: number;
  acked: number;
  delivered: number;
  lost: number;
  deliveredPerSecond: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  ackP50: number;
  ackP99: number;
  serverCpu: number;
  generatorCpu: number;
  /** Server CPU time (user + system) per delivered message, in µs: what one core can carry is 1e6 / this. */
  serverCpuPerMessage: number;
}

/** Sends at `target` messages/s for `duration` s (open loop, at most maxInFlight at once). */
async function run(target: number, duration: number): Promise<Result> {
  pending.clear();
  acked.clear();
  delivered.clear();
  latencies = [];
  ackLatencies = [];
  Object.assign(counters, { delivered: 0, duplicated: 0, outOfOrder: 0, acked: 0, refused: 0, errors: 0 });
  let inFlight = 0;
  let issued = 0;
  const cpuBefore = await cpuSeconds(...server.pids);
  const ownBefore = process.cpuUsage();
  const started = performance.now();
  const total = Math.round(target * duration);
  const inFlightDone: Promise<void>[] = [];
  await new Promise<void>((resolve) => {
    const tick = () => {
      const due = Math.min(total, Math.floor(((performance.now() - started) / 1000) * target));
      while (issued < due && inFlight < maxInFlight) {
        issued += 1;
        inFlight += 1;
        inFlightDone.push(sendOne().finally(() => (inFlight -= 1)));
      }
      if (issued >= total) return resolve();
      setTimeout(tick, 2);
    };
    tick();
  });
  await Promise.all(inFlightDone);
  // Let the last pushes arrive.
  const drainUntil = performance.now() + 3000;
  while (counters.delivered < counters.acked && performance.now() < drainUntil)
    await new Promise((r) => setTimeout(r, 20));
  const elapsed = (performance.now() - started) / 1000;
  const cpu = (await cpuSeconds(...server.pids)) - cpuBefore;
  const own = process.cpuUsage(ownBefore);
  latencies.sort((a, b) => a - b);
  ackLatencies.sort((a, b) => a - b);
  return {
    rate: target,
    sent: issued,
    acked: counters.acked,
    delivered: counters.delivered,
    lost: [...acked].filter((id) => !delivered.has(id)).length,
    // From the first send to the last delivery.
    deliveredPerSecond: counters.delivered / Math.max(0.001, (lastDeliveryAt - started) / 1000),
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    max: latencies.at(-1) ?? NaN,
    ackP50: percentile(ackLatencies, 50),
    ackP99: percentile(ackLatencies, 99),
    serverCpu: cpu / elapsed,
    generatorCpu: (own.user + own.system) / 1e6 / elapsed,
    serverCpuPerMessage: (cpu * 1e6) / Math.max(1, counters.delivered),
  };
}

const ms = (v: number) => `${v.toFixed(1)} ms`;
function print(r: Result) {
  console.log(
    `target rate            ${r.rate} msg/s for ${seconds} s (${users} users, ${users / 2} pairs), sent over ${via === 'socket' ? 'the socket' : 'HTTP'}`,
  );
  console.log(
    `messages sent          ${r.sent} (acknowledged ${r.acked}, refused ${counters.refused}, HTTP errors ${counters.errors})`,
  );
  console.log(`delivered              ${r.delivered} (${r.deliveredPerSecond.toFixed(0)} msg/s)`);
  console.log(`lost                   ${r.lost}`);
  console.log(`duplicated             ${counters.duplicated}`);
  console.log(`out of order           ${counters.outOfOrder}`);
  console.log(
    `latency                p50 ${ms(r.p50)}  p95 ${ms(r.p95)}  p99 ${ms(r.p99)}  max ${ms(r.max)}`,
  );
  console.log(`send answered (${via})  p50 ${ms(r.ackP50)}  p99 ${ms(r.ackP99)}`);
  console.log(
    `CPU                    server ${(r.serverCpu * 100).toFixed(0)}%, load generator ${(r.generatorCpu * 100).toFixed(0)}% of one core; server ${r.serverCpuPerMessage.toFixed(0)} µs per message`,
  );
}

try {
  if (warmup > 0) await run(Math.min(rate, 1000), warmup);
  if (!findMax) {
    print(await run(rate, seconds));
  } else {
    // Step the rate up until p99 leaves the budget, something is lost or the rate is not reached.
    let best: Result | null = null;
    for (let target = rate; ; target = Math.round(target * 1.1)) {
      const r = await run(target, seconds);
      const ok = r.lost === 0 && r.p99 <= p99Budget && r.deliveredPerSecond >= target * 0.97;
      console.log(
        `${ok ? 'ok  ' : 'FAIL'} ${target} msg/s → delivered ${r.deliveredPerSecond.toFixed(0)}/s, lost ${r.lost}, p50 ${ms(r.p50)}, p99 ${ms(r.p99)}, server CPU ${(r.serverCpu * 100).toFixed(0)}% (${r.serverCpuPerMessage.toFixed(0)} µs/msg)`,
      );
      if (!ok) break;
      best = r;
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
    if (best) {
      console.log(`\nsustainable: ${best.rate} msg/s (p99 ≤ ${p99Budget} ms, nothing lost)`);
      print(best);
    } else console.log(`\nnot even ${rate} msg/s is sustainable; try a lower --rate`);
  }
  if (server.pid) console.log(`server RSS             ${((await rssKiB(server.pid)) / 1024).toFixed(1)} MiB`);
} finally {
  sockets.close();
  client.close();
  await server.stop();
}
