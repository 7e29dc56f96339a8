import { shake, shakeResult } from '@paichat/protocol';
import type { FastifyInstance } from 'fastify';
import { RATE_LIMITS } from '../../http/rate-limit';
import { route } from '../../http/route';
import type { ShakeService } from './service';

export function shakeRoutes(app: FastifyInstance, shakes: ShakeService): void {
  route(app, shake, (input, ctx) => shakes.shake(ctx.auth().userId, input.position), {
    rateLimit: RATE_LIMITS.shake,
  });
  route(app, shakeResult, (_input, ctx) => shakes.result(ctx.auth().userId), {
    rateLimit: RATE_LIMITS.shakeResult,
  });
}
