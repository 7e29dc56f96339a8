/**
 * The app's entry: the React 19 fix for antd-mobile's Toast and Dialog, the page scaling, the
 * saved interface language, the startup rule, the app's parts (bootstrap.ts), and the first
 * render, which hands those parts to the screens through context.
 */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { QueryClientProvider } from '@tanstack/react-query';
import './styles/global.css';
import { installReact19Render, syncUiLocale } from './lib/ui';
import { installWidthScaling } from './lib/viewport';
import { readAuthToken } from './lib/authToken';
import { allTexts, i18n, initLocale, isLocale } from './i18n';
import { NavContext } from './nav';
import { AppRoutes, startPaths } from './router';
import { startupRedirect } from './startup';
import { bootstrap } from './bootstrap';
import { UpdatePrompt } from './components/UpdatePrompt';
import { registerServiceWorker } from './lib/serviceWorker';
import { ChatLifecycleContext } from './store/chat/lifecycle';
import { SessionContext } from './store/session';

void installReact19Render();
installWidthScaling();

async function start(): Promise<void> {
  const locale = await initLocale();
  void syncUiLocale(locale);
  i18n.on('languageChanged', (lng) => {
    if (isLocale(lng)) void syncUiLocale(lng);
  });

  const token = readAuthToken();
  const redirect = startupRedirect(window.location.hash, token !== null, startPaths);
  if (redirect) window.history.replaceState(window.history.state, '', `#${redirect}`);

  const app = bootstrap();
  if (token) app.session.resume(token);
  // Signed out: chats a session left behind (its end was cut short, say by closing the tab) go.
  else void app.session.discardDeviceChats();

  const container = document.getElementById('root');
  if (!container) throw new Error('index.html has no #root');
  createRoot(container).render(
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
  );
  // The English texts beyond the first pages' (a screen off the first page waits for them).
  allTexts.load().catch(() => undefined);
}

void start();

// The offline shell and update prompt (lib/serviceWorker.ts); a dev server has no /sw.js.
if (import.meta.env.PROD) {
  window.addEventListener('load', () => {
    registerServiceWorker().catch(() => undefined);
  });
}
