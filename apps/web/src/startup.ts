import { normalizeUrl } from './nav/rules';

/**
 * The spec's startup rule, for the page the app opens on: at the root, a stored Authorization
 * goes to the Message tab and its absence to environment detection. A deep link to any other
 * page opens that page (the route guards send a signed-out visitor of a protected page to login).
 */
export function startupRedirect(
  hash: string,
  signedIn: boolean,
  targets: { signedIn: string; signedOut: string },
): string | null {
  if (normalizeUrl(hash).path !== '/') return null;
  return signedIn ? targets.signedIn : targets.signedOut;
}
