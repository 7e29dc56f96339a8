import type { FastifyReply, FastifyRequest } from 'fastify';
import { UnauthorizedError } from '../errors';

export interface AuthContext {
  userId: number;
  sessionId: number;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the auth hook on routes that require a signed-in token. */
    auth: AuthContext | null;
  }
}

/** The cookie the web app keeps its token in (URI-encoded), so that `<img src>` can fetch files. */
export const AUTH_COOKIE = 'auth_token';

/** `Authorization: <token>`, also accepted as `Authorization: Bearer <token>`. */
export function tokenFromHeader(header: string | undefined): string | null {
  if (!header) return null;
  const token = header.replace(/^Bearer\s+/i, '').trim();
  return token === '' ? null : token;
}

/** The token in the `auth_token` cookie, decoded; null when absent or malformed. */
export function tokenFromCookie(header: string | undefined): string | null {
  if (!header) return null;
  for (const pair of header.split(';')) {
    const [name, ...rest] = pair.split('=');
    if (name?.trim() !== AUTH_COOKIE) continue;
    try {
      return tokenFromHeader(decodeURIComponent(rest.join('=').trim()));
    } catch {
      return null;
    }
  }
  return null;
}

/**
 * The first hook (onRequest) of protected routes: 401 for a missing, unknown, expired or
 * revoked token, before the body is read.
 * Only the header counts, except where `cookie` is set: reading files (GET, no side effects).
 * A cookie rides along on cross-site requests too, so it must never authorize a change.
 */
export function createAuthHook(
  resolveToken: (token: string) => Promise<AuthContext | null>,
  options: { cookie?: boolean } = {},
) {
  return async (request: FastifyRequest, _reply: FastifyReply): Promise<void> => {
    const token =
      tokenFromHeader(request.headers.authorization) ??
      (options.cookie ? tokenFromCookie(request.headers.cookie) : null);
    const auth = token ? await resolveToken(token) : null;
    if (!auth) throw new UnauthorizedError();
    request.auth = auth;
  };
}
