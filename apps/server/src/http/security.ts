import type { FastifyInstance } from 'fastify';

/** Headers every answer carries. CORS is not enabled: the web app is served from the same origin. */
export function installSecurityHeaders(app: FastifyInstance): void {
  app.addHook('onSend', async (_request, reply, payload) => {
    reply.header('x-content-type-options', 'nosniff');
    reply.header('x-frame-options', 'DENY');
    reply.header('referrer-policy', 'same-origin');
    return payload;
  });
}

/**
 * JSON bodies: Fastify's own parser (which refuses `__proto__` and `constructor.prototype`
 * poisoning), except that an empty body counts as no body, so `POST /auth/logout` with a
 * JSON content type and nothing in it is accepted.
 */
export function installJsonParser(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (typeof body === 'string' && body.trim() === '') {
      done(null, undefined);
      return;
    }
    parseJson(request, body.toString(), done);
  });
}
