import {
  clearMomentInteractions,
  commentMoment,
  deleteMoment,
  deleteMomentComment,
  getMoment,
  getMomentAlbum,
  getMomentCover,
  getMomentFeed,
  getMomentInteractions,
  likeMoment,
  postMoment,
  setMomentCover,
  unlikeMoment,
} from '@paichat/protocol';
import type { FastifyInstance } from 'fastify';
import { route } from '../../http/route';
import type { MomentInteractions } from './interactions';
import type { MomentsService } from './service';

export function momentsRoutes(
  app: FastifyInstance,
  moments: MomentsService,
  interactions: MomentInteractions,
): void {
  route(app, postMoment, (input, ctx) => moments.post(ctx.auth(), input));
  route(app, deleteMoment, (input, ctx) => moments.remove(ctx.auth(), input.momentId));
  route(app, getMomentFeed, (input, ctx) => moments.feed(ctx.auth().userId, input));
  route(app, getMomentAlbum, (input, ctx) => moments.album(ctx.auth().userId, input));
  route(app, getMoment, (input, ctx) => moments.detail(ctx.auth().userId, input.momentId));
  route(app, likeMoment, (input, ctx) => interactions.like(ctx.auth(), input.momentId));
  route(app, unlikeMoment, (input, ctx) => interactions.unlike(ctx.auth(), input.momentId));
  route(app, commentMoment, (input, ctx) => interactions.comment(ctx.auth(), input));
  route(app, deleteMomentComment, (input, ctx) => interactions.deleteComment(ctx.auth(), input.commentId));
  route(app, getMomentInteractions, (_input, ctx) => interactions.list(ctx.auth().userId));
  route(app, getMomentCover, (input, ctx) => moments.cover(ctx.auth().userId, input.userId));
  route(app, setMomentCover, (input, ctx) => moments.setCover(ctx.auth(), input.cover));
  route(app, clearMomentInteractions, (_input, ctx) => interactions.clear(ctx.auth().userId));
}
