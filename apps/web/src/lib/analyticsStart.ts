/**
 * What the app's start needs of the usage statistics (./analytics), without their code: that
 * loads after the first render (the bundle budget), and the page views shown meanwhile wait.
 */
import { STAT_UNKNOWN_PAGE } from '@paichat/protocol';
import type { Analytics, AnalyticsDeps, AnalyticsOptions } from './analytics';

/** Build-time settings: VITE_STAT_APP_KEY turns it on, VITE_STAT_URL points it elsewhere. */
export function analyticsFromEnv(env: Record<string, unknown>): AnalyticsOptions | null {
  const read = (name: string) => {
    const value = env[name];
    return typeof value === 'string' ? value.trim() : '';
  };
  const appKey = read('VITE_STAT_APP_KEY');
  if (!appKey) return null;
  let url = read('VITE_STAT_URL');
  while (url.endsWith('/')) url = url.slice(0, -1);
  return { url, appKey };
}

/**
 * Loads the statistics and starts them; page views asked for before they are there are
 * recorded, in order, once they are. A failed load records nothing (statistics never reach the UI).
 */
export function startAnalytics(
  options: AnalyticsOptions,
  deps: Partial<AnalyticsDeps> = {},
  load: () => Promise<{ Analytics: typeof Analytics }> = () => import('./analytics'),
): Pick<Analytics, 'pageView'> {
  let analytics: Analytics | null = null;
  let waiting: string[] | null = [];
  load().then(
    (module) => {
      analytics = new module.Analytics(options, deps);
      analytics.start();
      for (const path of waiting ?? []) analytics.pageView(path);
      waiting = null;
    },
    () => (waiting = null),
  );
  return {
    pageView(path) {
      if (analytics) analytics.pageView(path);
      else waiting?.push(path);
    },
  };
}

/** Follows a router's location: a page view per new location, by path, unknown paths as `not-found`. */
export function watchPageViews(
  router: {
    readonly state: { readonly location: { readonly key: string; readonly pathname: string } };
    subscribe(listener: (state: { location: { key: string; pathname: string } }) => void): () => void;
  },
  known: ReadonlySet<string>,
  analytics: Pick<Analytics, 'pageView'>,
): () => void {
  let shown: string | undefined;
  const view = (location: { key: string; pathname: string }) => {
    if (location.key === shown) return;
    shown = location.key;
    analytics.pageView(known.has(location.pathname) ? location.pathname : STAT_UNKNOWN_PAGE);
  };
  view(router.state.location);
  return router.subscribe((state) => view(state.location));
}
