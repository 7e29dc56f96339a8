import type { HistoryRouterProps, Location, NavigationType } from 'react-router';
import type { RouterLike } from './navigator';

export type History = HistoryRouterProps['history'];

export interface RouterState {
  readonly location: Location;
  readonly historyAction: NavigationType;
}

/**
 * The app's router outside React: a history (hash in the app, memory in tests) that the
 * navigator drives, the page views follow and `<unstable_HistoryRouter>` renders. React
 * Router's declarative mode, not its data router: the app has no loaders or actions, and the
 * data router would add ~16 KB gzipped to the first page (the bundle budget).
 */
export interface HistoryRouter extends RouterLike {
  readonly state: RouterState;
  /** What `<unstable_HistoryRouter>` is handed: the history, its one listener shared. */
  readonly history: History;
  subscribe(listener: (state: RouterState) => void): () => void;
  /** Stops following the history (tests: the page's popstate listener goes). */
  dispose(): void;
}

/** A history of React Router's own kind, made with `v5Compat: true` (its pushes are heard). */
export function historyRouter(history: History): HistoryRouter {
  type Update = Parameters<Parameters<History['listen']>[0]>[0];
  const listeners = new Set<(update: Update) => void>();
  const listen = (listener: (update: Update) => void) => {
    listeners.add(listener);
    return () => void listeners.delete(listener);
  };
  // A history takes one listener: this one tells everyone, the rendering router included.
  const dispose = history.listen((update) => {
    for (const listener of [...listeners]) listener(update);
  });
  const state = (): RouterState => ({ location: history.location, historyAction: history.action });
  return {
    get state() {
      return state();
    },
    history: Object.create(history, { listen: { value: listen } }) as History,
    subscribe: (listener) => listen(() => listener(state())),
    dispose,
    navigate(to: number | string, opts?: { replace?: boolean }) {
      if (typeof to === 'number') history.go(to);
      else if (opts?.replace) history.replace(to);
      else history.push(to);
      return Promise.resolve();
    },
  };
}
