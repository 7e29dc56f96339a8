import { clearLocation, listNearby, shareLocation } from '@paichat/protocol';
import type { FastifyInstance } from 'fastify';
import { RATE_LIMITS } from '../../http/rate-limit';
import { route } from '../../http/route';
import type { NearbyService } from './service';

export function nearbyRoutes(app: FastifyInstance, nearby: NearbyService): void {
  route(app, shareLocation, (input, ctx) => nearby.share(ctx.auth().userId, input), {
    rateLimit: RATE_LIMITS.nearbyShare,
  });
  route(app, listNearby, (input, ctx) => nearby.list(ctx.auth().userId, input.gender), {
    rateLimit: RATE_LIMITS.nearbyList,
  });
  route(app, clearLocation, async (_input, ctx) => {
    await nearby.clear(ctx.auth().userId);
    return null;
  });
}
