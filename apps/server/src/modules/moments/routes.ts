import { deleteMoment, getMoment, getMomentAlbum, getMomentFeed, postMoment } from '@paichat/protocol';
import type { FastifyInstance } from 'fastify';
import { route } from '../../http/route';
import type { MomentsService } from './service';

export function momentsRoutes(app: FastifyInstance, moments: MomentsService): void {
  route(app, postMoment, (input, ctx) => moments.post(ctx.auth(), input));
  route(app, deleteMoment, (input, ctx) => moments.remove(ctx.auth(), input.momentId));
  route(app, getMomentFeed, (input, ctx) => moments.feed(ctx.auth().userId, input));
  route(app, getMomentAlbum, (input, ctx) => moments.album(ctx.auth().userId, input));
  route(app, getMoment, (input, ctx) => moments.detail(ctx.auth().userId, input.momentId));
}
