import { socketTicket } from '@paichat/protocol';
import type { FastifyInstance } from 'fastify';
import { RATE_LIMITS } from '../../http/rate-limit';
import { route } from '../../http/route';
import type { SocketsService } from './service';

export function socketsRoutes(app: FastifyInstance, sockets: SocketsService): void {
  route(app, socketTicket, (_input, ctx) => sockets.issueTicket(ctx.auth()), {
    rateLimit: RATE_LIMITS.socketTicket,
  });
}
