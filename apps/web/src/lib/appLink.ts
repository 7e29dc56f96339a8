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
