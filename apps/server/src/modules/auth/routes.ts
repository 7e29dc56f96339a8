import { checkChatNo, getCaptcha, login, logout, register } from '@paichat/protocol';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { RATE_LIMITS } from '../../http/rate-limit';
import { route } from '../../http/route';
import type { AuthService, Caller } from './service';

const callerOf = (request: FastifyRequest): Caller => ({
  ip: request.ip,
  userAgent: request.headers['user-agent'],
});

export function authRoutes(app: FastifyInstance, auth: AuthService): void {
  route(app, getCaptcha, () => auth.issueCaptcha(), { rateLimit: RATE_LIMITS.captcha });
  route(app, checkChatNo, (input) => auth.checkChatNo(input.chatNo));
  route(app, register, (input, { request }) => auth.register(input, callerOf(request)));
  route(app, login, (input, { request }) => auth.login(input, callerOf(request)));
  route(app, logout, async (_input, ctx) => {
    await auth.logout(ctx.auth());
    return null;
  });
}
