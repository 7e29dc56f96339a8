import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

/**
 * The Content-Security-Policy of every answer, the web app's at `/` first: script, style and
 * the socket only from our own origin (the built index.html has no inline script or style;
 * React sets styles through the DOM, which a policy does not block); pictures also as `data:`
 * (captcha) and `blob:` (local previews) URLs, sound and video also as `blob:`; no plugins;
 * never framed. A stored file answers its own stricter `sandbox` policy.
 *
 * It may frame other sites' web pages (`frame-src https: http:`): the web view
 * (`pages/web-view/index`) shows one, and the app is a single document, so the policy cannot
 * be one page's alone. That frame is sandboxed without `allow-same-origin` or top navigation
 * (a cross-origin page never reaches the app's storage, cookies or DOM anyway; the sandbox
 * also gives a same-origin address an opaque origin, and our own answers refuse framing), the
 * app puts only http(s) addresses in it, and scripts still load from our origin alone.
 */
export const CONTENT_SECURITY_POLICY: Record<string, string[]> = {
  'default-src': ["'self'"],
  'script-src': ["'self'"],
  'style-src': ["'self'"],
  'img-src': ["'self'", 'data:', 'blob:'],
  'media-src': ["'self'", 'blob:'],
  'font-src': ["'self'", 'data:'],
  'connect-src': ["'self'"],
  'object-src': ["'none'"],
  'base-uri': ["'self'"],
  'form-action': ["'self'"],
  'frame-src': ['https:', 'http:'],
  'frame-ancestors': ["'none'"],
};

/** The API docs (/api/docs): the same, except that swagger-ui sets an inline style of its own. */
export const DOCS_CONTENT_SECURITY_POLICY: Record<string, string[]> = {
  ...CONTENT_SECURITY_POLICY,
  'style-src': ["'self'", "'unsafe-inline'"],
};

/**
 * Headers every answer carries, set by @fastify/helmet: the policy above, nosniff, no framing,
 * same-origin referrers, cross-origin isolation of windows and resources. HSTS is left to
 * whatever terminates TLS in front of the server (it alone knows the site is HTTPS-only).
 * CORS is not enabled: the web app is served from the same origin.
 *
 * JSON answers (every API envelope) are `Cache-Control: no-store`: they are one user's data,
 * which no browser or proxy cache may keep. Files and static assets set their own caching.
 */
export async function registerSecurityHeaders(app: FastifyInstance): Promise<void> {
  await app.register(helmet, {
    contentSecurityPolicy: { useDefaults: false, directives: CONTENT_SECURITY_POLICY },
    strictTransportSecurity: false,
    xFrameOptions: { action: 'deny' },
    referrerPolicy: { policy: 'same-origin' },
  });
  app.addHook('onSend', async (_request, reply, payload) => {
    const type = String(reply.getHeader('content-type') ?? '');
    if (type.startsWith('application/json') && !reply.hasHeader('cache-control'))
      reply.header('cache-control', 'no-store');
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
