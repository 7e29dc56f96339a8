import { searchMessages } from '@paichat/protocol';
import type { FastifyInstance } from 'fastify';
import { RATE_LIMITS } from '../../http/rate-limit';
import { route } from '../../http/route';
import type { SearchService } from './service';

export function searchRoutes(app: FastifyInstance, search: SearchService): void {
  route(app, searchMessages, (input, ctx) => search.messages(ctx.auth().userId, input), {
    rateLimit: RATE_LIMITS.messageSearch,
  });
}
