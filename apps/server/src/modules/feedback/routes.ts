import { submitFeedback } from '@paichat/protocol';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { route } from '../../http/route';
import type { ClientInfo, FeedbackService } from './service';

/** A header's value, cut to what the column holds ('' when absent). */
const header = (request: FastifyRequest, name: string): string => {
  const value = request.headers[name];
  return (Array.isArray(value) ? (value[0] ?? '') : (value ?? '')).slice(0, 32);
};

const clientOf = (request: FastifyRequest): ClientInfo => ({
  appVersion: header(request, 'version'),
  device: header(request, 'device'),
});

export function feedbackRoutes(app: FastifyInstance, feedback: FeedbackService): void {
  route(app, submitFeedback, (input, ctx) => feedback.submit(ctx.auth(), input, clientOf(ctx.request)));
}
