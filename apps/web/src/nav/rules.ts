/**
 * The spec's navigation rules (section 2) as a pure decision, so they are testable without a
 * router: `navigateTo` pushes, `redirectTo` replaces, `switchTab` replaces with a tab page,
 * `reLaunch` replaces and forgets the history before it, `navigateBack` pops or, on the first
 * page, goes home ('/').
 *
 * - navigateTo / redirectTo to a tab page: rejected ('tabPage').
 * - switchTab to a page that is not a tab: rejected ('notTabPage').
 * - an unknown path: allowed, and flagged so the page-not-found screen shows.
 * - the URL being navigated to right now, or the current URL: rejected ('locked').
 * - a page opened from the page a back rule names (a chat from a person's Info page) goes back
 *   to the rule's tab, as if it had been opened there: WeChat's Info → Messages → Back shows
 *   the chat list, not the Info page again.
 *
 * Route parameters travel as query values (`wx/personInfo/detail?userId=…`).
 */

export type NavKind = 'navigateTo' | 'redirectTo' | 'switchTab' | 'reLaunch' | 'navigateBack';
export type NavRejection = 'tabPage' | 'notTabPage' | 'locked';

export interface RouteIndex {
  /** Canonical paths ('/wx/tabbar1/index') of every page of the route table. */
  readonly known: ReadonlySet<string>;
  /** Canonical paths of the tab pages. */
  readonly tabs: ReadonlySet<string>;
  /** Pages whose Back goes to a tab when opened from a certain page. */
  readonly backRules?: readonly BackRule[];
}

/** `page` opened from `from` goes back to the tab `back` (canonical paths). */
export interface BackRule {
  readonly from: string;
  readonly page: string;
  readonly back: string;
}

export interface NavState {
  /** The current location, canonical, with its query ('/wx/chatWindow/index?userId=1'). */
  current: string;
  /** The URL a navigation is under way to, if any. */
  pending: string | null;
  /** Whether a page of ours lies behind the current one. */
  canGoBack: boolean;
  /** Where Back goes instead of the page behind, when a back rule opened the current page. */
  backTo?: string | null;
}

export type NavDecision =
  | {
      ok: true;
      action: 'push' | 'replace' | 'back';
      to: string;
      notFound: boolean;
      reset: boolean;
      /** A pushed page a back rule names: where its Back goes. */
      backTo?: string;
    }
  | { ok: false; reason: NavRejection; to: string };

export const HOME = '/';

/** Without a pattern: `/\/+$/` would rescan every run of slashes from each of its slashes. */
function trimTrailingSlashes(path: string): string {
  let end = path.length;
  while (end > 0 && path[end - 1] === '/') end -= 1;
  return path.slice(0, end);
}

/** '/a/b?x=1', 'a/b?x=1' and '#/a/b?x=1' all give path '/a/b' and url '/a/b?x=1'. */
export function normalizeUrl(url: string): { path: string; search: string; url: string } {
  let u = url.trim().replace(/^#/, '');
  const hash = u.indexOf('#');
  if (hash >= 0) u = u.slice(0, hash);
  const q = u.indexOf('?');
  const rawPath = q >= 0 ? u.slice(0, q) : u;
  const rawSearch = q >= 0 ? u.slice(q) : '';
  const path = '/' + trimTrailingSlashes(rawPath.replace(/^\/+/, ''));
  const search = rawSearch === '?' ? '' : rawSearch;
  return { path, search, url: path + search };
}

export function decideNavigation(
  kind: NavKind,
  target: string | undefined,
  routes: RouteIndex,
  state: NavState,
): NavDecision {
  if (kind === 'navigateBack') {
    // The rule's tab replaces the page, and the pages behind no longer count (as a reLaunch).
    if (state.backTo) return { ok: true, action: 'replace', to: state.backTo, notFound: false, reset: true };
    return state.canGoBack
      ? { ok: true, action: 'back', to: '', notFound: false, reset: false }
      : { ok: true, action: 'replace', to: HOME, notFound: false, reset: true };
  }

  const { path, url } = normalizeUrl(target ?? HOME);
  if (url === state.current || url === state.pending) return { ok: false, reason: 'locked', to: url };

  const notFound = !routes.known.has(path);
  const isTab = routes.tabs.has(path);
  if (!notFound) {
    if ((kind === 'navigateTo' || kind === 'redirectTo') && isTab)
      return { ok: false, reason: 'tabPage', to: url };
    if (kind === 'switchTab' && !isTab) return { ok: false, reason: 'notTabPage', to: url };
  }

  const from = normalizeUrl(state.current).path;
  const rule =
    kind === 'navigateTo' ? routes.backRules?.find((r) => r.from === from && r.page === path) : undefined;
  return {
    ok: true,
    action: kind === 'navigateTo' ? 'push' : 'replace',
    to: url,
    notFound,
    reset: kind === 'reLaunch',
    ...(rule ? { backTo: rule.back } : {}),
  };
}
