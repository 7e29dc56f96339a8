import { linkPreview } from '@paichat/protocol';
import type { FastifyInstance } from 'fastify';
import { RATE_LIMITS } from '../../http/rate-limit';
import { route } from '../../http/route';
import type { LinkPreviewService } from './service';

export function linkPreviewRoutes(app: FastifyInstance, previews: LinkPreviewService): void {
  route(app, linkPreview, (input, ctx) => previews.preview(ctx.auth(), input), {
    rateLimit: RATE_LIMITS.linkPreview,
  });
}
