import { decideNavigation, normalizeUrl, type NavKind, type NavRejection, type RouteIndex } from './rules';

/** What every navigation answers: never an exception, a reason when it was refused. */
export type NavResult =
  { ok: true; to: string; notFound: boolean } | { ok: false; reason: NavRejection; to: string };

export interface Nav {
  navigateTo(url: string): NavResult;
  redirectTo(url: string): NavResult;
  switchTab(url: string): NavResult;
  reLaunch(url: string): NavResult;
  navigateBack(): NavResult;
}

/** The part of react-router's data router the navigator drives. */
export interface RouterLike {
  readonly state: { readonly location: { readonly pathname: string; readonly search: string } };
  navigate(to: number): Promise<void>;
  navigate(to: string, opts?: { replace?: boolean }): Promise<void>;
}

/** react-router's browser/hash history numbers its entries in `history.state.idx`. */
export function browserHistoryIndex(): number {
  const state: unknown = window.history.state;
  return state && typeof state === 'object' && 'idx' in state && typeof state.idx === 'number'
    ? state.idx
    : 0;
}

function warnInDev(kind: NavKind, reason: NavRejection, to: string): void {
  if (import.meta.env.DEV) console.warn(`[nav] ${kind}(${to}) rejected: ${reason}`);
}

/**
 * Binds the pure rules to a router. It remembers the URL a navigation is under way to (for the
 * 'locked' rule) and where the last reLaunch left the history: pages before it do not count as
 * "behind" for navigateBack, as if reLaunch had closed them.
 */
export class Navigator implements Nav {
  private pending: string | null = null;
  private base = 0;
  /** Back rules' tabs, by the history index of the page they were set for. */
  private readonly backTargets = new Map<number, string>();

  constructor(
    private readonly router: RouterLike,
    private readonly routes: RouteIndex,
    private readonly historyIndex: () => number = browserHistoryIndex,
    private readonly onReject: (kind: NavKind, reason: NavRejection, to: string) => void = warnInDev,
  ) {}

  navigateTo = (url: string) => this.go('navigateTo', url);
  redirectTo = (url: string) => this.go('redirectTo', url);
  switchTab = (url: string) => this.go('switchTab', url);
  reLaunch = (url: string) => this.go('reLaunch', url);
  navigateBack = () => this.go('navigateBack');

  private current(): string {
    const { pathname, search } = this.router.state.location;
    return normalizeUrl(pathname + search).url;
  }

  private go(kind: NavKind, url?: string): NavResult {
    const index = this.historyIndex();
    const decision = decideNavigation(kind, url, this.routes, {
      current: this.current(),
      pending: this.pending,
      canGoBack: index > this.base,
      backTo: this.backTargets.get(index) ?? null,
    });
    if (!decision.ok) {
      this.onReject(kind, decision.reason, decision.to);
      return decision;
    }
    // A replace keeps the entry's index, so the reset point is the index we are on now.
    if (decision.reset) this.base = index;
    // The page now at this index (or the next, after a push) has a back rule only if it says so.
    const at = decision.action === 'push' ? index + 1 : index;
    if (decision.backTo) this.backTargets.set(at, decision.backTo);
    else this.backTargets.delete(at);
    if (decision.action === 'back') {
      void this.router.navigate(-1).catch(() => undefined);
      return { ok: true, to: decision.to, notFound: false };
    }
    const to = decision.to;
    this.pending = to;
    const settle = () => {
      if (this.pending === to) this.pending = null;
    };
    this.router.navigate(to, { replace: decision.action === 'replace' }).then(settle, settle);
    return { ok: true, to, notFound: decision.notFound };
  }
}
