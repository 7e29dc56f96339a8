import { describe, expect, it } from 'vitest';
import { matchRoutes, type RouteMatch } from 'react-router';
import { appRoutes, paths } from '../router';
import { staticRouteMatcher } from './staticRoutes';

/** What a match is to the page: which routes render, with which pathname and parameters. */
const shape = (matches: RouteMatch[] | null) =>
  matches?.map(({ route, pathname, pathnameBase, params }) => ({
    element: route.element,
    pathname,
    pathnameBase,
    params,
  })) ?? null;

describe('staticRouteMatcher', () => {
  const matchesOf = staticRouteMatcher(appRoutes);

  it("matches every path of the table as React Router's own matching does", () => {
    const tried = [
      ...Object.values(paths),
      '/',
      '/wx/tabbar1/index/',
      '/WX/tabbar1/index',
      '/wx/nothing/here',
      '/wx/tabbar1',
    ];
    for (const pathname of tried)
      expect(shape(matchesOf(pathname)), pathname).toEqual(shape(matchRoutes(appRoutes, pathname)));
  });

  it('works out a path once', () => {
    expect(matchesOf(paths.message)).toBe(matchesOf(paths.message));
  });
});
