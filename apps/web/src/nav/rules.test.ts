import { describe, expect, it } from 'vitest';
import { decideNavigation, normalizeUrl, type NavState, type RouteIndex } from './rules';

const routes: RouteIndex = {
  known: new Set(['/', '/wx/login/index', '/wx/tabbar1/index', '/wx/tabbar4/index', '/wx/chatWindow/index']),
  tabs: new Set(['/wx/tabbar1/index', '/wx/tabbar4/index']),
};
const at = (current: string, extra: Partial<NavState> = {}): NavState => ({
  current,
  pending: null,
  canGoBack: true,
  ...extra,
});

describe('normalizeUrl', () => {
  it('gives one canonical form', () => {
    for (const u of ['wx/login/index', '/wx/login/index', '#/wx/login/index', '//wx/login/index/']) {
      expect(normalizeUrl(u)).toEqual({ path: '/wx/login/index', search: '', url: '/wx/login/index' });
    }
    expect(normalizeUrl('wx/chatWindow/index?userId=7&x=1')).toEqual({
      path: '/wx/chatWindow/index',
      search: '?userId=7&x=1',
      url: '/wx/chatWindow/index?userId=7&x=1',
    });
    expect(normalizeUrl('').url).toBe('/');
    expect(normalizeUrl('/?').url).toBe('/');
  });
});

describe('navigateTo', () => {
  it('pushes an ordinary page with its query parameters', () => {
    expect(
      decideNavigation('navigateTo', 'wx/chatWindow/index?userId=7', routes, at('/wx/tabbar1/index')),
    ).toEqual({
      ok: true,
      action: 'push',
      to: '/wx/chatWindow/index?userId=7',
      notFound: false,
      reset: false,
    });
  });
  it('rejects a tab page', () => {
    expect(decideNavigation('navigateTo', '/wx/tabbar4/index', routes, at('/wx/chatWindow/index'))).toEqual({
      ok: false,
      reason: 'tabPage',
      to: '/wx/tabbar4/index',
    });
  });
  it('goes to page-not-found for an unknown path', () => {
    const d = decideNavigation('navigateTo', 'wx/nowhere/index', routes, at('/wx/tabbar1/index'));
    expect(d).toMatchObject({ ok: true, action: 'push', notFound: true, to: '/wx/nowhere/index' });
  });
  it('is locked on the current URL and on the URL being navigated to', () => {
    expect(
      decideNavigation(
        'navigateTo',
        'wx/chatWindow/index?userId=7',
        routes,
        at('/wx/chatWindow/index?userId=7'),
      ),
    ).toMatchObject({ ok: false, reason: 'locked' });
    expect(
      decideNavigation(
        'navigateTo',
        '/wx/chatWindow/index',
        routes,
        at('/wx/tabbar1/index', { pending: '/wx/chatWindow/index' }),
      ),
    ).toMatchObject({ ok: false, reason: 'locked' });
  });
  it('is not locked for the same page with other parameters', () => {
    expect(
      decideNavigation(
        'navigateTo',
        'wx/chatWindow/index?userId=8',
        routes,
        at('/wx/chatWindow/index?userId=7'),
      ),
    ).toMatchObject({ ok: true });
  });
});

describe('redirectTo', () => {
  it('replaces an ordinary page and rejects a tab page', () => {
    expect(
      decideNavigation('redirectTo', 'wx/login/index', routes, at('/wx/chatWindow/index')),
    ).toMatchObject({
      ok: true,
      action: 'replace',
      reset: false,
    });
    expect(decideNavigation('redirectTo', 'wx/tabbar1/index', routes, at('/wx/login/index'))).toMatchObject({
      ok: false,
      reason: 'tabPage',
    });
  });
});

describe('switchTab', () => {
  it('replaces with a tab page', () => {
    expect(decideNavigation('switchTab', 'wx/tabbar4/index', routes, at('/wx/tabbar1/index'))).toMatchObject({
      ok: true,
      action: 'replace',
      to: '/wx/tabbar4/index',
    });
  });
  it('rejects a page that is not a tab', () => {
    expect(
      decideNavigation('switchTab', 'wx/chatWindow/index', routes, at('/wx/tabbar1/index')),
    ).toMatchObject({
      ok: false,
      reason: 'notTabPage',
    });
  });
  it('is locked on the current tab', () => {
    expect(decideNavigation('switchTab', 'wx/tabbar1/index', routes, at('/wx/tabbar1/index'))).toMatchObject({
      ok: false,
      reason: 'locked',
    });
  });
  it('goes to page-not-found for an unknown path', () => {
    expect(decideNavigation('switchTab', 'wx/tabbar9/index', routes, at('/wx/tabbar1/index'))).toMatchObject({
      ok: true,
      notFound: true,
    });
  });
});

describe('reLaunch', () => {
  it('replaces and resets the history, tab page or not', () => {
    expect(decideNavigation('reLaunch', 'wx/tabbar1/index', routes, at('/wx/login/index'))).toMatchObject({
      ok: true,
      action: 'replace',
      reset: true,
    });
    expect(decideNavigation('reLaunch', 'wx/login/index', routes, at('/wx/tabbar4/index'))).toMatchObject({
      ok: true,
      action: 'replace',
      reset: true,
    });
  });
});

describe('navigateBack', () => {
  it('pops when a page lies behind', () => {
    expect(decideNavigation('navigateBack', undefined, routes, at('/wx/chatWindow/index'))).toMatchObject({
      ok: true,
      action: 'back',
    });
  });
  it('goes to / on the first page', () => {
    expect(
      decideNavigation('navigateBack', undefined, routes, at('/wx/chatWindow/index', { canGoBack: false })),
    ).toEqual({ ok: true, action: 'replace', to: '/', notFound: false, reset: true });
  });
});

describe('back rules', () => {
  const withRule: RouteIndex = {
    ...routes,
    known: new Set([...routes.known, '/wx/personInfo/detail']),
    backRules: [{ from: '/wx/personInfo/detail', page: '/wx/chatWindow/index', back: '/wx/tabbar1/index' }],
  };
  it("marks a page opened from the rule's page with the tab its Back goes to", () => {
    expect(
      decideNavigation(
        'navigateTo',
        'wx/chatWindow/index?userId=7',
        withRule,
        at('/wx/personInfo/detail?userId=7'),
      ),
    ).toMatchObject({ ok: true, action: 'push', backTo: '/wx/tabbar1/index' });
  });
  it('leaves the same page opened from elsewhere, or redirected to, as it is', () => {
    expect(
      decideNavigation('navigateTo', 'wx/chatWindow/index?userId=7', withRule, at('/wx/tabbar2/index')),
    ).not.toHaveProperty('backTo');
    expect(
      decideNavigation('redirectTo', 'wx/chatWindow/index?userId=7', withRule, at('/wx/personInfo/detail')),
    ).not.toHaveProperty('backTo');
  });
  it("goes back to the rule's tab, replacing the page and forgetting the pages behind", () => {
    expect(
      decideNavigation(
        'navigateBack',
        undefined,
        withRule,
        at('/wx/chatWindow/index?userId=7', { backTo: '/wx/tabbar1/index' }),
      ),
    ).toEqual({ ok: true, action: 'replace', to: '/wx/tabbar1/index', notFound: false, reset: true });
  });
});
