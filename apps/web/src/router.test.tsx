import { isAppStatEvent, STAT_UNKNOWN_PAGE } from '@paichat/protocol';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { UNSAFE_createMemoryHistory as createMemoryHistory, matchRoutes } from 'react-router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { appRoutes, AppRoutes, paths, routeIndex } from './router';
import { NavContext, Navigator } from './nav';
import { historyRouter } from './nav/historyRouter';
import { decideNavigation } from './nav/rules';
import { configureRequest, resetRequest } from './api/request';
import { installReact19Render } from './lib/ui';
import { SessionContext } from './store/session';
import { envelope, stubSession } from './test/render';
import { fakeServer } from './test/fakeServer';
import { me } from './test/people';

/** The spec's route table (section 2), copied here so a dropped or misspelt path fails. */
const SPEC_PATHS = `/ wx/login/index wl/login/index wx/login/piLogin wx/detect/index wx/intro/index
pages/agreement/index pages/web-view/index wx/chatWindow/index wx/tabbar1/index wx/tabbar2/index
wx/tabbar3/index wx/tabbar4/index wx/group/createGroup wx/shake/index wx/nearby/index
wx/friendsCircle/msglist wx/friendsCircle/index wx/friendsCircle/person wx/friendsCircle/sendMsg
wx/friendsCircle/detail wx/system/index wx/download/index wx/search/index wx/search-friends/index
wx/search-friends/add wx/personDetail/index wx/personDetail/editNikeName wx/personDetail/editchatNo
wx/personDetail/editIntro wx/personDetail/editGender wx/personDetail/editAddress wx/personDetail/editPass
wx/personDetail/languageSwitch wx/personDetail/QRcode wx/personInfo/addFriendsDetail wx/personInfo/beizhu
wx/personInfo/detail wx/personInfo/edit wx/groupInfo/detail wx/groupInfo/qunAdd wx/groupInfo/qunless
wx/groupInfo/editGroupName wx/groupInfo/editGroupNotice wx/groupInfo/scanCodeDetail wx/groupInfo/grouplist
wx/groupInfo/QRcode wx/feedback/index wx/favorites/index wx/favorites/add`
  .split(/\s+/)
  .filter(Boolean)
  .map((p) => (p === '/' ? '/' : `/${p}`));

const leafPath = (path: string) => matchRoutes(appRoutes, path)?.at(-1)?.route.path;

describe('route table', () => {
  it('has every path of the spec, plus sign-up, Accounts, Add contacts and Chat history, and nothing unknown', () => {
    expect(SPEC_PATHS).toHaveLength(50);
    for (const path of SPEC_PATHS) {
      expect(leafPath(path), path).toBe(path);
      expect(routeIndex.known.has(path), path).toBe(true);
    }
    expect([...routeIndex.known].filter((p) => !SPEC_PATHS.includes(p))).toEqual([
      paths.register,
      paths.chatHistory,
      paths.accounts,
      paths.findFriend,
    ]);
  });

  it('matches case-sensitively, as the spec spells the paths', () => {
    expect(leafPath('/wx/personDetail/QRcode')).toBe('/wx/personDetail/QRcode');
    expect(leafPath('/wx/personDetail/qrcode')).toBe('*');
    expect(leafPath('/WX/tabbar1/index')).toBe('*');
  });

  it("sends Back from a chat opened on a person's Info page to the Message tab", () => {
    for (const from of [paths.contactInfo, paths.addFriendDetail]) {
      const state = { current: `${from}?userId=7`, pending: null, canGoBack: true };
      expect(decideNavigation('navigateTo', `${paths.chatWindow}?userId=7`, routeIndex, state)).toMatchObject(
        {
          action: 'push',
          backTo: paths.message,
        },
      );
    }
  });

  it('names every page by a path the statistics collector keeps as a page view', () => {
    const views = [...routeIndex.known, STAT_UNKNOWN_PAGE].map((value) => ({ name: 'page_view', value }));
    expect(views.filter((view) => !isAppStatEvent(view))).toEqual([]);
  });

  it('has the four tab pages as tabs', () => {
    expect([...routeIndex.tabs]).toEqual([
      '/wx/tabbar1/index',
      '/wx/tabbar2/index',
      '/wx/tabbar3/index',
      '/wx/tabbar4/index',
    ]);
  });
});

describe('the app router', () => {
  beforeAll(() => installReact19Render());
  afterEach(() => resetRequest());

  function renderAt(path: string, { token = null as string | null } = {}) {
    const router = historyRouter(createMemoryHistory({ initialEntries: [path], v5Compat: true }));
    let index = 0;
    const nav = new Navigator(router, routeIndex, () => index, vi.fn());
    router.subscribe((state) => {
      if (state.historyAction === 'PUSH') index += 1;
      if (state.historyAction === 'POP') index = Math.max(0, index - 1);
    });
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={client}>
        <SessionContext value={stubSession(token)}>
          <NavContext value={nav}>
            <AppRoutes router={router} />
          </NavContext>
        </SessionContext>
      </QueryClientProvider>,
    );
    return { router, nav };
  }

  it('shows page-not-found for an unknown path, with a way home', async () => {
    const { router } = renderAt('/wx/nowhere/index');
    expect(screen.getByRole('heading', { name: 'Page not found' })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Back to home' }));
    expect(router.state.location.pathname).toBe('/');
  });

  it('sends a signed-out visitor of a protected page to login', async () => {
    configureRequest({ fetch: async () => envelope({ enabled: false, captchaId: '', image: '' }) });
    const { router } = renderAt('/wx/tabbar4/index');
    expect(router.state.location.pathname).toBe('/wx/login/index');
    expect(await screen.findByRole('button', { name: 'Log in' })).toBeTruthy();
  });

  it('opens a deep link when signed in', async () => {
    renderAt('/wx/shake/index?userId=1', { token: 't' });
    expect(await screen.findByRole('heading', { name: 'Shake' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Shake' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Back' })).toBeTruthy();
  });

  it('sends a signed-in visitor of / to the Message tab, and the tab bar switches tabs', async () => {
    const { router } = renderAt('/', { token: 't' });
    expect(router.state.location.pathname).toBe('/wx/tabbar1/index');
    expect(await screen.findByRole('heading', { name: 'Message' })).toBeTruthy();
    // No chat engine here: the list is never answered, and shows as loading, not empty.
    expect(screen.getByRole('status', { name: 'Loading…' })).toBeTruthy();
    const tabs = screen.getByRole('navigation', { name: 'Main' });
    // An account with no friends and no moments yet.
    fakeServer({
      listFriends: () => ({ list: [] }),
      getMyInfo: () => me,
      getNotices: () => ({
        friendApply: { count: 0 },
        topicReply: { count: 0 },
        topicRed: { portrait: '', userId: '', nickName: '' },
      }),
      getMomentFeed: () => ({ list: [], next: null }),
      getMomentCover: () => ({ cover: '' }),
    });
    await userEvent.click(within(tabs).getByRole('button', { name: 'Contact' }));
    expect(router.state.location.pathname).toBe('/wx/tabbar2/index');
    expect(await screen.findByText('No contacts yet')).toBeTruthy();
    await userEvent.click(within(tabs).getByRole('button', { name: 'Discover' }));
    expect(await screen.findByRole('heading', { name: 'Discover' })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Continue anyway' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Moments' }));
    expect(router.state.location.pathname).toBe('/wx/friendsCircle/index');
    expect(await screen.findByText('No moments yet')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Back' }));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/wx/tabbar3/index'));
    expect(await screen.findByRole('button', { name: 'Moments' })).toBeTruthy();
  });

  it('sends a signed-in visitor of a login or sign-up page to the Message tab, replacing the page', async () => {
    for (const path of [paths.login, paths.loginPlain, paths.register]) {
      const { router } = renderAt(path, { token: 't' });
      expect(router.state.location.pathname, path).toBe(paths.message);
      expect(router.state.historyAction, path).toBe('REPLACE');
      expect(screen.queryByRole('button', { name: 'Log in' })).toBeNull();
      expect(screen.queryByRole('button', { name: 'Sign up' })).toBeNull();
      cleanup();
    }
  });

  it('shows the signed-out root as the login page', async () => {
    configureRequest({ fetch: async () => envelope({ enabled: false, captchaId: '', image: '' }) });
    renderAt('/');
    expect(await screen.findByRole('heading', { name: 'PaiChat' })).toBeTruthy();
  });

  it('opens the Intro from the login page, and its Log in leads to a login page with Back', async () => {
    configureRequest({ fetch: async () => envelope({ enabled: false, captchaId: '', image: '' }) });
    const { router } = renderAt('/');
    await userEvent.click(await screen.findByRole('link', { name: 'What is PaiChat?' }));
    expect(router.state.location.pathname).toBe('/wx/intro/index');
    expect(await screen.findByRole('heading', { level: 1, name: 'PaiChat' })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(router.state.location.pathname).toBe('/wl/login/index');
    await userEvent.click(await screen.findByRole('button', { name: 'Back' }));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/wx/intro/index'));
  });
});
