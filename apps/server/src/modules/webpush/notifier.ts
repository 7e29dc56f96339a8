/**
 * Web Push delivery: a wake-up for devices with no open socket, never in a send's way.
 *
 * A stored message or a friend request is queued here and the caller moves on. One lookup at a
 * time asks the database which subscriptions to wake (repo.findTargets: live sessions, nobody
 * with a socket on any node, members who have not muted the chat); each becomes a job keyed by
 * subscription and topic (the chat, or friend requests), and a newer job replaces a queued one
 * with the same key, so a burst of messages while the queue is busy wakes a device once, with
 * the newest. Each push is encrypted to its device (RFC 8291, aes128gcm) and signed with the
 * deployment's VAPID key (RFC 8292), and sent through the guarded outbound fetcher
 * (outbound/fetch.ts: public addresses only, no redirects, short timeouts). The same topic lets
 * the push service replace a push not yet delivered. A 404 or 410 means the subscription is
 * gone: its row goes too. Everything else that fails is logged.
 *
 * The endpoints are chosen by users, so one may be slow, or never answer. Jobs wait in one queue
 * per account, and accounts take turns (round-robin); at most MAX_IN_FLIGHT_PER_ACCOUNT of an
 * account's pushes, and MAX_IN_FLIGHT_PER_HOST to one push service, are under way at once. An
 * endpoint that hangs thus holds a few of MAX_IN_FLIGHT requests until its timeout, and every
 * other account's pushes go past it.
 */
import { MsgType, type WebPushPayload } from '@paichat/protocol';
import type { FastifyBaseLogger } from 'fastify';
import webPush from 'web-push';
import type { Clock } from '../../clock';
import type { Db } from '../../db';
import { OutboundError, type OutboundFetch } from '../../outbound/fetch';
import type { StoredMessage } from '../chats/views';
import { STALE_AFTER_MS } from '../sockets/service';
import * as repo from './repo';

/** Wake-ups waiting for their lookup; beyond this, new ones are dropped (and logged). */
const MAX_QUEUED = 1_000;
/** Pushes waiting to be sent, in all and of one account. */
const MAX_PENDING = 5_000;
const MAX_PENDING_PER_ACCOUNT = 100;
/** Requests to push services under way at once: in all, to one host (and port), for one account. */
const MAX_IN_FLIGHT = 32;
const MAX_IN_FLIGHT_PER_HOST = 8;
const MAX_IN_FLIGHT_PER_ACCOUNT = 2;
/** A push service answers in a few bytes; more is not read. */
const ANSWER_MAX_BYTES = 64 * 1024;
/** A message's wake-up is worth little after a day; a friend request's after a week. */
const MESSAGE_TTL_S = 24 * 3600;
const FRIEND_REQUEST_TTL_S = 7 * 24 * 3600;
/** As the chat list's preview. */
const PREVIEW_MAX = 100;
/** Rings nobody on the web (spec 4, incoming push). */
const IGNORED: ReadonlySet<string> = new Set([MsgType.TRTC_VOICE_START, MsgType.TRTC_VIDEO_START]);

type Urgency = 'normal' | 'high';

interface Wake {
  audience: repo.PushAudience;
  /** Push services replace a queued push with the same topic (≤ 32 base64url characters). */
  topic: string;
  ttl: number;
  urgency: Urgency;
  payload(preview: boolean): WebPushPayload;
}

interface Job {
  target: repo.PushTarget;
  wake: Wake;
  /** The push service's host and port, which its concurrency is counted by. */
  host: string;
}

export interface MessageWake {
  message: Pick<StoredMessage, 'chat_id' | 'seq' | 'msg_type' | 'content'>;
  sender: { id: number; name: string };
  /** A group message: the group's name. */
  group: string | null;
  /**
   * Who the message is for, when the sender has it at hand (a one-to-one peer, a group's
   * members as just read for its pushes): if every one holds a socket on this node, nobody is
   * to be woken and the database is not asked.
   */
  recipientIds?: readonly number[];
}

export interface PushNotifierDeps {
  db: Db;
  clock: Clock;
  log: FastifyBaseLogger;
  /** The VAPID subject (mailto: or https:). */
  contact: string;
  /** Sends the pushes (outbound/fetch.ts). */
  outbound: Pick<OutboundFetch, 'request'>;
  /** Whether this node holds a socket of the user (its own registry, no round trip). */
  holdsSocket?: (userId: number) => boolean;
}

const hostOf = (endpoint: string): string => {
  try {
    return new URL(endpoint).host;
  } catch {
    return endpoint;
  }
};

/** Adds `delta` to `key`'s count, forgetting counts back at zero. */
function count<K>(counts: Map<K, number>, key: K, delta: number): void {
  const value = (counts.get(key) ?? 0) + delta;
  if (value === 0) counts.delete(key);
  else counts.set(key, value);
}

const oneLine = (text: string): string => {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > PREVIEW_MAX ? `${flat.slice(0, PREVIEW_MAX)}…` : flat;
};

export function createPushNotifier(deps: PushNotifierDeps) {
  const { db, clock, log, outbound } = deps;
  let vapid: Promise<{ publicKey: string; privateKey: string }> | undefined;
  const vapidKeys = () => (vapid ??= repo.findVapidKeys(db));

  const wakes: Wake[] = [];
  /** Jobs by account, accounts in the order of their next turn, each account's jobs oldest first. */
  const queues = new Map<number, Map<string, Job>>();
  let pending = 0;
  let lookingUp = false;
  let inFlight = 0;
  const inFlightByAccount = new Map<number, number>();
  const inFlightByHost = new Map<string, number>();
  let closed = false;
  let idleWaiters: (() => void)[] = [];

  function enqueue(wake: Wake): void {
    if (closed) return;
    if (wakes.length >= MAX_QUEUED) {
      log.warn({ topic: wake.topic }, 'web push queue full: a wake-up was dropped');
      return;
    }
    wakes.push(wake);
    pump();
  }

  function pump(): void {
    const wake = lookingUp ? undefined : wakes.shift();
    if (wake) {
      lookingUp = true;
      void lookUp(wake).finally(() => {
        lookingUp = false;
        pump();
      });
    }
    startSends();
    if (!lookingUp && inFlight === 0 && wakes.length === 0 && pending === 0) {
      const waiters = idleWaiters;
      idleWaiters = [];
      for (const resolve of waiters) resolve();
    }
  }

  /** An account's oldest job that its limits, and its push service's, let go now. */
  function nextJob(userId: number, queue: Map<string, Job>): [string, Job] | undefined {
    if ((inFlightByAccount.get(userId) ?? 0) >= MAX_IN_FLIGHT_PER_ACCOUNT) return undefined;
    for (const entry of queue) {
      if ((inFlightByHost.get(entry[1].host) ?? 0) < MAX_IN_FLIGHT_PER_HOST) return entry;
    }
    return undefined;
  }

  /** Rounds of one job per account, each account that sent going to the back of the line. */
  function startSends(): void {
    let started = true;
    while (started && inFlight < MAX_IN_FLIGHT) {
      started = false;
      for (const [userId, queue] of [...queues]) {
        if (inFlight >= MAX_IN_FLIGHT) break;
        const next = nextJob(userId, queue);
        if (!next) continue;
        const [key, job] = next;
        queue.delete(key);
        pending -= 1;
        queues.delete(userId);
        if (queue.size > 0) queues.set(userId, queue);
        start(job);
        started = true;
      }
    }
  }

  function start(job: Job): void {
    const userId = job.target.user_id;
    inFlight += 1;
    count(inFlightByAccount, userId, 1);
    count(inFlightByHost, job.host, 1);
    void deliver(job).finally(() => {
      inFlight -= 1;
      count(inFlightByAccount, userId, -1);
      count(inFlightByHost, job.host, -1);
      pump();
    });
  }

  async function lookUp(wake: Wake): Promise<void> {
    try {
      const now = clock.now();
      const targets = await repo.findTargets(db, wake.audience, {
        now,
        socketSeenAfter: now - STALE_AFTER_MS,
      });
      for (const target of targets) {
        const key = `${target.id}:${wake.topic}`;
        const queue = queues.get(target.user_id) ?? new Map<string, Job>();
        if (!queue.has(key)) {
          if (pending >= MAX_PENDING || queue.size >= MAX_PENDING_PER_ACCOUNT) {
            log.warn(
              { topic: wake.topic, user: target.user_id },
              'web push backlog full: a push was dropped',
            );
            continue;
          }
          pending += 1;
        }
        // Set on a queued key keeps its place in line and carries the newer content.
        queue.set(key, { target, wake, host: hostOf(target.endpoint) });
        if (!queues.has(target.user_id)) queues.set(target.user_id, queue);
      }
    } catch (error) {
      log.error({ err: error, topic: wake.topic }, 'web push lookup failed');
    }
  }

  async function deliver({ target, wake }: Job): Promise<void> {
    try {
      const keys = await vapidKeys();
      const request = webPush.generateRequestDetails(
        { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
        JSON.stringify(wake.payload(target.preview === 1)),
        {
          vapidDetails: { subject: deps.contact, ...keys },
          TTL: wake.ttl,
          urgency: wake.urgency,
          topic: wake.topic,
          contentEncoding: 'aes128gcm',
        },
      );
      // The body's length is set by the fetcher.
      const { 'Content-Length': _length, ...headers } = request.headers as Record<string, string | number>;
      const response = await outbound.request(request.endpoint, {
        method: 'POST',
        headers: Object.fromEntries(Object.entries(headers).map(([k, v]) => [k, String(v)])),
        ...(request.body && { body: new Uint8Array(request.body) }),
        maxBytes: ANSWER_MAX_BYTES,
      });
      if (response.status >= 200 && response.status < 300) {
        await repo.markDelivered(db, target.id, clock.now());
      } else if (response.status === 404 || response.status === 410) {
        await repo.deleteSubscriptions(db, [target.id]);
        log.info(
          { subscription: target.id, status: response.status },
          'web push subscription expired: removed',
        );
      } else {
        log.warn({ subscription: target.id, status: response.status }, 'web push refused');
      }
    } catch (error) {
      const reason = error instanceof OutboundError ? error.reason : undefined;
      log.warn({ err: error, reason, subscription: target.id }, 'web push failed');
    }
  }

  function idle(): Promise<void> {
    return new Promise((resolve) => {
      idleWaiters.push(resolve);
      pump();
    });
  }

  return {
    /** The VAPID public key browsers subscribe with. */
    publicKey: async () => (await vapidKeys()).publicKey,

    /** A freshly stored message (not a retry's): wakes the members it is for who are offline. */
    message({ message, sender, group, recipientIds }: MessageWake): void {
      if (IGNORED.has(message.msg_type)) return;
      // The lookup is a query per message; an online peer, the usual case, needs none.
      const holdsSocket = deps.holdsSocket;
      if (holdsSocket && recipientIds?.every((id) => holdsSocket(id))) return;
      const text = message.msg_type === MsgType.TEXT ? message.content.text : undefined;
      enqueue({
        audience: { chatId: message.chat_id, seq: message.seq, senderId: sender.id },
        topic: `chat${message.chat_id}`,
        ttl: MESSAGE_TTL_S,
        urgency: group === null ? 'high' : 'normal',
        payload: (preview) => ({
          type: 'message',
          chatId: String(message.chat_id),
          ...(preview && {
            sender: sender.name,
            ...(group !== null && { group }),
            msgType: message.msg_type,
            ...(typeof text === 'string' && { text: oneLine(text) }),
          }),
        }),
      });
    },

    /** A friend request to someone: wakes them when offline. */
    friendRequest(toId: number, sender: string): void {
      enqueue({
        audience: { userId: toId },
        topic: 'friends',
        ttl: FRIEND_REQUEST_TTL_S,
        urgency: 'normal',
        payload: (preview) => ({ type: 'friendRequest', ...(preview && { sender }) }),
      });
    },

    /** Resolves once everything queued so far is sent or given up. */
    idle,

    /** Stops taking wake-ups, drops the queued ones and waits for the requests under way. */
    async close(): Promise<void> {
      closed = true;
      wakes.length = 0;
      queues.clear();
      pending = 0;
      await idle();
    },
  };
}

export type PushNotifier = ReturnType<typeof createPushNotifier>;
