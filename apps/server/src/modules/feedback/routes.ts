import { submitFeedback, type FeedbackHeaders } from '@paichat/protocol';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { RATE_LIMITS } from '../../http/rate-limit';
import { route } from '../../http/route';
import type { FeedbackService } from './service';

export function feedbackRoutes(app: FastifyInstance, feedback: FeedbackService): void {
  route(
    app,
    submitFeedback,
    (input, ctx) => {
      // Validated by the endpoint's header schema (FeedbackHeaders) before the handler runs.
      const { version, device } = ctx.request.headers as z.output<typeof FeedbackHeaders>;
      return feedback.submit(ctx.auth(), input, { appVersion: version, device });
    },
    { rateLimit: RATE_LIMITS.feedback },
  );
}
