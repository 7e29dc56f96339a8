/**
 * Sends over the open socket (protocol socket.ts, `SendFrame`): each frame's body is validated
 * with its HTTP endpoint's request schema and run by the same handler as the HTTP route, and
 * answered with an `ack` frame carrying the HTTP answer's envelope, refusals included.
 */
import {
  Code,
  ErrorId,
  MAX_SOCKET_SENDS_IN_FLIGHT,
  type AckFrame,
  type Endpoint,
  type SendFrame,
} from '@paichat/protocol';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { Durability } from '../db/durability';
import { UnauthorizedError } from '../errors';
import type { AuthContext } from '../http/auth-hook';
import { ok, refusal } from '../http/envelope';
import { toEnvelope, validationMessage } from '../http/error-handler';
import type { SocketIdentity } from './gateway';

type Run = (input: unknown, auth: AuthContext) => Promise<unknown>;

export interface SocketSends {
  /** What `path` runs over the socket: the same endpoint and handler as its HTTP route. */
  serve<E extends Endpoint>(
    endpoint: E,
    handler: (input: z.output<E['request']>, auth: AuthContext) => Promise<z.output<E['response']>>,
  ): void;
  /**
   * The frames of one socket: hands each ack to `reply`, in the order the sends complete.
   * `identity` is null until the socket is ready (its sends are refused until then).
   */
  forSocket(identity: () => SocketIdentity | null, reply: (ack: string) => void): (frame: SendFrame) => void;
}

export function createSocketSends(options: {
  durability: Durability;
  /** The wall clock sessions expire by (ms since the epoch). */
  now: () => number;
  log: FastifyBaseLogger;
}): SocketSends {
  const { durability, now, log } = options;
  const handlers = new Map<string, { request: z.ZodType; run: Run }>();

  const answer = async (
    identity: SocketIdentity,
    frame: SendFrame,
  ): Promise<Omit<AckFrame, 'type' | 'id'>> => {
    const handler = handlers.get(frame.path);
    if (!handler)
      return refusal(Code.NOT_FOUND, `Cannot send to ${frame.path} over the socket`, ErrorId.notFound);
    // The ledger closes a socket when its session is revoked; its expiry is checked here.
    if (now() >= identity.expiresAt) return toEnvelope(new UnauthorizedError()).body;
    const input = handler.request.safeParse(frame.body ?? {});
    if (!input.success) {
      const issues = input.error.issues.map((issue) => ({
        keyword: issue.code,
        instancePath: `/${issue.path.join('/')}`,
        message: issue.message,
      }));
      return refusal(Code.BAD_REQUEST, validationMessage(issues, 'body'), ErrorId.validation);
    }
    try {
      const auth = { userId: Number(identity.userId), sessionId: Number(identity.sessionId) };
      const data = await handler.run(input.data, auth);
      // As every HTTP answer (http/durable-answers.ts): acknowledged only once it is on disk.
      if (!durability.settled) await durability.flush();
      return ok(data);
    } catch (error) {
      const { status, body } = toEnvelope(error);
      if (status === 500) log.error({ err: error, path: frame.path }, 'socket send failed');
      return body;
    }
  };

  return {
    serve(endpoint, handler) {
      handlers.set(endpoint.path, { request: endpoint.request, run: handler as Run });
    },
    forSocket(identity, reply) {
      const inFlight = new Set<string>();
      const ack = (id: string, envelope: Omit<AckFrame, 'type' | 'id'>): void =>
        reply(JSON.stringify({ type: 'ack', id, ...envelope }));
      return (frame) => {
        const caller = identity();
        if (!caller) {
          ack(frame.id, refusal(Code.BAD_REQUEST, 'Send only after SOCKET_READY', ErrorId.validation));
          return;
        }
        if (inFlight.has(frame.id)) {
          ack(
            frame.id,
            refusal(Code.CONFLICT, `Frame id ${frame.id} is still in flight`, ErrorId.validation),
          );
          return;
        }
        if (inFlight.size >= MAX_SOCKET_SENDS_IN_FLIGHT) {
          ack(
            frame.id,
            refusal(Code.TOO_MANY, 'Too many sends in flight, wait for their acks', ErrorId.tooManyAttempts),
          );
          return;
        }
        inFlight.add(frame.id);
        void answer(caller, frame).then((envelope) => {
          inFlight.delete(frame.id);
          ack(frame.id, envelope);
        });
      };
    },
  };
}
