/**
 * Group fan-out benchmark: the real server (child process, fresh SQLite, CAPTCHA off), one
 * group of --members users (default 500), each with one open socket. Group messages are sent
 * over HTTP at --rate messages/s from random members while one-to-one messages flow between
 * --pairs friend pairs (taken from the same users) at --pair-rate. Prints the group deliveries
 * per second to connected members, their latency (send start → arrival on a member's socket),
 * what was lost, and the one-to-one latency measured meanwhile.
 *
 *   npm run bench:groups -w bench
 *   npm run bench:groups -w bench -- --members 500 --rate 50 --pair-rate 200 --seconds 10
 *
 * With `--reading on` every member reads what arrives as the web client does: one
 * /chat/markRead at a time per member, up to the newest seq it has (so read receipts have
 * something to derive); the figures add the reads sent, the GROUP_READS notices received and
 * the server's CPU per delivered message. `--receipts off` first turns every member's "Send
 * read receipts" off: the same reads move the same positions, but nothing is derived or pushed
 * from them. `--read-every <ms>` spaces each member's reads (a client that batches them). The
 * difference between the two is the cost of receipts:
 *
 *   npm run bench:groups -w bench -- --rate 40 --pair-rate 1 --reading on --receipts off
 *   npm run bench:groups -w bench -- --rate 40 --pair-rate 1 --reading on
 *
 * Members join through the group's QR code (no friendship needed), so setting up 500 members
 * takes one registration and one join each. A sender's own devices get an echo of each
 * message; it is not counted as a delivery.
 */
import { seed, type SeededUser } from '../../apps/server/test/support/seed';
import { cpuSeconds, inBatches, jsonClient, openSockets, serverUnderTest } from './load';
import { flag, percentile, rssKiB, textFlag } from './stats';

const members = Math.max(3, flag('members', 500));
const rate = flag('rate', 50);
const pairs = Math.max(1, Math.min(Math.floor(members / 2), Math.floor(flag('pairs', 50))));
const pairRate = flag('pair-rate', 200);
const seconds = flag('seconds', 10);
const warmup = flag('warmup', 2);
const reading = textFlag('reading') === 'on';
const receipts = textFlag('receipts') !== 'off';
/** With --reading on: a member's reads at most this often (ms; 0, the default, reads as the web client does). */
const readEvery = Number(textFlag('read-every') ?? 0);

// --url/--pid load a server started by hand: see serverUnderTest in load.ts (it needs CAPTCHA=off, RATE_LIMITS=off).
const server = await serverUnderTest({ LOG_LEVEL: 'error', RATE_LIMITS: 'off' });
const client = jsonClient(server.url, 64);
const { post, must } = client;

// Setup: accounts, friend pairs, the group, sockets.

const setupStarted = performance.now();
const accounts: SeededUser[] = [];
await inBatches(
  Array.from({ length: members }, (_, i) => i),
  8,
  async (i) => {
    accounts[i] = await seed(server.url).user(`fan${i}`);
  },
);
const people = seed(server.url);
/** Pair k is users 2k and 2k+1; user 0 befriends users 1 (pair 0) and 2 to create the group. */
await inBatches(
  Array.from({ length: pairs }, (_, k) => k),
  8,
  async (k) => people.befriend(accounts[2 * k]!, accounts[2 * k + 1]!),
);
await people.befriend(accounts[0]!, accounts[2]!);
const owner = accounts[0]!;
const { group } = await must<{ group: { groupId: string; chatId: string } }>('/group/create', owner.token, {
  userIds: [accounts[1]!.userId, accounts[2]!.userId],
});
const { code } = await must<{ code: string }>('/group/qrCode', owner.token, { groupId: group.groupId });
await inBatches(accounts.slice(3), 4, async (account) => {
  await must('/group/join', account.token, { code });
});
if (!receipts) {
  await inBatches(accounts, 8, async (account) => {
    await must('/my/setReadReceipts', account.token, { readReceipts: false });
  });
}

interface Pending {
  started: number;
  sender: number;
  /** Group: members reached so far. */
  reached: number;
}
const pendingGroup = new Map<string, Pending>();
const pendingPair = new Map<string, Pending>();
let groupLatencies: number[] = [];
let pairLatencies: number[] = [];
const zeroCounts = () => ({
  groupAcked: 0,
  groupRefused: 0,
  pairAcked: 0,
  pairRefused: 0,
  errors: 0,
  delivered: 0,
  reads: 0,
  readErrors: 0,
  receiptNotices: 0,
});
const counters = zeroCounts();
let firstSendAt = 0;
let lastDeliveryAt = 0;
const CLIENT_MSG_ID = /"clientMsgId":"([^"]+)"/;
const SEQ = /"seq":(\d+)/;

/** Each member's reading, as the web client's (store/chat/reads.ts): one request at a time, the newest seq. */
const reads = Array.from({ length: members }, () => ({ wanted: 0, told: 0, busy: false }));
/** Cleared when the figures are printed: members stop reading (a failed read is otherwise sent again). */
let stillReading = reading;
function readUpTo(index: number, seq: number): void {
  const state = reads[index]!;
  if (!stillReading) return;
  state.wanted = Math.max(state.wanted, seq);
  if (state.busy || state.wanted <= state.told) return;
  state.busy = true;
  const target = state.wanted;
  counters.reads += 1;
  post('/chat/markRead', accounts[index]!.token, { chatId: group.chatId, readSeq: target })
    .then(
      () => {
        state.told = target;
      },
      () => {
        counters.readErrors += 1;
      },
    )
    .finally(() => {
      const next = () => {
        state.busy = false;
        readUpTo(index, state.wanted);
      };
      if (readEvery > 0) setTimeout(next, readEvery);
      else next();
    });
}

const sockets = await openSockets(
  server.url,
  accounts.map((a) => a.token),
  (index, data) => {
    // Only the head is read: the clientMsgId sits near the start of a MSG push.
    const head = data.subarray(0, 240).toString();
    if (head.includes('"noticeType":"GROUP_READS"')) counters.receiptNotices += 1;
    if (!head.startsWith('{"pushType":"MSG"')) return;
    if (reading && head.includes('"chatType":"GROUP"')) readUpTo(index, Number(SEQ.exec(head)?.[1] ?? 0));
    const id = CLIENT_MSG_ID.exec(head)?.[1];
    if (!id) return;
    const now = performance.now();
    const group = pendingGroup.get(id);
    if (group) {
      if (group.sender === index) return;
      group.reached += 1;
      counters.delivered += 1;
      lastDeliveryAt = now;
      groupLatencies.push(now - group.started);
      return;
    }
    const pair = pendingPair.get(id);
    if (pair && pair.sender !== index) {
      pendingPair.delete(id);
      pairLatencies.push(now - pair.started);
    }
  },
);
// Let the joining notices drain before measuring.
await new Promise((r) => setTimeout(r, 1000));
console.log(
  `setup: ${members} users in one group, ${pairs} one-to-one pairs, ${members} sockets in ${((performance.now() - setupStarted) / 1000).toFixed(1)} s`,
);

// The run.

let counter = 0;

/** Sends one message over HTTP, tracked by its clientMsgId until it arrives. */
async function sendTracked(
  kind: 'group' | 'pair',
  sender: number,
  path: string,
  target: Record<string, string>,
): Promise<void> {
  const clientMsgId = `${kind[0]}${(counter += 1)}`;
  const pending = kind === 'group' ? pendingGroup : pendingPair;
  pending.set(clientMsgId, { started: performance.now(), sender, reached: 0 });
  try {
    const answer = await post<{ status: string }>(path, accounts[sender]!.token, {
      ...target,
      msgType: 'TEXT',
      content: { text: `${kind} message ${counter}` },
      clientMsgId,
    });
    const stored = answer.code === 200 && answer.data.status === '0';
    counters[`${kind}${stored ? 'Acked' : 'Refused'}`] += 1;
  } catch {
    counters.errors += 1;
  }
}

const sendGroup = () =>
  sendTracked('group', Math.floor(Math.random() * members), '/group/sendMsg', { groupId: group.groupId });

function sendPair(): Promise<void> {
  const sender = Math.floor(Math.random() * pairs * 2);
  const recipient = sender % 2 === 0 ? sender + 1 : sender - 1;
  return sendTracked('pair', sender, '/chat/sendMsg', { userId: accounts[recipient]!.userId });
}

/** Sends at the two rates for `duration` s (open loop), then waits for the last deliveries. */
async function run(duration: number) {
  pendingGroup.clear();
  pendingPair.clear();
  groupLatencies = [];
  pairLatencies = [];
  Object.assign(counters, zeroCounts());
  const cpuBefore = await cpuSeconds(...server.pids);
  const ownBefore = process.cpuUsage();
  const started = performance.now();
  firstSendAt = started;
  const inFlight: Promise<void>[] = [];
  let groupIssued = 0;
  let pairIssued = 0;
  await new Promise<void>((resolve) => {
    const tick = () => {
      const elapsed = (performance.now() - started) / 1000;
      const due = Math.min(elapsed, duration);
      for (; groupIssued < Math.floor(due * rate); groupIssued += 1) inFlight.push(sendGroup());
      for (; pairIssued < Math.floor(due * pairRate); pairIssued += 1) inFlight.push(sendPair());
      if (elapsed >= duration) return resolve();
      setTimeout(tick, 2);
    };
    tick();
  });
  await Promise.all(inFlight);
  const expected = counters.groupAcked * (members - 1);
  const drainUntil = performance.now() + 5000;
  while (counters.delivered < expected && performance.now() < drainUntil)
    await new Promise((r) => setTimeout(r, 20));
  const elapsed = (performance.now() - started) / 1000;
  const cpu = (await cpuSeconds(...server.pids)) - cpuBefore;
  const own = process.cpuUsage(ownBefore);
  groupLatencies.sort((a, b) => a - b);
  pairLatencies.sort((a, b) => a - b);
  return {
    groupSent: groupIssued,
    pairSent: pairIssued,
    expected,
    deliveredPerSecond: counters.delivered / Math.max(0.001, (lastDeliveryAt - firstSendAt) / 1000),
    pairLost: pendingPair.size - counters.pairRefused - counters.errors,
    serverCpu: cpu / elapsed,
    serverCpuSeconds: cpu,
    generatorCpu: (own.user + own.system) / 1e6 / elapsed,
  };
}

const ms = (v: number) => `${v.toFixed(1)} ms`;
const spread = (sorted: number[]) =>
  `p50 ${ms(percentile(sorted, 50))}  p95 ${ms(percentile(sorted, 95))}  p99 ${ms(percentile(sorted, 99))}  max ${ms(sorted.at(-1) ?? NaN)}`;

try {
  if (warmup > 0) await run(warmup);
  const r = await run(seconds);
  console.log(`group                  ${members} members, ${rate} msg/s for ${seconds} s`);
  console.log(
    `group messages sent    ${r.groupSent} (acknowledged ${counters.groupAcked}, refused ${counters.groupRefused}, HTTP errors ${counters.errors})`,
  );
  console.log(
    `deliveries             ${counters.delivered} of ${r.expected} (${r.deliveredPerSecond.toFixed(0)} deliveries/s), lost ${r.expected - counters.delivered}`,
  );
  console.log(`delivery latency       ${spread(groupLatencies)}`);
  if (reading) {
    console.log(
      `reads                  ${counters.reads} /chat/markRead (${(counters.reads / seconds).toFixed(0)}/s, ${counters.readErrors} failed), receipts ${receipts ? 'on' : 'off'}, ${counters.receiptNotices} GROUP_READS notices received`,
    );
  }
  console.log(
    `server CPU / delivery  ${((r.serverCpuSeconds * 1e6) / Math.max(1, counters.delivered)).toFixed(1)} µs (${r.serverCpuSeconds.toFixed(2)} CPU s over ${counters.delivered} deliveries)`,
  );
  console.log(
    `one-to-one meanwhile   ${r.pairSent} sent at ${pairRate} msg/s (acknowledged ${counters.pairAcked}), lost ${r.pairLost}`,
  );
  console.log(`one-to-one latency     ${spread(pairLatencies)}`);
  console.log(
    `CPU                    server ${(r.serverCpu * 100).toFixed(0)}%, load generator ${(r.generatorCpu * 100).toFixed(0)}% of one core`,
  );
  if (server.pid) console.log(`server RSS             ${((await rssKiB(server.pid)) / 1024).toFixed(1)} MiB`);
} finally {
  stillReading = false;
  sockets.close();
  client.close();
  await server.stop();
}
