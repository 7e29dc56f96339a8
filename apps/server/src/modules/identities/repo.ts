import { sql } from 'kysely';
import type { DbOrTx, IdentityRow, OAuthLoginRow, Tx } from '../../db';

// Identities: an account's Pi, Google or X account.

export function findIdentity(
  db: DbOrTx,
  provider: string,
  subject: string,
): Promise<IdentityRow | undefined> {
  return db
    .selectFrom('identities')
    .selectAll()
    .where('provider', '=', provider)
    .where('subject', '=', subject)
    .executeTakeFirst();
}

export function listIdentities(db: DbOrTx, userId: number): Promise<IdentityRow[]> {
  return db.selectFrom('identities').selectAll().where('user_id', '=', userId).orderBy('id').execute();
}

export async function insertIdentity(
  db: DbOrTx,
  identity: { user_id: number; provider: string; subject: string; name: string; created_at: number },
): Promise<void> {
  await db.insertInto('identities').values(identity).execute();
}

/** Keeps the name the service gives the person current (they may rename themselves there). */
export async function renameIdentity(db: DbOrTx, id: number, name: string): Promise<void> {
  await db.updateTable('identities').set({ name }).where('id', '=', id).execute();
}

export async function deleteIdentity(db: DbOrTx, userId: number, provider: string): Promise<void> {
  await db.deleteFrom('identities').where('user_id', '=', userId).where('provider', '=', provider).execute();
}

/**
 * Locks the user's row until commit (on PostgreSQL; SQLite has one writer at a time anyway), so
 * two unlinks at once cannot each leave the other as the last way in. Answers whether the
 * account signs in by password: it has a password and a chat ID to sign in with.
 */
export async function lockUserSignIn(trx: Tx, userId: number): Promise<{ password: boolean } | undefined> {
  const { rows } = await sql<{ password: boolean | number }>`update "users" set "nick_name" = "nick_name"
    where "id" = ${userId}
    returning ("password_hash" is not null and "chat_no" is not null) as "password"`.execute(trx);
  const row = rows[0];
  return row && { password: Boolean(row.password) };
}

export async function hasPasswordSignIn(db: DbOrTx, userId: number): Promise<boolean> {
  const row = await db
    .selectFrom('users')
    .select(['password_hash', 'chat_no'])
    .where('id', '=', userId)
    .executeTakeFirst();
  return !!row && row.password_hash !== null && row.chat_no !== null;
}

// Google and X sign-ins under way.

export async function insertOAuthLogin(db: DbOrTx, login: OAuthLoginRow): Promise<void> {
  await db.insertInto('oauth_logins').values(login).execute();
}

/** Deletes the attempt and answers it: at most one callback ever gets it (single use). */
export function takeOAuthLogin(db: DbOrTx, stateHash: string): Promise<OAuthLoginRow | undefined> {
  return db.deleteFrom('oauth_logins').where('state_hash', '=', stateHash).returningAll().executeTakeFirst();
}

export async function deleteExpiredOAuthLogins(db: DbOrTx, now: number): Promise<void> {
  await db.deleteFrom('oauth_logins').where('expires_at', '<=', now).execute();
}
