export { NavContext, useNav, useOpenedFromOutside, useRouteParams } from './NavContext';
export { Navigator, browserHistoryIndex, type Nav, type NavResult, type RouterLike } from './navigator';
export { HOME, normalizeUrl, type NavRejection, type RouteIndex } from './rules';
