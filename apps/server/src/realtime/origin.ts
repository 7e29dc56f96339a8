import type { FastifyRequest } from 'fastify';

/**
 * Which pages may open the socket. A browser sends the page's `Origin` with every WebSocket
 * handshake and, unlike for fetch, nothing else stops a page on another site from opening
 * one: so the gateway accepts the app's own origin and the configured ones (ALLOWED_ORIGINS)
 * and refuses every other before the upgrade.
 *
 * A handshake without `Origin` is not from a browser page (a native client, a test, a
 * benchmark): it is accepted, because refusing it protects no browser user (a browser always
 * sends one) and the ticket is still required.
 */

/**
 * The app's own origin as the browser sees it: the request's scheme and Host, or, behind a
 * proxy TRUST_PROXY names, its X-Forwarded-Proto and X-Forwarded-Host (Fastify decides).
 */
export function ownOrigin(request: Pick<FastifyRequest, 'protocol' | 'host'>): string | null {
  if (!request.host) return null;
  try {
    return new URL(`${request.protocol}://${request.host}`).origin;
  } catch {
    return null;
  }
}

export function isAllowedOrigin(
  origin: string | undefined,
  own: string | null,
  allowed: readonly string[],
): boolean {
  if (origin === undefined) return true;
  let normalized: string;
  try {
    normalized = new URL(origin).origin;
  } catch {
    // Includes "null" (a sandboxed frame, a file:// page): no page of ours.
    return false;
  }
  return normalized === own || allowed.includes(normalized);
}
