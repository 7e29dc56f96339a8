import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest, preParsingAsyncHookHandler } from 'fastify';
import { Redis } from 'ioredis';
import { TooManyRequestsError } from '../errors';

/** A request budget: at most `max` requests per `timeWindow` milliseconds per caller. */
export interface RateLimit {
  max: number;
  timeWindow: number;
  /** Whose budget a request spends; the caller's (callerKey) unless said otherwise. */
  keyGenerator?: (request: FastifyRequest) => string;
  /**
   * The name of one budget that every endpoint given it spends from together; without it,
   * each endpoint has a budget of this size of its own.
   */
  shared?: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The one hook that spends from a shared budget (RateLimit.shared), made on first use. */
    sharedBudget(name: string, budget: RateLimit): preParsingAsyncHookHandler;
  }
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** The client address (X-Forwarded-For counts only behind TRUST_PROXY): for signed-out endpoints. */
const addressKey = (request: FastifyRequest): string => `ip:${request.ip}`;

/**
 * The endpoints worth abusing and their budgets per caller (login failures have their own,
 * stricter throttle in modules/auth/throttle.ts). Generous for a person, tight for a script:
 * PipID search must not enumerate accounts, friend requests must not spam, captchas cost a
 * database row each and uploads disk and CPU.
 */
export const RATE_LIMITS = {
  captcha: { max: 30, timeWindow: MINUTE },
  friendSearch: { max: 30, timeWindow: MINUTE },
  friendApply: { max: 30, timeWindow: MINUTE },
  /** Each upload is stored and (images) re-encoded: the costliest request a client can make. */
  upload: { max: 60, timeWindow: MINUTE },
  /** Sign-up checks the chat ID while the person types (debounced): a comfortable typist's pace. */
  checkChatNo: { max: 60, timeWindow: MINUTE, keyGenerator: addressKey },
  /** Each account multiplies every per-account budget: a handful per address, retries included. */
  register: { max: 10, timeWindow: HOUR, keyGenerator: addressKey },
  /**
   * Sign-in through Pi, Google or X, each step (the Pi token check, a login link, a callback):
   * each costs a call to the provider, and a person needs a few. Per address, signed in or not.
   */
  signInWith: { max: 30, timeWindow: MINUTE, keyGenerator: addressKey },
  /** Profiles by id: browsing contacts, never walking ids. */
  friendInfo: { max: 60, timeWindow: MINUTE },
  /** A row each; a tab asks once per (re)connect, at most every 2 s. */
  socketTicket: { max: 60, timeWindow: MINUTE },
  /** Statistics, signed out: a tab asks once a day (or on load), and reports at most every 10 s. */
  statConfig: { max: 30, timeWindow: MINUTE, keyGenerator: addressKey },
  /**
   * Reports and their image beacons together (a beacon is a report's fallback, not a second
   * allowance): a batch (4 tries, or its beacons) every 10 s is ~24 a minute per tab, so a few
   * tabs per address.
   */
  statReport: { max: 120, timeWindow: MINUTE, keyGenerator: addressKey, shared: 'statReport' },
  /** A shake waits 5 s for a partner: a person shakes a few times a minute, a script probing places far more. */
  shake: { max: 20, timeWindow: MINUTE },
  /** The app asks about once a second while a shake waits. */
  shakeResult: { max: 120, timeWindow: MINUTE },
  /** People Nearby: a person shares on opening and on each pull; a script hopping around a target far more. */
  nearbyShare: { max: 20, timeWindow: MINUTE },
  /** A list per share and per gender filter; each is a probe of distances, so kept as tight. */
  nearbyList: { max: 20, timeWindow: MINUTE },
  /** Each is a stored row for the operators to read: plenty for a person, no flood of the table. */
  feedback: { max: 10, timeWindow: HOUR },
  /** Message search asks as the person types (debounced): a fast typist, never a crawl of the index. */
  messageSearch: { max: 120, timeWindow: MINUTE },
  /**
   * A link preview may make the server read a page and a picture from elsewhere (an amplifier):
   * asked as the person types (debounced), a few links a minute, never a crawl through us.
   */
  linkPreview: { max: 30, timeWindow: MINUTE },
} satisfies Record<string, RateLimit>;

/**
 * The caller a budget belongs to: on signed-in endpoints the user the token resolved to (so
 * every spelling of a token, and every token of one user, share a budget), elsewhere the
 * client's address (which honours X-Forwarded-For only behind TRUST_PROXY), whatever
 * Authorization header it makes up.
 */
function callerKey(request: FastifyRequest): string {
  return request.auth ? `user:${request.auth.userId}` : addressKey(request);
}

/**
 * Budgets are kept in this process's memory, or with REDIS_URL in Redis, so that every node of
 * a deployment spends from the same ones (a caller's requests are spread over the nodes). A
 * node that cannot reach Redis lets requests through rather than refusing everyone.
 * Routes opt in through `route(…, { rateLimit })`. Switched off (RATE_LIMITS=off), every budget
 * is unlimited: tests and benchmarks seed thousands.
 */
export async function registerRateLimits(
  app: FastifyInstance,
  enabled: boolean,
  redis: { url: string; prefix: string } | null = null,
): Promise<void> {
  let store: Redis | null = null;
  if (enabled && redis) {
    // Its own connection: a budget is asked on the request's path, so it fails fast, never queues.
    store = new Redis(redis.url, {
      connectTimeout: 1_000,
      commandTimeout: 1_000,
      maxRetriesPerRequest: 1,
      enableOfflineQueue: false,
      retryStrategy: (times) => Math.min(100 * times, 2_000),
    });
    store.on('error', (error: Error) => app.log.warn({ err: error }, 'rate limits: redis error'));
    const owned = store;
    app.addHook('onClose', async () => {
      owned.disconnect();
    });
  }
  await app.register(rateLimit, {
    global: false,
    ...(enabled ? {} : { allowList: () => true }),
    ...(store && redis ? { redis: store, nameSpace: `${redis.prefix}rate:`, skipOnError: true } : {}),
    keyGenerator: callerKey,
    // After authentication (onRequest), so the user is known; before the body is read.
    hook: 'preParsing',
    // Thrown, then answered by the one error handler as the envelope.
    errorResponseBuilder: () => new TooManyRequestsError(),
  });
  // The plugin keeps a store per route: a shared budget is one limiter whose hook each route runs.
  const shared = new Map<string, preParsingAsyncHookHandler>();
  app.decorate('sharedBudget', (name: string, budget: RateLimit) => {
    let hook = shared.get(name);
    if (!hook) {
      const keyOf = budget.keyGenerator ?? callerKey;
      const limiter = app.rateLimit({
        max: budget.max,
        timeWindow: budget.timeWindow,
        keyGenerator: (request) => `${name}:${keyOf(request)}`,
      });
      hook = async (request, reply) => {
        await limiter.call(app, request, reply);
      };
      shared.set(name, hook);
    }
    return hook;
  });
}

/** How a route spends from its budget: in a store of its own, or through a shared budget's hook. */
export function routeBudget(app: FastifyInstance, budget: RateLimit | undefined) {
  if (!budget) return {};
  const { shared, ...own } = budget;
  return shared ? { preParsing: app.sharedBudget(shared, budget) } : { config: { rateLimit: own } };
}
