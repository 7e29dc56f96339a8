import { checkChatNo, getCaptcha, login, logout, register } from '@paichat/protocol';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { RATE_LIMITS } from '../../http/rate-limit';
import { route } from '../../http/route';
import type { AuthService, Caller } from './service';

export const callerOf = (request: FastifyRequest): Caller => ({
  ip: request.ip,
  userAgent: request.headers['user-agent'],
});

export function authRoutes(app: FastifyInstance, auth: AuthService): void {
  route(app, getCaptcha, (input, { request }) => auth.issueCaptcha(input.account, callerOf(request)), {
    rateLimit: RATE_LIMITS.captcha,
  });
  route(app, checkChatNo, (input) => auth.checkChatNo(input.chatNo), { rateLimit: RATE_LIMITS.checkChatNo });
  route(app, register, (input, { request }) => auth.register(input, callerOf(request)), {
    rateLimit: RATE_LIMITS.register,
  });
  route(app, login, (input, { request }) => auth.login(input, callerOf(request)));
  route(app, logout, async (_input, ctx) => {
    await auth.logout(ctx.auth());
    return null;
  });
}
