/**
 * Installing the web app itself (it is a PWA): Chromium offers its install prompt once, early,
 * through `beforeinstallprompt`, whatever page is open, so the offer is kept from the start
 * (`keepInstallOffer`, called by main.tsx) until the Download page uses it. Browsers without the
 * event (Safari, Firefox) never offer it: there the page explains their own "Add to Home screen".
 */
import { useSyncExternalStore } from 'react';

/** Chromium's event (not in TypeScript's DOM types). */
interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<unknown>;
}

export interface InstallOffer {
  /** Shows the browser's install prompt, while it offers one; null when it does not. */
  prompt: (() => Promise<void>) | null;
  /** Running as the installed app, or just installed. */
  installed: boolean;
}

const NONE: InstallOffer = { prompt: null, installed: false };
let offer = NONE;
const listeners = new Set<() => void>();

function update(next: Partial<InstallOffer>): void {
  offer = { ...offer, ...next };
  for (const listener of listeners) listener();
}

/** Opened from the Home screen: the installed app, whose window has no browser bar. */
function runsInstalled(target: Window): boolean {
  const iosStandalone = (target.navigator as Navigator & { standalone?: boolean }).standalone === true;
  return target.matchMedia?.('(display-mode: standalone)').matches === true || iosStandalone;
}

/** Keeps the browser's install offer from now on; answers how to stop (tests). */
export function keepInstallOffer(target: Window = window): () => void {
  update({ installed: runsInstalled(target) });
  // An offer's prompt shows once, answered or refused; the browser offers again later if dismissed.
  const spent = () => update({ prompt: null });
  const onOffer = (event: Event) => {
    const offered = event as BeforeInstallPromptEvent;
    update({ prompt: () => offered.prompt().then(spent, spent) });
  };
  const onInstalled = () => update({ prompt: null, installed: true });
  target.addEventListener('beforeinstallprompt', onOffer);
  target.addEventListener('appinstalled', onInstalled);
  return () => {
    target.removeEventListener('beforeinstallprompt', onOffer);
    target.removeEventListener('appinstalled', onInstalled);
    offer = NONE;
  };
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useInstallOffer(): InstallOffer {
  return useSyncExternalStore(subscribe, () => offer);
}
