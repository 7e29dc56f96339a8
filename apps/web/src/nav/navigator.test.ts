import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { UNSAFE_createHashHistory as createHashHistory } from 'react-router';
import { historyRouter } from './historyRouter';
import { browserHistoryIndex, Navigator } from './navigator';
import type { RouteIndex } from './rules';

const routes: RouteIndex = {
  known: new Set(['/', '/page/a', '/page/b', '/tab/one', '/tab/two']),
  tabs: new Set(['/tab/one', '/tab/two']),
};

function setup(start = '/tab/one', index: RouteIndex = routes) {
  window.history.replaceState(null, '', `#${start}`);
  const router = historyRouter(createHashHistory({ v5Compat: true }));
  const onReject = vi.fn();
  const nav = new Navigator(router, index, browserHistoryIndex, onReject);
  const where = () => router.state.location.pathname + router.state.location.search;
  return { router, nav, onReject, where };
}

const settle = () => new Promise((r) => setTimeout(r, 0));

describe('Navigator (bound to a real hash router)', () => {
  let dispose: (() => void) | undefined;
  beforeEach(() => window.history.replaceState(null, '', '#/'));
  afterEach(() => dispose?.());

  it('pushes, keeps query parameters and goes back', async () => {
    const { router, nav, where } = setup('/tab/one');
    dispose = () => router.dispose();
    expect(nav.navigateTo('page/a?userId=7')).toEqual({ ok: true, to: '/page/a?userId=7', notFound: false });
    await settle();
    expect(where()).toBe('/page/a?userId=7');
    expect(nav.navigateBack()).toMatchObject({ ok: true });
    await vi.waitFor(() => expect(where()).toBe('/tab/one'));
  });

  it('rejects tab pages for navigateTo and non-tab pages for switchTab, without navigating', async () => {
    const { router, nav, onReject, where } = setup('/page/a');
    dispose = () => router.dispose();
    expect(nav.navigateTo('/tab/two')).toEqual({ ok: false, reason: 'tabPage', to: '/tab/two' });
    expect(nav.switchTab('/page/b')).toEqual({ ok: false, reason: 'notTabPage', to: '/page/b' });
    await settle();
    expect(where()).toBe('/page/a');
    expect(onReject).toHaveBeenCalledTimes(2);
  });

  it('locks a repeated navigation while the first is under way, and the current URL', async () => {
    const { router, nav, where } = setup('/tab/one');
    dispose = () => router.dispose();
    expect(nav.navigateTo('/page/a').ok).toBe(true);
    expect(nav.navigateTo('/page/a')).toMatchObject({ ok: false, reason: 'locked' });
    await settle();
    expect(where()).toBe('/page/a');
    expect(nav.navigateTo('/page/a')).toMatchObject({ ok: false, reason: 'locked' });
    expect(nav.navigateTo('/page/b').ok).toBe(true);
  });

  it('sends unknown paths to page-not-found', async () => {
    const { router, nav, where } = setup('/tab/one');
    dispose = () => router.dispose();
    expect(nav.navigateTo('/no/such')).toEqual({ ok: true, to: '/no/such', notFound: true });
    await settle();
    expect(where()).toBe('/no/such');
  });

  it('goes to / when going back from the first page, and after a reLaunch', async () => {
    const { router, nav, where } = setup('/page/a');
    dispose = () => router.dispose();
    nav.navigateTo('/page/b');
    await settle();
    expect(nav.reLaunch('/tab/two')).toMatchObject({ ok: true });
    await settle();
    expect(where()).toBe('/tab/two');
    nav.navigateBack();
    await settle();
    expect(where()).toBe('/');
  });

  it('switches tabs by replacing the entry', async () => {
    const { router, nav, where } = setup('/tab/one');
    dispose = () => router.dispose();
    const before = browserHistoryIndex();
    expect(nav.switchTab('tab/two').ok).toBe(true);
    await settle();
    expect(where()).toBe('/tab/two');
    expect(browserHistoryIndex()).toBe(before);
  });

  it("goes back from a page a back rule opened to the rule's tab, and from the same page opened elsewhere to the page behind", async () => {
    const withRule: RouteIndex = {
      ...routes,
      backRules: [{ from: '/page/a', page: '/page/b', back: '/tab/two' }],
    };
    const { router, nav, where } = setup('/tab/one', withRule);
    dispose = () => router.dispose();
    nav.navigateTo('/page/a?userId=7');
    await settle();
    nav.navigateTo('/page/b?userId=7');
    await settle();
    nav.navigateBack();
    await vi.waitFor(() => expect(where()).toBe('/tab/two'));

    // Opened from the tab, the same page goes back to the tab it came from.
    nav.navigateTo('/page/b?userId=8');
    await settle();
    expect(where()).toBe('/page/b?userId=8');
    nav.navigateBack();
    await vi.waitFor(() => expect(where()).toBe('/tab/two'));
    nav.navigateTo('/page/a');
    await settle();
    nav.navigateBack();
    await vi.waitFor(() => expect(where()).toBe('/tab/two'));
  });
});
