/**
 * Sign-in through Pi, Google and X over HTTP. The protocol endpoints answer envelopes; the two
 * callbacks are where Google and X send the browser back, so they answer redirects into the web
 * app (OAUTH_RETURN) and carry the session in the `auth_token` cookie the web app keeps its token
 * in: the long-lived token never appears in a URL (history, logs, Referer).
 *
 * The state of a Google or X attempt is bound to the browser that asked for the link by a
 * cookie holding it: HttpOnly, SameSite=Lax (a provider's redirect back is a top-level GET,
 * which Lax lets through), limited to that provider's callback path, and gone after
 * OAUTH_TTL_MS or the callback, whichever comes first.
 */
import {
  getAuthProviders,
  getMyIdentities,
  linkPi,
  OAUTH_RETURN,
  type OAuthProvider,
  piLogin,
  startOAuthLink,
  startOAuthLogin,
  unlinkIdentity,
} from '@paichat/protocol';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AUTH_COOKIE } from '../../http/auth-hook';
import { RATE_LIMITS } from '../../http/rate-limit';
import { route } from '../../http/route';
import { callerOf } from '../auth/routes';
import { OAUTH_TTL_MS, OAuthCallbackError, type IdentitiesService } from './service';

const DAY_S = 86_400;
const STATE_COOKIE_MAX = 512;
const CALLBACK_PARAM_MAX = 4096;

const stateCookieName = (provider: OAuthProvider) => `paichat_oauth_${provider}`;
const callbackPath = (provider: OAuthProvider) => `/auth/${provider}/callback`;

function cookie(
  request: FastifyRequest,
  name: string,
  value: string,
  options: { path: string; maxAgeS: number; httpOnly: boolean },
): string {
  return [
    `${name}=${value}`,
    `Path=${options.path}`,
    `Max-Age=${options.maxAgeS}`,
    'SameSite=Lax',
    ...(options.httpOnly ? ['HttpOnly'] : []),
    ...(request.protocol === 'https' ? ['Secure'] : []),
  ].join('; ');
}

/** The value of a cookie the request carries (null: none, or too long to be ours). */
function readCookie(request: FastifyRequest, name: string): string | null {
  for (const pair of (request.headers.cookie ?? '').split(';')) {
    const eq = pair.indexOf('=');
    if (eq < 0 || pair.slice(0, eq).trim() !== name) continue;
    const value = pair.slice(eq + 1).trim();
    return value === '' || value.length > STATE_COOKIE_MAX ? null : value;
  }
  return null;
}

/** The callback's query as sent (every value a bounded string), for openid-client to check. */
function callbackParams(request: FastifyRequest): URLSearchParams | null {
  const query = request.query as Record<string, unknown>;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (typeof value !== 'string' || value.length > CALLBACK_PARAM_MAX) return null;
    params.append(key, value);
  }
  return params;
}

export function identitiesRoutes(
  app: FastifyInstance,
  identities: IdentitiesService,
  tokenTtlDays: number,
): void {
  route(app, getAuthProviders, async () => identities.providers());

  route(app, piLogin, (input, { request }) => identities.signInWithPi(input.accessToken, callerOf(request)), {
    rateLimit: RATE_LIMITS.signInWith,
  });

  const startOAuth = async (
    provider: OAuthProvider,
    request: FastifyRequest,
    reply: FastifyReply,
    linkUserId: number | null,
  ) => {
    const { url, state } = await identities.startOAuth(provider, linkUserId);
    reply.header(
      'set-cookie',
      cookie(request, stateCookieName(provider), state, {
        path: callbackPath(provider),
        maxAgeS: OAUTH_TTL_MS / 1000,
        httpOnly: true,
      }),
    );
    return { url };
  };

  route(
    app,
    startOAuthLogin,
    (input, { request, reply }) => startOAuth(input.provider, request, reply, null),
    {
      rateLimit: RATE_LIMITS.signInWith,
    },
  );

  route(app, getMyIdentities, (_input, ctx) => identities.list(ctx.auth().userId));
  route(app, linkPi, (input, ctx) => identities.linkPi(ctx.auth().userId, input.accessToken), {
    rateLimit: RATE_LIMITS.signInWith,
  });
  route(
    app,
    startOAuthLink,
    (input, ctx) => startOAuth(input.provider, ctx.request, ctx.reply, ctx.auth().userId),
    { rateLimit: RATE_LIMITS.signInWith },
  );
  route(app, unlinkIdentity, (input, ctx) => identities.unlink(ctx.auth().userId, input.provider));

  for (const provider of ['google', 'twitter'] as const) {
    app.get(
      callbackPath(provider),
      { schema: { hide: true }, config: { rateLimit: RATE_LIMITS.signInWith } },
      async (request, reply) => {
        const cookies = [
          cookie(request, stateCookieName(provider), '', {
            path: callbackPath(provider),
            maxAgeS: 0,
            httpOnly: true,
          }),
        ];
        let location: string;
        try {
          const params = callbackParams(request);
          if (!params) throw new OAuthCallbackError('failed', false);
          const outcome = await identities.finishOAuth(
            provider,
            params,
            readCookie(request, stateCookieName(provider)),
            callerOf(request),
          );
          if (outcome.kind === 'signedIn') {
            // The cookie the web app reads its token from (apps/web/src/lib/authToken.ts).
            cookies.push(
              cookie(request, AUTH_COOKIE, encodeURIComponent(outcome.token), {
                path: '/',
                maxAgeS: Math.round(tokenTtlDays * DAY_S),
                httpOnly: false,
              }),
            );
            location = `${OAUTH_RETURN.signedIn}?provider=${provider}`;
          } else {
            location = `${OAUTH_RETURN.linked}?provider=${provider}&linked=1`;
          }
        } catch (error) {
          const refused = error instanceof OAuthCallbackError;
          if (refused)
            request.log.info(
              { provider, reason: error.reason, cause: String(error.cause) },
              'sign-in callback refused',
            );
          else request.log.error({ err: error, provider }, 'sign-in callback failed');
          const reason = refused ? error.reason : 'failed';
          location =
            refused && error.linking
              ? `${OAUTH_RETURN.linked}?provider=${provider}&error=${reason}`
              : `${OAUTH_RETURN.loginFailed}?provider=${provider}&error=${reason}`;
        }
        return reply
          .header('set-cookie', cookies)
          .header('cache-control', 'no-store')
          .redirect(location, 303);
      },
    );
  }
}
