/**
 * The app's entry: the page scaling, the saved interface language, the startup rule, the app's
 * parts (bootstrap.ts), and the first render, which hands those parts to the screens through
 * context; then, once the first screen has drawn, what it did not need (lib/firstScreen.ts).
 */
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { QueryClientProvider } from '@tanstack/react-query';
import './styles/global.css';
import { syncUiLocale } from './lib/ui';
import { installWidthScaling } from './lib/viewport';
import { keepInstallOffer } from './lib/installApp';
import { readAuthToken } from './lib/authToken';
import { relinkFailedStylesheets } from './lib/failedStylesheets';
import { allTexts, currentLocale, i18n, initLocale, isLocale } from './i18n';
import { afterFirstScreen, yieldToBrowser } from './lib/firstScreen';
import { NavContext } from './nav';
import { AppRoutes, preloadFirstPage, startPaths } from './router';
import { startupRedirect } from './startup';
import { bootstrap } from './bootstrap';
import { UpdatePrompt } from './components/UpdatePrompt';
import { registerServiceWorker } from './lib/serviceWorker';
import { ChatLifecycleContext } from './store/chat/lifecycle';
import { SessionContext } from './store/session';

installWidthScaling();
// A screen whose styles could not load (offline) gets them once the network is back.
relinkFailedStylesheets();
// The browser offers to install the app once, early: kept for the Download page.
keepInstallOffer();

async function start(): Promise<void> {
  await initLocale();
  i18n.on('languageChanged', (lng) => {
    if (isLocale(lng)) void syncUiLocale(lng);
  });

  const token = readAuthToken();
  const redirect = startupRedirect(window.location.hash, token !== null, startPaths);
  if (redirect) window.history.replaceState(window.history.state, '', `#${redirect}`);
  preloadFirstPage(window.location.hash);
  // Start-up in three tasks (the page's code asked for; the app's parts made and its requests
  // sent; the first render), so no one of them holds a slow phone's main thread for long.
  await yieldToBrowser();

  const app = bootstrap();
  if (token) app.session.resume(token);
  await yieldToBrowser();

  const container = document.getElementById('root');
  if (!container) throw new Error('index.html has no #root');
  // As a transition, the first render yields to the browser every few milliseconds instead of
  // holding a slow phone's main thread for one long stretch (taps and paints wait behind it).
  const root = createRoot(container);
  startTransition(() =>
    root.render(
      <StrictMode>
        <QueryClientProvider client={app.queryClient}>
          <SessionContext value={app.session}>
            <ChatLifecycleContext value={app.chats}>
              <NavContext value={app.nav}>
                <AppRoutes router={app.router} />
                <UpdatePrompt />
              </NavContext>
            </ChatLifecycleContext>
          </SessionContext>
        </QueryClientProvider>
      </StrictMode>,
    ),
  );
  afterFirstScreen(() => {
    // The UI kit's Toast and Dialog, in the interface language (a toast asked for earlier waits).
    void syncUiLocale(currentLocale());
    // The English texts beyond the first pages' (a screen off the first page waits for them).
    allTexts.load().catch(() => undefined);
    // Still signed out: chats a session left behind (its end was cut short, say by closing the
    // tab) go. Someone who signed in meanwhile has a store open by now; it stays.
    if (!readAuthToken()) void app.session.discardDeviceChats();
  });
}

void start();

// The offline shell and update prompt (lib/serviceWorker.ts; a dev server has no /sw.js), once
// the first screen has drawn: installing the worker downloads the whole build, which would
// otherwise share a slow phone's line with that screen's code and data.
if (import.meta.env.PROD) afterFirstScreen(() => void registerServiceWorker().catch(() => undefined));
