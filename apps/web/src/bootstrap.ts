/**
 * The composition root: the one place that makes the app's long-lived parts and wires them
 * together — the query cache, the request function's session hook, the socket, the chat
 * engine's lifecycle, the session, and who hears which push. No other module opens a socket or
 * holds app state when it is imported; they are handed what they need from here.
 */
import type { QueryClient } from '@tanstack/react-query';
import { CloseCode, NoticeType } from '@paichat/protocol';
import { configureRequest, expireSession } from './api/request';
import { createQueryClient } from './api/queryClient';
import { followBrowserNetwork } from './api/online';
import { fetchSocketTicket } from './api/socketTicket';
import { currentLocale, t } from './i18n';
import { firstScreenDone } from './lib/firstScreen';
import { analyticsFromEnv, startAnalytics, watchPageViews } from './lib/analyticsStart';
import { showToast } from './lib/ui';
import type { Nav } from './nav';
import { PushRouter } from './realtime/pushRouter';
import { SocketClient } from './realtime/SocketClient';
import { createAppRouter, routeIndex, startPaths } from './router';
import { ChatLifecycle } from './store/chat/lifecycle';
import { attachFriendNotices } from './store/friendNotices';
import { watchGroupChanges } from './store/groupSync';
import { watchMomentNotices } from './store/momentNotices';
import { followLanguageInNotifications } from './store/notificationSwitches';
import { watchProfileChanges } from './store/profileSync';
import { reloadFailedOnReconnect } from './store/reloadOnReconnect';
import { createSession, type Session } from './store/session';

export interface App {
  queryClient: QueryClient;
  session: Session;
  socket: SocketClient;
  pushes: PushRouter;
  chats: ChatLifecycle;
  router: ReturnType<typeof createAppRouter>['router'];
  nav: Nav;
}

export function bootstrap(): App {
  const queryClient = createQueryClient();
  // Offline, loads wait and the screens say so; back online, they load again.
  followBrowserNetwork();
  const { router, nav } = createAppRouter();
  const socket = new SocketClient({
    ticket: fetchSocketTicket,
    // The engine fetches the chats over HTTP as the app starts, and again once the socket opens.
    notBefore: firstScreenDone,
    // 4002: revoked elsewhere (signed out); 4001: expired.
    onExpired: (code) =>
      expireSession(session.tokens.getState().token, code === CloseCode.SIGNED_OUT ? 'signedOut' : 'expired'),
  });
  const chats = new ChatLifecycle({ queryClient, toast: (message) => showToast(message) });
  const session = createSession({
    queryClient,
    socket,
    discardChats: () => chats.discard(),
    goToLogin: () => nav.reLaunch(startPaths.login),
  });
  configureRequest({ onSessionExpired: () => session.endExpired() });

  // Who hears which push: every push goes through one router, by its type.
  const pushes = new PushRouter();
  socket.onPush((push) => pushes.dispatch(push));
  // Someone signed in to this account on another device.
  pushes.on(NoticeType.LOGIN_ELSEWHERE, () => showToast(t('errors.loginElsewhere'), { role: 'status' }));
  // Friend requests: the Contact tab's badge, the "now friends" / "rejected" alerts, fresh contacts.
  const status = (message: string) => showToast(message, { role: 'status' });
  attachFriendNotices(socket, pushes, { client: queryClient, toast: status });
  // Chats: the signed-in user's chat engine runs while the session is live and gets its pushes.
  chats.attach(socket, pushes);
  // Profile: another device changed it, so the cached /my/getInfo is refetched.
  watchProfileChanges(pushes, queryClient);
  // Groups: open info screens refetch when a group changes.
  watchGroupChanges(pushes, queryClient);
  // Moments: the Discover tab's badge and dot follow likes, comments and friends' new posts.
  watchMomentNotices(pushes, queryClient);
  // A server away for a while: what failed to load meanwhile loads again when the socket is back.
  reloadFailedOnReconnect(socket, queryClient);
  // Notifications: the service worker's words follow the language, changed from any screen.
  followLanguageInNotifications();

  // Usage statistics, when built with an app key (lib/analytics.ts, loaded after the first
  // render): sessions and page views.
  const stats = analyticsFromEnv(import.meta.env);
  if (stats) watchPageViews(router, routeIndex.known, startAnalytics(stats, { language: currentLocale }));

  return { queryClient, session, socket, pushes, chats, router, nav };
}
