import type { Endpoint } from '@paichat/protocol';
import { BODY_LIMIT_DEFAULT, envelope } from '@paichat/protocol';
import type { FastifyInstance, FastifyReply, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { UnauthorizedError } from '../errors';
import type { AuthContext } from './auth-hook';
import { ErrorEnvelope, ok } from './envelope';
import { routeBudget, type RateLimit } from './rate-limit';

export interface RouteContext {
  request: FastifyRequest;
  reply: FastifyReply;
  /** The signed-in caller; only meaningful on `auth: true` endpoints (throws 401 otherwise). */
  auth(): AuthContext;
}

export type Handler<E extends Endpoint> = (
  input: z.output<E['request']>,
  ctx: RouteContext,
) => Promise<z.output<E['response']>>;

declare module 'fastify' {
  interface FastifyInstance {
    authenticate: onRequestAsyncHookHandler;
  }
}

/** The names of a path's parameters: `/friend/info/:id` → `['id']`. */
export function pathParamNames(path: string): string[] {
  return [...path.matchAll(/:([A-Za-z_][A-Za-z0-9_]*)/g)].map((m) => m[1] as string);
}

/**
 * Splits a request schema between the path parameters and the rest (query or body). Path
 * parameters must be keys of a plain `z.object` request schema: a mistake in the contract
 * fails at registration, not at the first request.
 */
export function splitRequestSchema(endpoint: Pick<Endpoint, 'path' | 'request'>): {
  params: z.ZodObject | null;
  rest: z.ZodType;
} {
  const names = pathParamNames(endpoint.path);
  if (names.length === 0) return { params: null, rest: endpoint.request };
  const schema = endpoint.request;
  if (!(schema instanceof z.ZodObject))
    throw new Error(`${endpoint.path}: a request with path parameters must be a z.object`);
  const missing = names.filter((name) => !(name in schema.shape));
  if (missing.length > 0)
    throw new Error(`${endpoint.path}: the request schema has no key for :${missing.join(', :')}`);
  const mask = Object.fromEntries(names.map((name) => [name, true as const])) as Record<string, true> &
    Record<number, never>;
  return { params: schema.pick(mask), rest: schema.omit(mask) };
}

/**
 * Registers a protocol endpoint: its request schema validates the path parameters (the keys
 * named `:like_this` in the path) and the query (GET) or JSON body (POST); its response
 * schema shapes `data` in the envelope; all of them feed the OpenAPI document, so the
 * contract is written once, in packages/protocol. The handler gets one merged input.
 *
 * What a request costs before it is refused is bounded in the order Fastify runs: the token
 * of an `auth: true` endpoint is checked first (onRequest), so an anonymous request is answered
 * 401 before its body is read; request budgets come next (preParsing, http/rate-limit.ts);
 * the body is read only up to the endpoint's limit (413 past it); validation last.
 */
export function route<E extends Endpoint>(
  app: FastifyInstance,
  endpoint: E,
  handler: Handler<E>,
  options: { rateLimit?: RateLimit } = {},
): void {
  const input = endpoint.method === 'GET' ? 'querystring' : 'body';
  const { params, rest } = splitRequestSchema(endpoint);
  app.withTypeProvider<ZodTypeProvider>().route({
    method: endpoint.method,
    url: endpoint.path,
    schema: {
      summary: endpoint.summary,
      tags: [endpoint.path.split('/')[1] ?? 'app'],
      ...(params ? { params } : {}),
      [input]: rest,
      ...(endpoint.headers ? { headers: endpoint.headers } : {}),
      response: {
        200: envelope(endpoint.response),
        400: ErrorEnvelope,
        ...(endpoint.auth ? { 401: ErrorEnvelope } : {}),
        500: ErrorEnvelope,
      },
      ...(endpoint.auth ? { security: [{ token: [] }] } : {}),
    },
    // A POST without a body (e.g. logout) validates as `{}`.
    preValidation: async (request) => {
      if (endpoint.method === 'POST' && (request.body === undefined || request.body === null))
        request.body = {};
    },
    ...(endpoint.auth ? { onRequest: app.authenticate } : {}),
    bodyLimit: endpoint.bodyLimit ?? BODY_LIMIT_DEFAULT,
    ...routeBudget(app, options.rateLimit),
    handler: async (request, reply) => {
      const ctx: RouteContext = {
        request,
        reply,
        auth: () => {
          if (!request.auth) throw new UnauthorizedError();
          return request.auth;
        },
      };
      const fields = input === 'body' ? request.body : request.query;
      const merged = params ? { ...(fields as object), ...(request.params as object) } : fields;
      const data = await handler(merged as z.output<E['request']>, ctx);
      return ok(data);
    },
  });
}
