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

/** Where the Pi SDK comes from (the Pi Browser's `window.Pi`): https://sdk.minepi.com/pi-sdk.js. */
export const PI_SDK_ORIGIN = 'https://sdk.minepi.com';
/** Where the Pi sandbox (PI_SANDBOX=on) frames an app under development. */
export const PI_SANDBOX_ORIGIN = 'https://sandbox.minepi.com';

/**
 * The policy of a server that offers Pi sign-in: the Pi SDK is Pi Network's own script, which
 * the Pi Browser's apps must load from Pi's origin (it is not published to be bundled), so that
 * one origin joins `script-src`; nothing else changes, and a server without PI_API_KEY keeps the
 * self-only policy. In the sandbox (PI_SANDBOX=on) the app runs framed by Pi's sandbox page,
 * which alone may frame it then.
 */
export function contentSecurityPolicy(pi: { enabled: boolean; sandbox: boolean }): Record<string, string[]> {
  if (!pi.enabled) return CONTENT_SECURITY_POLICY;
  return {
    ...CONTENT_SECURITY_POLICY,
    'script-src': ["'self'", PI_SDK_ORIGIN],
    ...(pi.sandbox ? { 'frame-ancestors': [PI_SANDBOX_ORIGIN] } : {}),
  };
}

/** The API docs (/api/docs): the same, except that swagger-ui sets an inline style of its own. */
export const DOCS_CONTENT_SECURITY_POLICY: Record<string, string[]> = {
  ...CONTENT_SECURITY_POLICY,
  'style-src': ["'self'", "'unsafe-inline'"],
};

/** A policy as its header. */
const policyHeader = (policy: Record<string, string[]>): string =>
  Object.entries(policy)
    .map(([directive, sources]) => `${directive} ${sources.join(' ')}`)
    .join('; ');

/** What every answer carries: nosniff, same-origin resources and referrers. */
const EVERY_ANSWER = {
  'x-content-type-options': 'nosniff',
  'cross-origin-resource-policy': 'same-origin',
  'referrer-policy': 'same-origin',
};

/**
 * The headers of every answer, set from objects made once (a JSON answer pays a few header
 * sets): nosniff, same-origin resources and referrers, and `Cache-Control: no-store` on JSON
 * (every API envelope is one user's data, which no browser or proxy cache may keep; files and
 * static assets set their own caching). What only a document heeds goes on HTML answers alone
 * (the web app, the API docs, any text/html): the policy above (unless the answer has its own:
 * a stored file's `sandbox`, the docs'), no framing, a window and agent cluster of its own, no
 * DNS prefetching or legacy plugin and download behaviour. HSTS is left to whatever terminates
 * TLS in front of the server (it alone knows the site is HTTPS-only). CORS is not enabled: the
 * web app is served from the same origin.
 */
export function registerSecurityHeaders(
  app: FastifyInstance,
  pi: { enabled: boolean; sandbox: boolean } = { enabled: false, sandbox: false },
): void {
  const policy = policyHeader(contentSecurityPolicy(pi));
  const documentHeaders: Record<string, string> = {
    'cross-origin-opener-policy': 'same-origin',
    'origin-agent-cluster': '?1',
    'x-dns-prefetch-control': 'off',
    'x-download-options': 'noopen',
    'x-permitted-cross-domain-policies': 'none',
    'x-xss-protection': '0',
    // X-Frame-Options cannot name an origin; in the Pi sandbox frame-ancestors says who may frame.
    ...(pi.enabled && pi.sandbox ? {} : { 'x-frame-options': 'DENY' }),
  };
  app.addHook('onSend', (_request, reply, payload, done) => {
    reply.headers(EVERY_ANSWER);
    const type = reply.getHeader('content-type');
    if (typeof type === 'string') {
      if (type.startsWith('application/json')) {
        if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
      } else if (type.startsWith('text/html')) {
        reply.headers(documentHeaders);
        if (!reply.hasHeader('content-security-policy')) reply.header('content-security-policy', policy);
      }
    }
    done(null, payload);
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
