import { z } from 'zod';
import { endpoint, Empty } from './endpoint';
import { text } from './text';

/**
 * Web Push: a wake-up for a device with no open socket. With the person's permission the
 * browser subscribes to its push service with the server's VAPID key and hands the subscription
 * here (one per device, bound to that device's sign-in). When a message or a friend request
 * arrives for someone with no socket open anywhere, each of their devices gets a push; the
 * socket stays the source of truth, and opening the app fetches everything as usual.
 */

/** An unpadded base64url string of exactly `bytes` bytes. */
const base64url = (bytes: number, what: string) =>
  text(Math.ceil((bytes * 4) / 3)).regex(
    new RegExp(`^[A-Za-z0-9_-]{${Math.ceil((bytes * 4) / 3)}}$`),
    `must be ${what} (${bytes} bytes, base64url)`,
  );

export const PushSubscriptionKeys = z.object({
  /** The browser's P-256 public key, uncompressed (65 bytes). */
  p256dh: base64url(65, "the browser's P-256 public key"),
  /** The browser's auth secret (16 bytes). */
  auth: base64url(16, "the browser's auth secret"),
});

export const PUSH_ENDPOINT_MAX = 1024;

export const pushVapidKey = endpoint({
  method: 'GET',
  path: '/push/vapidKey',
  request: Empty,
  response: z.object({ publicKey: z.string() }),
  auth: true,
  summary: "The server's VAPID public key, the applicationServerKey to subscribe with",
});

export const pushSubscribe = endpoint({
  method: 'POST',
  path: '/push/subscribe',
  /** PushSubscription.toJSON() (expirationTime is not needed) and the device's preview switch. */
  request: z.object({
    endpoint: text(PUSH_ENDPOINT_MAX).check(
      z.url({ protocol: /^https?$/, error: 'must be the push service address (https)' }),
    ),
    keys: PushSubscriptionKeys,
    /** Show the sender and a preview of the message in the notification. */
    preview: z.boolean(),
  }),
  response: Empty,
  auth: true,
  summary: "Store (or update) this device's push subscription",
});

export const pushUnsubscribe = endpoint({
  method: 'POST',
  path: '/push/unsubscribe',
  request: z.object({ endpoint: text(PUSH_ENDPOINT_MAX) }),
  response: Empty,
  auth: true,
  summary: "Forget this device's push subscription",
});

/**
 * What a push carries, encrypted to the device (RFC 8291). The sender's name and the preview
 * are there only when the device allowed previews; the chat id opens the chat on a tap.
 */
export type WebPushPayload =
  | {
      type: 'message';
      chatId: string;
      /** The sender's name (previews only). */
      sender?: string;
      /** The group's name, for a group message (previews only). */
      group?: string;
      /** The message type (previews only); its text when it is a TEXT. */
      msgType?: string;
      text?: string;
    }
  | { type: 'friendRequest'; sender?: string };
