/**
 * Push subscriptions (one per device, bound to its sign-in): stored, updated and forgotten here;
 * the pushes themselves go out through notifier.ts.
 */
import { createECDH } from 'node:crypto';
import { BlockList, isIP } from 'node:net';
import type { RequestOf } from '@paichat/protocol';
import type { pushSubscribe } from '@paichat/protocol';
import type { Clock } from '../../clock';
import type { Db } from '../../db';
import { ValidationError } from '../../errors';
import type { AuthContext } from '../../http/auth-hook';
import type { PushNotifier } from './notifier';
import * as repo from './repo';

export interface WebPushServiceDeps {
  db: Db;
  clock: Clock;
  notifier: Pick<PushNotifier, 'publicKey'>;
  /** Accept http://127.0.0.1 and http://localhost push services (a local fake in tests). */
  allowLocalEndpoints: boolean;
}

/** Addresses no push service has: the server must not be made to post into its own network. */
const PRIVATE = new BlockList();
for (const [net, bits] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.168.0.0', 16],
] as const)
  PRIVATE.addSubnet(net, bits, 'ipv4');
for (const [net, bits] of [
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
] as const)
  PRIVATE.addSubnet(net, bits, 'ipv6');

const LOCAL_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);

function checkEndpoint(endpoint: string, allowLocal: boolean): void {
  const url = new URL(endpoint);
  const host = url.hostname;
  if (allowLocal && LOCAL_HOSTS.has(host)) return;
  const literal = host.replace(/^\[|\]$/g, '');
  const family = isIP(literal);
  const isPrivate =
    host === 'localhost' ||
    host.endsWith('.localhost') ||
    (family !== 0 && PRIVATE.check(literal, family === 4 ? 'ipv4' : 'ipv6'));
  if (isPrivate) throw new ValidationError('endpoint: must be the address of a public push service');
  if (url.protocol !== 'https:')
    throw new ValidationError('endpoint: a push service must be reached over https');
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
  const { db, clock, notifier, allowLocalEndpoints } = deps;
  return {
    vapidKey: async () => ({ publicKey: await notifier.publicKey() }),

    async subscribe(
      actor: AuthContext,
      input: RequestOf<typeof pushSubscribe>,
    ): Promise<Record<string, never>> {
      checkEndpoint(input.endpoint, allowLocalEndpoints);
      checkPublicKey(input.keys.p256dh);
      // One device, one subscription: a new one (the browser's was renewed) replaces the last,
      // so nobody can make a message fan out to endpoints of their choosing.
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
