/**
 * New-message notifications on this device (Web Push): the browser's permission is asked only
 * from the person's tap in Settings; then the service worker's push manager subscribes with
 * the server's VAPID key, whatever push service this browser uses, and the subscription goes
 * to the server with the preview switch. The switches are kept in localStorage, so they end
 * with the session (signing out also makes the server forget this device's subscription).
 *
 * The service worker shows the notifications when no PaiChat window is in front; it has no
 * i18n of its own, so the page leaves it the words in the person's language (Cache Storage,
 * read by src/sw/serviceWorker.ts) when they are turned on and whenever the language changes
 * (notificationSwitches.ts).
 */
import { MsgType, pushSubscribe, pushUnsubscribe, pushVapidKey } from '@paichat/protocol';
import { call } from '../api/request';
import { allTexts, t } from '../i18n';
import { contentPreview } from './chat/preview';
import { TEXTS_CACHE, TEXTS_KEY, type NotificationTexts } from '../sw/notifications';
import { ENABLED_KEY, PREVIEW_KEY, notificationAccess, notificationSettings } from './notificationSwitches';

/** Leaves the service worker the words of the current language. */
export async function saveNotificationTexts(): Promise<void> {
  // English beyond the first pages' sections (these words among them) loads after start.
  await allTexts.load();
  const kinds: Record<string, string> = {};
  for (const msgType of Object.values(MsgType))
    if (msgType !== MsgType.TEXT) kinds[msgType] = contentPreview({ msgType, content: {} });
  const texts: NotificationTexts = {
    newMessage: t('notifications.newMessage'),
    friendRequest: t('notifications.friendRequest'),
    friendRequestFrom: t('notifications.friendRequestFrom', { name: '{{name}}' }),
    kinds,
  };
  const cache = await caches.open(TEXTS_CACHE);
  await cache.put(
    TEXTS_KEY,
    new Response(JSON.stringify(texts), { headers: { 'content-type': 'application/json' } }),
  );
}

const sameKey = (key: ArrayBuffer | null, base64url: string): boolean => {
  if (!key) return false;
  const bytes = new Uint8Array(key);
  const text = btoa(String.fromCharCode(...bytes))
    .replaceAll('+', '-')
    .replaceAll('/', '_')
    .replace(/={1,2}$/, '');
  return text === base64url;
};

/** This browser's subscription with the server's key (an old one made with another key is replaced). */
async function subscription(): Promise<PushSubscription> {
  const registration = await navigator.serviceWorker.ready;
  const { publicKey } = await call(pushVapidKey, {});
  const existing = await registration.pushManager.getSubscription();
  if (existing && sameKey(existing.options.applicationServerKey, publicKey)) return existing;
  await existing?.unsubscribe();
  return registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: publicKey });
}

async function register(preview: boolean): Promise<void> {
  const json = (await subscription()).toJSON();
  await call(pushSubscribe, {
    endpoint: json.endpoint ?? '',
    keys: { p256dh: json.keys?.p256dh ?? '', auth: json.keys?.auth ?? '' },
    preview,
  });
}

/**
 * Turns notifications on (from a tap: the browser's prompt needs one). Answers whether they
 * are on: false when the person refused, or the browser cannot.
 */
export async function enableNotifications(
  preview: boolean,
  storage: Storage = localStorage,
): Promise<boolean> {
  if (notificationAccess() === 'unsupported') return false;
  if ((await Notification.requestPermission()) !== 'granted') return false;
  await saveNotificationTexts();
  await register(preview);
  storage.setItem(ENABLED_KEY, 'on');
  return true;
}

export async function disableNotifications(storage: Storage = localStorage): Promise<void> {
  storage.removeItem(ENABLED_KEY);
  const registration = await navigator.serviceWorker.ready;
  const existing = await registration.pushManager.getSubscription();
  if (!existing) return;
  await call(pushUnsubscribe, { endpoint: existing.endpoint });
  await existing.unsubscribe();
}

/** The preview switch: kept here, and told to the server when notifications are on. */
export async function setNotificationPreview(
  preview: boolean,
  storage: Storage = localStorage,
): Promise<void> {
  if (notificationSettings(storage).enabled) await register(preview);
  storage.setItem(PREVIEW_KEY, preview ? 'on' : 'off');
}
