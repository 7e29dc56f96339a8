/**
 * Faults of a scale-out deployment, scripted and bounded: real server processes on one
 * PostgreSQL and a Redis of the test's own, behind nginx, while 20 users (10 pairs) exchange
 * messages as the web app would (retrying a send with its clientMsgId, reconnecting its socket
 * and catching up by seq). Whatever happens mid-traffic — a node killed with SIGKILL, Redis
 * restarted, a node joining — every acknowledged message ends up shown exactly once on both
 * sides of its chat, in each sender's order, and every chat's seqs have no hole.
 */
import { CloseCode } from '@paichat/protocol';
import { afterEach, describe, expect, it } from 'vitest';
import { STEP_MS, budget } from './support/budget';
import { ChatClient } from './support/chat-client';
import { Cluster, hasNginx } from './support/cluster';
import { hasRedisServer } from './support/redis';
import { seed } from './support/seed';
import { availableDialects } from './support/server';
import { TestSocket } from './support/ws';

const runnable = hasNginx && hasRedisServer && (await availableDialects()).includes('postgres');
if (!runnable && process.env.CI)
  throw new Error(
    'CI needs /usr/sbin/nginx, redis-server and PostgreSQL for the fault tests (scripts/test-all.sh)',
  );
const USERS = 20;
/** Every send of the traffic is acknowledged by then (its deadline), or the test fails. */
const TRAFFIC_MS = 60_000;
/** How long the traffic may take to reach the moment of its fault. */
const BEFORE_FAULT_MS = 30_000;
/** How long every socket may take to connect and catch up, before the traffic and after it. */
const CONVERGE_MS = 30_000;
/** How long nginx may take to give a node that joined its share, and its socket the last send. */
const LATE_SENDS_MS = 15_000;

/**
 * A test's timeout: its deployment's start, twenty users signed up and connected, the traffic
 * (the fault happens within it) and the fault's own steps, then the convergence.
 */
const faultBudget = (nodes: number, ...faultSteps: number[]) =>
  budget(Cluster.startBudget(nodes), STEP_MS.requests, CONVERGE_MS, TRAFFIC_MS, ...faultSteps, CONVERGE_MS);

describe.runIf(runnable)('a deployment behind nginx', () => {
  let cluster: Cluster | null = null;
  let clients: ChatClient[] = [];

  afterEach(async () => {
    for (const client of clients) client.stop();
    clients = [];
    await cluster?.stop();
    cluster = null;
  });

  /** 10 pairs of friends, each user with a connected, caught-up client (through nginx). */
  async function twentyUsers(deployment: Cluster): Promise<ChatClient[]> {
    const api = seed(deployment.url);
    const users = [];
    for (let i = 0; i < USERS; i += 1) users.push(await api.user(`u${i}`));
    const made: ChatClient[] = [];
    for (let i = 0; i < USERS; i += 2) {
      const [a, b] = [users[i]!, users[i + 1]!];
      await api.befriend(a, b);
      const probe = new ChatClient(deployment.url, a.userId, a.token, '');
      const { data } = await probe.post<{ chatId: string }>('/chat/getChatSession', { userId: b.userId });
      made.push(new ChatClient(deployment.url, a.userId, a.token, data.chatId));
      made.push(new ChatClient(deployment.url, b.userId, b.token, data.chatId));
    }
    for (const client of made) client.connect();
    await deployment.waitFor(
      async () => made.every((c) => c.readies > 0),
      'every socket to be ready',
      CONVERGE_MS,
    );
    return made;
  }

  /**
   * Every client sends `perUser` messages to its partner, one after the other (`gapMs` apart);
   * `fault` runs once `faultAfter` messages in all were acknowledged.
   */
  async function traffic(
    all: ChatClient[],
    perUser: number,
    gapMs: number,
    faultAfter: number,
    fault: () => Promise<void>,
  ): Promise<void> {
    const deadline = Date.now() + TRAFFIC_MS;
    const sending = all.map(async (client, i) => {
      const partner = all[i % 2 === 0 ? i + 1 : i - 1]!;
      for (let n = 0; n < perUser; n += 1) {
        await client.send(
          partner.userId,
          `m${n} from ${client.userId}`,
          `local_${client.userId}_${n}`,
          deadline,
        );
        await new Promise((r) => setTimeout(r, gapMs));
      }
    });
    const acked = () => all.reduce((sum, c) => sum + c.acked.length, 0);
    await cluster!.waitFor(async () => acked() >= faultAfter, 'traffic before the fault', BEFORE_FAULT_MS);
    await fault();
    await Promise.all(sending);
  }

  /** Both sides of every chat converge on the same history, holding each acknowledged send once. */
  async function expectNothingLost(all: ChatClient[]): Promise<void> {
    const complete = (client: ChatClient, partner: ChatClient) => {
      const shown = new Set(client.shown.map((m) => m.clientMsgId));
      return [...client.acked, ...partner.acked].every((id) => shown.has(id));
    };
    await cluster!.waitFor(
      async () => all.every((c, i) => complete(c, all[i % 2 === 0 ? i + 1 : i - 1]!)),
      'every client to show every acknowledged message',
      CONVERGE_MS,
    );
    for (let i = 0; i < all.length; i += 2) {
      const [a, b] = [all[i]!, all[i + 1]!];
      // The same history on both sides, seqs 1, 2, 3… (the histories may differ only by what
      // one side has not received yet, which `complete` waited for).
      const common = Math.min(a.shown.length, b.shown.length);
      expect(a.shown.slice(0, common)).toEqual(b.shown.slice(0, common));
      for (const client of [a, b]) {
        expect(client.shown.map((m) => m.seq)).toEqual(client.shown.map((_, k) => k + 1));
        for (const sender of [a, b]) {
          // Each acknowledged send once, in the order it was sent.
          const fromSender = client.shown
            .filter((m) => m.fromUserId === sender.userId && m.clientMsgId)
            .map((m) => m.clientMsgId);
          expect(fromSender).toEqual(sender.acked);
        }
      }
    }
  }

  it(
    'loses nothing when a node is killed with SIGKILL mid-traffic: its clients reconnect to the other',
    async () => {
      cluster = await Cluster.start(2);
      clients = await twentyUsers(cluster);
      const readiesBefore = clients.map((c) => c.readies);
      await traffic(clients, 30, 60, 150, () => cluster!.kill(0));
      await expectNothingLost(clients);
      // Some sockets were on the dead node; they came back (on the survivor).
      expect(clients.some((c, i) => c.readies > readiesBefore[i]!)).toBe(true);
      expect(cluster.answered(1, '/auth/socketTicket')).toBeGreaterThan(0);
    },
    faultBudget(2),
  );

  it(
    'drains a node on SIGTERM: its sockets are closed with 1001 and reconnect to the other',
    async () => {
      cluster = await Cluster.start(2);
      clients = await twentyUsers(cluster);
      let exit: { code: number | null } = { code: null };
      await traffic(clients, 30, 60, 150, async () => {
        exit = await cluster!.terminate(0);
      });
      await expectNothingLost(clients);
      expect(exit.code).toBe(0);
      expect(clients.some((c) => c.closeCodes.includes(CloseCode.GOING_AWAY))).toBe(true);
      // Every log line names its node.
      const lines = cluster.nodes[0]!.run!.stdout().trim().split('\n');
      expect(lines.at(-1)).toContain('"msg":"stopped"');
      expect(lines.every((line) => line.includes('"node":"node-0"'))).toBe(true);
    },
    faultBudget(2, STEP_MS.process),
  );

  it(
    'loses nothing when Redis restarts mid-traffic: every socket is reset and catches up',
    async () => {
      cluster = await Cluster.start(2);
      clients = await twentyUsers(cluster);
      const readiesBefore = clients.map((c) => c.readies);
      await traffic(clients, 30, 60, 150, async () => {
        await cluster!.redis.kill();
        await cluster!.redis.start();
      });
      await expectNothingLost(clients);
      expect(clients.every((c, i) => c.readies > readiesBefore[i]!)).toBe(true);
    },
    faultBudget(2, STEP_MS.redis),
  );

  it(
    'takes in a node started while traffic flows, without restarting the others',
    async () => {
      cluster = await Cluster.start(3, 2);
      clients = await twentyUsers(cluster);
      const [first, partner] = [clients[0]!, clients[1]!];
      const sockets: TestSocket[] = [];
      try {
        await traffic(clients, 30, 60, 100, async () => {
          await cluster!.startNode(2);
          // A socket straight to the new node, for what the others store.
          const direct = await TestSocket.forSession(
            `http://127.0.0.1:${cluster!.nodes[2]!.port}`,
            first.token,
          );
          sockets.push(direct);
          await direct.ready();
        });
        // nginx gives the new node its share once it answers: sends go on until one lands there.
        let late = 0;
        await cluster.waitFor(
          async () => {
            late += 1;
            await partner.send(first.userId, `late ${late}`, `local_late_${late}`, Date.now() + 10_000);
            return cluster!.answered(2, '/chat/sendMsg') > 0;
          },
          'a send answered by the new node',
          LATE_SENDS_MS,
        );
        const last = partner.acked.at(-1)!;
        await sockets[0]!.next((m) => m.includes(`"clientMsgId":"${last}"`), LATE_SENDS_MS);
        await expectNothingLost(clients);
      } finally {
        for (const socket of sockets) socket.close();
      }
    },
    faultBudget(2, STEP_MS.process, STEP_MS.requests, LATE_SENDS_MS, LATE_SENDS_MS),
  );
});
