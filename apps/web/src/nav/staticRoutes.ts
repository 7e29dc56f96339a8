/**
 * Route matching for a table whose paths are all static and case-sensitive (router.tsx: route
 * parameters travel as query values). React Router's `useRoutes` ranks and tries every branch of
 * the table at each render, compiling a pattern for each one it tries: on the first page that
 * took 30 ms on a fast machine, four times that on a slow phone. Here a path finds its branch
 * in a map, React Router matches that branch alone (its own matches, so layouts and outlets work
 * as ever), and each path's matches are kept.
 */
import { matchRoutes, type RouteMatch, type RouteObject } from 'react-router';

type Branch = RouteObject[];

/** Every branch of the table that ends in a path, by that path; the catch-all's under '*'. */
function branchesOf(routes: RouteObject[], above: Branch = [], into = new Map<string, Branch>()) {
  for (const route of routes) {
    const branch = [...above, route];
    if (route.children?.length) branchesOf(route.children, branch, into);
    else if (route.path !== undefined) into.set(route.path, branch);
  }
  return into;
}

/** The branch as a table of its own: each route with only the next one as its child. */
function tableOf(branch: Branch): RouteObject[] {
  return branch.reduceRight<RouteObject[] | undefined>(
    (children, route) => [{ ...route, children } as RouteObject],
    undefined,
  ) as RouteObject[];
}

/** '/a/b/' is '/a/b', as React Router matches it. */
function withoutTrailingSlashes(pathname: string): string {
  let path = pathname;
  while (path.length > 1 && path.endsWith('/')) path = path.slice(0, -1);
  return path;
}

/** A matcher for `routes`: the matches of a pathname, as `useRoutes` would find them. */
export function staticRouteMatcher(routes: RouteObject[]): (pathname: string) => RouteMatch[] | null {
  const branches = branchesOf(routes);
  const catchAll = branches.get('*');
  const known = new Map<string, RouteMatch[] | null>();
  return (pathname) => {
    let matches = known.get(pathname);
    if (matches === undefined) {
      const branch = branches.get(withoutTrailingSlashes(pathname)) ?? catchAll;
      matches = branch ? matchRoutes(tableOf(branch), pathname) : null;
      known.set(pathname, matches);
    }
    return matches;
  };
}
