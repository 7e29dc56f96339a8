import type { ColumnType, Generated, Selectable } from 'kysely';

/** A device's Web Push subscription; see migrations/0031_push_subscriptions.ts. */
export interface PushSubscriptionsTable {
  id: Generated<number>;
  user_id: number;
  /** The sign-in of the device that subscribed. */
  session_id: number;
  endpoint: string;
  /** The browser's P-256 public key and auth secret, base64url. */
  p256dh: string;
  auth: string;
  /** 1: notifications show the sender and a preview. */
  preview: number;
  created_at: number;
  last_success_at: ColumnType<number | null, number | null | undefined, number | null>;
}

export type PushSubscriptionRow = Selectable<PushSubscriptionsTable>;
