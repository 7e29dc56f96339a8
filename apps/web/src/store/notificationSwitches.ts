/**
 * This device's notification switches, and the one duty they have from the first page on: the
 * service worker's words follow every change of the interface language while notifications are
 * on, whichever screen changed it. Kept small for the first page's budget
 * (build/bundleBudget.ts): the code that writes the words (pushNotifications.ts) loads only
 * when a change needs it.
 */
import { i18n } from '../i18n';

export const ENABLED_KEY = 'paichat.notifications';
export const PREVIEW_KEY = 'paichat.notificationPreview';

export type NotificationAccess = 'unsupported' | 'denied' | 'ask' | 'granted';

/** Whether this browser can notify at all, and what the person said so far. */
export function notificationAccess(): NotificationAccess {
  if (!('Notification' in globalThis) || !('PushManager' in globalThis) || !navigator.serviceWorker)
    return 'unsupported';
  if (Notification.permission === 'denied') return 'denied';
  return Notification.permission === 'granted' ? 'granted' : 'ask';
}

export interface NotificationSettings {
  enabled: boolean;
  preview: boolean;
}

export function notificationSettings(storage: Storage = localStorage): NotificationSettings {
  return {
    enabled: notificationAccess() === 'granted' && storage.getItem(ENABLED_KEY) === 'on',
    preview: storage.getItem(PREVIEW_KEY) === 'on',
  };
}

/** From startup on: a new language rewrites the worker's words when notifications are on. */
export function followLanguageInNotifications(): void {
  i18n.on('languageChanged', () => {
    if (!notificationSettings().enabled) return;
    import('./pushNotifications').then((push) => push.saveNotificationTexts()).catch(() => undefined);
  });
}
