import type { Kysely } from 'kysely';
import { withIdColumn } from './portable';

/**
 * Sign-in through other services (modules/identities).
 *
 * `identities`: an account's Pi, Google or X account, by the service's id for the person
 * (`subject`: Pi's uid, the ID token's `sub`, X's user id). One account per (provider,
 * subject), so the same person always reaches the same account; one of each provider per
 * account.
 *
 * `oauth_logins`: a Google or X sign-in under way, from the login link to the callback, at
 * most 10 minutes. Keyed by the SHA-256 of its `state` (the state itself travels in the URL and
 * in the cookie that binds the attempt to the browser); the PKCE verifier and the OpenID nonce
 * never leave the server. Taken (deleted) by the callback, so a code or state is used once.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withIdColumn(db, db.schema.createTable('identities'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('provider', 'varchar(16)', (c) => c.notNull())
    .addColumn('subject', 'varchar(255)', (c) => c.notNull())
    .addColumn('name', 'varchar(255)', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('identities_provider_subject_key', ['provider', 'subject'])
    .addUniqueConstraint('identities_user_provider_key', ['user_id', 'provider'])
    .execute();

  await db.schema
    .createTable('oauth_logins')
    .addColumn('state_hash', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('provider', 'varchar(16)', (c) => c.notNull())
    /** Null: a sign-in; a user id: linking to that account. */
    .addColumn('link_user_id', 'integer', (c) => c.references('users.id').onDelete('cascade'))
    .addColumn('code_verifier', 'varchar(128)', (c) => c.notNull())
    .addColumn('nonce', 'varchar(128)', (c) => c.notNull().defaultTo(''))
    .addColumn('redirect_uri', 'varchar(512)', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('oauth_logins').execute();
  await db.schema.dropTable('identities').execute();
}
