/**
 * Push subscriptions (one per device, bound to its sign-in): stored, updated and forgotten here;
 * the pushes themselves go out through notifier.ts.
 */
import { createECDH } from 'node:crypto';
import type { RequestOf } from '@paichat/protocol';
import type { pushSubscribe } from '@paichat/protocol';
import type { Clock } from '../../clock';
import type { Db } from '../../db';
import { ValidationError } from '../../errors';
import type { AuthContext } from '../../http/auth-hook';
import { OutboundError, type OutboundFetch } from '../../outbound/fetch';
import type { PushNotifier } from './notifier';
import * as repo from './repo';

/**
 * Devices with notifications per account. One more replaces the device subscribed longest ago
 * (as sockets do): someone with many devices keeps them working by turning notifications on
 * where they are now, and nobody can make a message fan out without limit.
 */
export const MAX_SUBSCRIPTIONS_PER_USER = 10;

export interface WebPushServiceDeps {
  db: Db;
  clock: Clock;
  notifier: Pick<PushNotifier, 'publicKey'>;
  /** Where pushes are sent from: it judges the endpoint's address now, as it will at each push. */
  outbound: Pick<OutboundFetch, 'check'>;
  /** Accept http://127.0.0.1 and http://localhost push services (a local fake in tests). */
  allowLocalEndpoints: boolean;
}

const LOCAL_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);

async function checkEndpoint(endpoint: string, deps: WebPushServiceDeps): Promise<void> {
  const url = new URL(endpoint);
  if (url.protocol !== 'https:' && !(deps.allowLocalEndpoints && LOCAL_HOSTS.has(url.hostname)))
    throw new ValidationError('endpoint: a push service must be reached over https');
  try {
    await deps.outbound.check(endpoint);
  } catch (error) {
    if (!(error instanceof OutboundError)) throw error;
    throw new ValidationError(
      error.reason === 'unresolved'
        ? "endpoint: the push service's host name is not found"
        : 'endpoint: must be the address of a public push service',
    );
  }
}

/** The browser's key must be a point on P-256, or nothing could be encrypted to it. */
function checkPublicKey(p256dh: string): void {
  try {
    const ecdh = createECDH('prime256v1');
    ecdh.generateKeys();
    ecdh.computeSecret(Buffer.from(p256dh, 'base64url'));
  } catch {
    throw new ValidationError('keys.p256dh: not a P-256 public key');
  }
}

export function createWebPushService(deps: WebPushServiceDeps) {
  const { db, clock, notifier } = deps;
  return {
    vapidKey: async () => ({ publicKey: await notifier.publicKey() }),

    async subscribe(
      actor: AuthContext,
      input: RequestOf<typeof pushSubscribe>,
    ): Promise<Record<string, never>> {
      checkPublicKey(input.keys.p256dh);
      await checkEndpoint(input.endpoint, deps);
      // One device, one subscription: a new one (the browser's was renewed) replaces the last;
      // and one account, at most MAX_SUBSCRIPTIONS_PER_USER devices. So nobody can make a
      // message fan out to endpoints of their choosing.
      await db.transaction().execute(async (trx) => {
        await repo.deleteSessionSubscriptions(trx, actor.sessionId, input.endpoint);
        await repo.upsertSubscription(trx, {
          user_id: actor.userId,
          session_id: actor.sessionId,
          endpoint: input.endpoint,
          p256dh: input.keys.p256dh,
          auth: input.keys.auth,
          preview: input.preview ? 1 : 0,
          created_at: clock.now(),
        });
        await repo.deleteSubscriptions(
          trx,
          (await repo.userSubscriptionIds(trx, actor.userId)).slice(MAX_SUBSCRIPTIONS_PER_USER),
        );
      });
      return {};
    },

    async unsubscribe(actor: AuthContext, endpoint: string): Promise<Record<string, never>> {
      await repo.deleteUserSubscription(db, actor.userId, endpoint);
      return {};
    },
  };
}

export type WebPushService = ReturnType<typeof createWebPushService>;
