import { withQuery } from './url';

/**
 * An absolute link that opens one page of this app (hash routing): the page's own origin and
 * path, then `#<route>?<params>`. QR codes and shared links carry it, so it must not depend on
 * the page the app happens to show now.
 */
export function appLink(
  route: string,
  params: Readonly<Record<string, string>>,
  where: Pick<Location, 'origin' | 'pathname'> = window.location,
): string {
  return `${where.origin}${where.pathname}#${withQuery(route, params)}`;
}

/**
 * The route an absolute link to this app opens, as `appLink` makes them
 * (`https://host/#/wx/…?…` → `/wx/…?…`); null for any other address, the app's own site
 * outside its pages included (another path, port or scheme, or no route after the `#`).
 */
export function appRouteOf(
  href: string,
  where: Pick<Location, 'origin' | 'pathname'> = window.location,
): string | null {
  let url: URL;
  try {
    url = new URL(href);
  } catch {
    return null;
  }
  if (url.origin !== where.origin || url.pathname !== where.pathname) return null;
  return url.hash.startsWith('#/') ? url.hash.slice(1) : null;
}
