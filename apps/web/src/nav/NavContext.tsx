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
