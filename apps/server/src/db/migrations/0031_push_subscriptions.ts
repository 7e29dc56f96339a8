import webPush from 'web-push';
import type { Kysely } from 'kysely';
import { withIdColumn } from './portable';

/**
 * Web Push (modules/webpush): one row per device that allowed notifications, made by the
 * signed-in session of that device, so signing it out drops the row. `endpoint` is the push
 * service's address for that browser (unique: a browser that signs in as someone else takes its
 * row over); `p256dh` and `auth` are its keys (base64url) that every payload is encrypted to;
 * `preview` (0/1) whether its notifications may show the sender and the text.
 *
 * The VAPID key pair that signs every push is made here, once per database, beside the other
 * shared secrets: every node signs with it, and browsers' subscriptions are bound to its public
 * half (a new pair would orphan all of them).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withIdColumn(db, db.schema.createTable('push_subscriptions'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('session_id', 'integer', (c) => c.notNull().references('sessions.id').onDelete('cascade'))
    .addColumn('endpoint', 'varchar(1024)', (c) => c.notNull().unique())
    .addColumn('p256dh', 'varchar(128)', (c) => c.notNull())
    .addColumn('auth', 'varchar(64)', (c) => c.notNull())
    .addColumn('preview', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('last_success_at', 'bigint')
    .execute();
  await db.schema
    .createIndex('push_subscriptions_user_id_idx')
    .on('push_subscriptions')
    .column('user_id')
    .execute();
  await db.schema
    .createIndex('push_subscriptions_session_id_idx')
    .on('push_subscriptions')
    .column('session_id')
    .execute();
  const keys = webPush.generateVAPIDKeys();
  await (db as Kysely<{ server_secrets: { name: string; value: string } }>)
    .insertInto('server_secrets')
    .values([
      { name: 'vapid_public', value: keys.publicKey },
      { name: 'vapid_private', value: keys.privateKey },
    ])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await (db as Kysely<{ server_secrets: { name: string } }>)
    .deleteFrom('server_secrets')
    .where('name', 'in', ['vapid_public', 'vapid_private'])
    .execute();
  await db.schema.dropTable('push_subscriptions').execute();
}
