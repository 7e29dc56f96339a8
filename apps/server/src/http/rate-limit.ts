import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { TooManyRequestsError } from '../errors';

/** A request budget: at most `max` requests per `timeWindow` milliseconds per caller. */
export interface RateLimit {
  max: number;
  timeWindow: number;
}

const MINUTE = 60_000;

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
} satisfies Record<string, RateLimit>;

/**
 * The caller a budget belongs to: on signed-in endpoints the user the token resolved to (so
 * every spelling of a token, and every token of one user, share a budget), elsewhere the
 * client's address (which honours X-Forwarded-For only behind TRUST_PROXY), whatever
 * Authorization header it makes up.
 */
function callerKey(request: FastifyRequest): string {
  return request.auth ? `user:${request.auth.userId}` : `ip:${request.ip}`;
}

/**
 * Budgets are kept in this process's memory; routes opt in through `route(…, { rateLimit })`.
 * Switched off (RATE_LIMITS=off), every budget is unlimited: tests and benchmarks seed thousands.
 */
export async function registerRateLimits(app: FastifyInstance, enabled: boolean): Promise<void> {
  await app.register(rateLimit, {
    global: false,
    ...(enabled ? {} : { allowList: () => true }),
    keyGenerator: callerKey,
    // After authentication (onRequest), so the user is known; before the body is read.
    hook: 'preParsing',
    // Thrown, then answered by the one error handler as the envelope.
    errorResponseBuilder: () => new TooManyRequestsError(),
  });
}
