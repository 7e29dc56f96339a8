/**
 * The bus of a scale-out deployment (REDIS_URL): Redis pub/sub, routed by user.
 *
 * - One channel per user, `{prefix}u:{userId}`. A node subscribes to a user's channel while it
 *   holds at least one of that user's sockets (`watch`/`unwatch`, counted), so Redis sends an
 *   event only to the nodes that hold its user: no node sees the events of users it does not
 *   hold, and no registry of "who is where" can go stale — a node that dies loses its
 *   subscriptions with its connection.
 * - An event for several users is one message: a push for one user is one PUBLISH, a push for
 *   several (a group) one call of a small script that PUBLISHes the same bytes to each user's
 *   channel inside Redis, so the node sends the payload once whatever the group's size.
 * - Message format (the channel names the user): `p{exceptSessionIds,}\n{payload}` for a push,
 *   `s{sessionId}\n{code}\n{reason}` to close a session's sockets, `k{socketIds,}\n{code}\n{reason}`
 *   to close sockets. The push payload is the `ServerPush` JSON, never re-encoded.
 * - Pushes are hints over the stored, seq-numbered history, so losing some costs no message:
 *   publishing never waits for Redis (a send is answered whatever Redis does; while the link is
 *   down, up to MAX_QUEUED publishes wait for it, then they are dropped). When the subscribing
 *   connection comes back after a loss, this node subscribes to its users again and then tells
 *   the gateway (`onMissed`), which closes its sockets with RESYNC: clients reconnect and catch
 *   up by seq. A socket that arrives while Redis is down is let in (it is closed at recovery
 *   with the others), so the node keeps serving.
 */
import { Redis, type RedisOptions } from 'ioredis';
import type { Bus, BusEvent, BusHandler, BusHealth } from './bus';

/** Publishes that may wait for a lost connection before new ones are dropped. */
const MAX_QUEUED = 10_000;
/** Channels per SUBSCRIBE when a node subscribes to all its users again. */
const CHUNK = 1_000;

const FANOUT_SCRIPT = `
for i = 2, #ARGV do redis.call('PUBLISH', ARGV[i], ARGV[1]) end
return #ARGV - 1`;

interface Publisher extends Redis {
  paichatFanout(...args: string[]): Promise<number>;
}

export interface RedisBusOptions {
  url: string;
  /** Prefix of every channel (several deployments, or test runs, on one Redis). */
  prefix: string;
  /** Names the connections in Redis' CLIENT LIST. */
  nodeId: string;
  log: {
    warn(obj: object, msg: string): void;
    error(obj: object, msg: string): void;
    info(obj: object, msg: string): void;
  };
  /** Test hook: ioredis options on top (e.g. a short retry). */
  redisOptions?: RedisOptions;
}

/** Redis reconnects on its own, quickly at first: a restart costs a second, not five. */
const retryStrategy = (times: number): number => Math.min(100 * times, 2_000);

export class RedisBus implements Bus {
  private readonly handlers = new Set<BusHandler>();
  private readonly missedHandlers = new Set<() => void>();
  /** Users this node holds sockets of, with how many. */
  private readonly watched = new Map<string, number>();
  private readonly publisher: Publisher;
  private readonly subscriber: Redis;
  private readonly userPrefix: string;
  private queued = 0;
  private dropping = false;
  private closed = false;

  constructor(private readonly options: RedisBusOptions) {
    const base: RedisOptions = {
      retryStrategy,
      // Never a "ready check" stall: the connection is usable once it answers.
      enableReadyCheck: false,
      connectTimeout: 2_000,
      ...options.redisOptions,
    };
    this.userPrefix = `${options.prefix}u:`;
    this.publisher = new Redis(options.url, {
      ...base,
      connectionName: `paichat-pub-${options.nodeId}`,
      // Publishes of one tick go out in one write.
      enableAutoPipelining: true,
      // Queued while the link is down (bounded by MAX_QUEUED), never failed by a retry count.
      maxRetriesPerRequest: null,
    }) as Publisher;
    this.publisher.defineCommand('paichatFanout', { numberOfKeys: 0, lua: FANOUT_SCRIPT });
    this.subscriber = new Redis(options.url, {
      ...base,
      connectionName: `paichat-sub-${options.nodeId}`,
      // Subscriptions are restored here, on 'ready', before the gateway is told of the gap.
      autoResubscribe: false,
      enableOfflineQueue: false,
    });
    for (const connection of [this.publisher, this.subscriber]) {
      connection.on('error', (error: Error) => {
        if (!this.closed) options.log.warn({ err: error }, 'redis connection error');
      });
    }
    this.subscriber.on('message', (channel: string, message: string) => this.deliver(channel, message));
    this.subscriber.on('close', () => {
      if (!this.closed) options.log.warn({}, 'redis bus: subscriber link lost');
    });
    this.subscriber.on('ready', () => {
      void this.restore();
    });
  }

  async publish(event: BusEvent): Promise<void> {
    if (this.closed) return;
    const [userIds, message] = encode(event);
    if (userIds.length === 0) return;
    if (this.queued >= MAX_QUEUED) {
      if (!this.dropping) this.options.log.error({ queued: this.queued }, 'redis bus: dropping pushes');
      this.dropping = true;
      return;
    }
    this.queued += 1;
    const channels = userIds.map((id) => this.userPrefix + id);
    const sent =
      channels.length === 1
        ? this.publisher.publish(channels[0]!, message)
        : this.publisher.paichatFanout(message, ...channels);
    // Not awaited: a send is answered without waiting for Redis (pushes are hints).
    sent.then(
      () => this.settled(),
      (error: unknown) => {
        this.settled();
        if (!this.closed) this.options.log.warn({ err: error }, 'redis bus: publish failed');
      },
    );
  }

  subscribe(handler: BusHandler): () => void {
    this.handlers.add(handler);
    return () => this.handlers.delete(handler);
  }

  async watch(userId: string): Promise<void> {
    const count = this.watched.get(userId) ?? 0;
    this.watched.set(userId, count + 1);
    if (count > 0 || this.subscriber.status !== 'ready') return;
    // While Redis is down the socket is let in; 'ready' subscribes it and resets it then.
    await this.subscriber.subscribe(this.userPrefix + userId).catch((error: unknown) => {
      this.options.log.warn({ err: error, userId }, 'redis bus: subscribe failed');
    });
  }

  unwatch(userId: string): void {
    const count = this.watched.get(userId) ?? 0;
    if (count > 1) {
      this.watched.set(userId, count - 1);
      return;
    }
    this.watched.delete(userId);
    if (count === 1 && this.subscriber.status === 'ready') {
      this.subscriber.unsubscribe(this.userPrefix + userId).catch(() => {
        // The link dropped: its subscriptions went with it.
      });
    }
  }

  onMissed(handler: () => void): () => void {
    this.missedHandlers.add(handler);
    return () => this.missedHandlers.delete(handler);
  }

  health(): BusHealth {
    return this.subscriber.status === 'ready' && this.publisher.status === 'ready' ? 'ok' : 'down';
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.handlers.clear();
    this.missedHandlers.clear();
    await Promise.all(
      [this.publisher, this.subscriber].map((connection) =>
        connection.status === 'ready'
          ? connection.quit().then(
              () => {},
              () => connection.disconnect(),
            )
          : Promise.resolve(connection.disconnect()),
      ),
    );
  }

  private settled(): void {
    this.queued -= 1;
    if (this.dropping && this.queued < MAX_QUEUED / 2) {
      this.dropping = false;
      this.options.log.info({}, 'redis bus: publishing again');
    }
  }

  /** (Re)connected: subscribe to every held user's channel, then reset the sockets that may have missed events. */
  private async restore(): Promise<void> {
    const channels = [...this.watched.keys()].map((id) => this.userPrefix + id);
    try {
      for (let i = 0; i < channels.length; i += CHUNK)
        await this.subscriber.subscribe(...channels.slice(i, i + CHUNK));
    } catch (error) {
      // Lost again meanwhile: the next 'ready' starts over.
      this.options.log.warn({ err: error }, 'redis bus: resubscribing failed');
      return;
    }
    this.options.log.info({ users: channels.length }, 'redis bus: subscribed');
    for (const handler of this.missedHandlers) handler();
  }

  private deliver(channel: string, message: string): void {
    if (!channel.startsWith(this.userPrefix)) return;
    const event = decode(channel.slice(this.userPrefix.length), message);
    if (!event) {
      this.options.log.warn({ channel }, 'redis bus: malformed message');
      return;
    }
    for (const handler of this.handlers) {
      try {
        handler(event);
      } catch (error) {
        this.options.log.error({ err: error }, 'bus subscriber failed');
      }
    }
  }
}

/** The users an event goes to, and the message each of their channels carries. */
export function encode(event: BusEvent): [string[], string] {
  switch (event.type) {
    case 'push':
      return [event.userIds, `p${(event.exceptSessionIds ?? []).join(',')}\n${event.payload}`];
    case 'closeSession':
      return [[event.userId], `s${event.sessionId}\n${event.code}\n${event.reason}`];
    case 'closeSockets':
      return [[event.userId], `k${event.socketIds.join(',')}\n${event.code}\n${event.reason}`];
  }
}

/** The event one user's channel carried, as this node's gateway handles it; null if malformed. */
export function decode(userId: string, message: string): BusEvent | null {
  const head = message.indexOf('\n');
  if (head < 0) return null;
  const ids = message.slice(1, head);
  const list = ids === '' ? [] : ids.split(',');
  if (message[0] === 'p') {
    return {
      type: 'push',
      userIds: [userId],
      payload: message.slice(head + 1),
      ...(list.length > 0 ? { exceptSessionIds: list } : {}),
    };
  }
  const second = message.indexOf('\n', head + 1);
  if (second < 0) return null;
  const code = Number(message.slice(head + 1, second));
  const reason = message.slice(second + 1);
  if (!Number.isInteger(code)) return null;
  if (message[0] === 's') return { type: 'closeSession', userId, sessionId: ids, code, reason };
  if (message[0] === 'k') return { type: 'closeSockets', userId, socketIds: list, code, reason };
  return null;
}
