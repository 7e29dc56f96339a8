import { createContext, use, useMemo } from 'react';
import { useLocation } from 'react-router';
import type { Nav } from './navigator';

export const NavContext = createContext<Nav | null>(null);

/** The app's navigation helpers (navigateTo, redirectTo, switchTab, reLaunch, navigateBack). */
export function useNav(): Nav {
  const nav = use(NavContext);
  if (!nav) throw new Error('useNav() needs a <NavContext> provider');
  return nav;
}

/** Route parameters: the spec passes them as query values (`wx/chatWindow/index?userId=…`). */
export function useRouteParams(): Readonly<Record<string, string>> {
  const { search } = useLocation();
  return useMemo(() => Object.fromEntries(new URLSearchParams(search)), [search]);
}

/**
 * Whether the app opened on this page: a link from outside (another app, a site, a typed
 * address) landed straight on it, so nothing in the app led here. React Router marks the first
 * location of a history as `default`; every navigation since has its own key.
 */
export function useOpenedFromOutside(): boolean {
  return useLocation().key === 'default';
}
