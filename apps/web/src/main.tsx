/**
 * The app's entry: the React 19 fix for antd-mobile's Toast and Dialog, the page scaling, the
 * saved interface language, the startup rule, the wiring of session ends to the router, and
 * the first render.
 */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { QueryClientProvider } from '@tanstack/react-query';
import './styles/global.css';
import { installReact19Render, syncUiLocale } from './lib/ui';
import { installWidthScaling } from './lib/viewport';
import { readAuthToken } from './lib/authToken';
import { i18n, initLocale, isLocale } from './i18n';
import { configureRequest } from './api/request';
import { queryClient } from './api/queryClient';
import { configureSession, discardDeviceChats, endExpiredSession, resumeSession } from './store/session';
import { NavContext } from './nav';
import { createAppRouter, startPaths } from './router';
import { startupRedirect } from './startup';

installReact19Render();
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

  const { router, nav } = createAppRouter();
  configureSession({ goToLogin: () => nav.reLaunch(startPaths.login) });
  configureRequest({ onSessionExpired: endExpiredSession });
  if (token) resumeSession(token);
  // Signed out: chats a session left behind (its end was cut short, say by closing the tab) go.
  else void discardDeviceChats();

  const container = document.getElementById('root');
  if (!container) throw new Error('index.html has no #root');
  createRoot(container).render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <NavContext value={nav}>
          <RouterProvider router={router} />
        </NavContext>
      </QueryClientProvider>
    </StrictMode>,
  );
}

void start();
