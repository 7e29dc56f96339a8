import type { DbOrTx, PushSubscriptionRow } from '../../db';

// The push_subscriptions table (migrations/0031_push_subscriptions.ts) and the VAPID keys.

export type PushTarget = Pick<
  PushSubscriptionRow,
  'id' | 'user_id' | 'endpoint' | 'p256dh' | 'auth' | 'preview'
>;

export async function findVapidKeys(db: DbOrTx): Promise<{ publicKey: string; privateKey: string }> {
  const rows = await db
    .selectFrom('server_secrets')
    .select(['name', 'value'])
    .where('name', 'in', ['vapid_public', 'vapid_private'])
    .execute();
  const value = (name: string) => {
    const row = rows.find((r) => r.name === name);
    if (!row) throw new Error(`server_secrets has no ${name}: migration 0031 did not run`);
    return row.value;
  };
  return { publicKey: value('vapid_public'), privateKey: value('vapid_private') };
}

/** Stores a device's subscription; an endpoint already known (re-subscribed, or signed in anew) is taken over. */
export async function upsertSubscription(
  db: DbOrTx,
  row: Pick<
    PushSubscriptionRow,
    'user_id' | 'session_id' | 'endpoint' | 'p256dh' | 'auth' | 'preview' | 'created_at'
  >,
): Promise<void> {
  await db
    .insertInto('push_subscriptions')
    .values(row)
    .onConflict((oc) =>
      oc.column('endpoint').doUpdateSet({
        user_id: row.user_id,
        session_id: row.session_id,
        p256dh: row.p256dh,
        auth: row.auth,
        preview: row.preview,
        created_at: row.created_at,
      }),
    )
    .execute();
}

export async function deleteUserSubscription(db: DbOrTx, userId: number, endpoint: string): Promise<void> {
  await db
    .deleteFrom('push_subscriptions')
    .where('user_id', '=', userId)
    .where('endpoint', '=', endpoint)
    .execute();
}

/** Every subscription of the session but `keptEndpoint` (all of them without one). */
export async function deleteSessionSubscriptions(
  db: DbOrTx,
  sessionId: number,
  keptEndpoint?: string,
): Promise<void> {
  let query = db.deleteFrom('push_subscriptions').where('session_id', '=', sessionId);
  if (keptEndpoint !== undefined) query = query.where('endpoint', '<>', keptEndpoint);
  await query.execute();
}

/** The user's subscriptions, the one subscribed last first. */
export async function userSubscriptionIds(db: DbOrTx, userId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('push_subscriptions')
    .select('id')
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
  return rows.map((row) => row.id);
}

/** Subscriptions beyond an account's cap, or that the push service said are gone (404, 410). */
export async function deleteSubscriptions(db: DbOrTx, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  await db.deleteFrom('push_subscriptions').where('id', 'in', ids).execute();
}

export async function markDelivered(db: DbOrTx, id: number, now: number): Promise<void> {
  await db.updateTable('push_subscriptions').set({ last_success_at: now }).where('id', '=', id).execute();
}

/** Who a push goes to: one user (a friend request), or a chat's members at a message but its sender. */
export type PushAudience = { userId: number } | { chatId: number; seq: number; senderId: number };

/**
 * The subscriptions to wake for `audience`: of live sessions, of users with no socket seen since
 * `socketSeenAfter` (on any node: the sockets table), and for a message only of the members it
 * is for (as chats/repo's recipientsAt) who have not muted the chat, or whom it mentions
 * (`mention_seq`, set in the send's transaction: @them or @All wakes them even when muted).
 */
export function findTargets(
  db: DbOrTx,
  audience: PushAudience,
  query: { now: number; socketSeenAfter: number },
): Promise<PushTarget[]> {
  const select = db
    .selectFrom('push_subscriptions as p')
    .innerJoin('sessions as s', 's.id', 'p.session_id')
    .select(['p.id', 'p.user_id', 'p.endpoint', 'p.p256dh', 'p.auth', 'p.preview'])
    .where('s.revoked_at', 'is', null)
    .where('s.expires_at', '>', query.now)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('sockets as k')
            .select('k.id')
            .whereRef('k.user_id', '=', 'p.user_id')
            .where('k.opened_at', 'is not', null)
            .where('k.seen_at', '>', query.socketSeenAfter),
        ),
      ),
    );
  if ('userId' in audience) return select.where('p.user_id', '=', audience.userId).execute();
  const { chatId, seq, senderId } = audience;
  return select
    .innerJoin('chat_members as m', (join) =>
      join.onRef('m.user_id', '=', 'p.user_id').on('m.chat_id', '=', chatId),
    )
    .where('p.user_id', '<>', senderId)
    .where((eb) => eb.or([eb('m.is_disturb', '=', 0), eb('m.mention_seq', '=', seq)]))
    .where('m.cleared_seq', '<', seq)
    .where((eb) => eb.or([eb('m.left_seq', 'is', null), eb('m.left_seq', '>=', seq)]))
    .execute();
}
