import { sql } from 'kysely';
import type { DbOrTx, NewSession, NewUser, SessionRow, UserRow } from '../../db';

// Users (the auth side: lookup by chat ID, creation).

export function findUserByChatNoLower(db: DbOrTx, chatNoLower: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('chat_no_lower', '=', chatNoLower).executeTakeFirst();
}

export async function insertUser(db: DbOrTx, user: NewUser): Promise<number> {
  const row = await db.insertInto('users').values(user).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

// Sessions.

export async function insertSession(db: DbOrTx, session: NewSession): Promise<number> {
  const row = await db.insertInto('sessions').values(session).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

/** Runs on every authenticated request: plain SQL (the same on both dialects), which costs far less than building it. */
export async function findLiveSessionByTokenHash(
  db: DbOrTx,
  tokenHash: string,
  now: number,
): Promise<Pick<SessionRow, 'id' | 'user_id' | 'expires_at'> | undefined> {
  const { rows } = await sql<
    Pick<SessionRow, 'id' | 'user_id' | 'expires_at'>
  >`select "id", "user_id", "expires_at"
    from "sessions" where "token_hash" = ${tokenHash} and "revoked_at" is null and "expires_at" > ${now}`.execute(
    db,
  );
  return rows[0];
}

/** Deletes sessions that can never be used again: expired, or revoked before `revokedBefore`. */
export async function deleteEndedSessions(db: DbOrTx, now: number, revokedBefore: number): Promise<void> {
  await db
    .deleteFrom('sessions')
    .where((eb) => eb.or([eb('expires_at', '<=', now), eb('revoked_at', '<', revokedBefore)]))
    .execute();
}

export function findSessionById(db: DbOrTx, id: number): Promise<SessionRow | undefined> {
  return db.selectFrom('sessions').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function revokeSession(db: DbOrTx, id: number, now: number): Promise<void> {
  await db
    .updateTable('sessions')
    .set({ revoked_at: now })
    .where('id', '=', id)
    .where('revoked_at', 'is', null)
    .execute();
}

/** Revokes every live session of the user but one; answers the revoked ids. */
export async function revokeOtherSessions(
  db: DbOrTx,
  userId: number,
  keepSessionId: number,
  now: number,
): Promise<number[]> {
  const rows = await db
    .updateTable('sessions')
    .set({ revoked_at: now })
    .where('user_id', '=', userId)
    .where('id', '!=', keepSessionId)
    .where('revoked_at', 'is', null)
    .returning('id')
    .execute();
  return rows.map((r) => r.id);
}

// Captchas.

export async function insertCaptcha(
  db: DbOrTx,
  id: string,
  answer: string,
  expiresAt: number,
): Promise<void> {
  await db.insertInto('captchas').values({ id, answer, expires_at: expiresAt }).execute();
}

/** Deletes the captcha and answers what it was: at most one caller ever gets a row (single use). */
export function takeCaptcha(
  db: DbOrTx,
  id: string,
): Promise<{ answer: string; expires_at: number } | undefined> {
  return db
    .deleteFrom('captchas')
    .where('id', '=', id)
    .returning(['answer', 'expires_at'])
    .executeTakeFirst();
}

export async function deleteExpiredCaptchas(db: DbOrTx, now: number): Promise<void> {
  await db.deleteFrom('captchas').where('expires_at', '<=', now).execute();
}

// Login failure counters (rules in throttle.ts).

export function findFailureCounters(
  db: DbOrTx,
  keys: string[],
): Promise<{ key: string; count: number; last_failure_at: number }[]> {
  return db
    .selectFrom('login_failures')
    .select(['key', 'count', 'last_failure_at'])
    .where('key', 'in', keys)
    .execute();
}

/** Adds one failure to the key's count, or starts it again if `forgetAfterMs` passed since the last. */
export async function addFailure(db: DbOrTx, key: string, now: number, forgetAfterMs: number): Promise<void> {
  const forgotten = sql<boolean>`${sql.ref('login_failures.last_failure_at')} <= ${now - forgetAfterMs}`;
  await db
    .insertInto('login_failures')
    .values({ key, count: 1, last_failure_at: now })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet({
        count: sql<number>`case when ${forgotten} then 1 else ${sql.ref('login_failures.count')} + 1 end`,
        last_failure_at: now,
      }),
    )
    .execute();
}

export async function deleteFailures(db: DbOrTx, keys: string[]): Promise<void> {
  await db.deleteFrom('login_failures').where('key', 'in', keys).execute();
}

/** Deletes the counters whose last failure was at or before `before`. */
export async function deleteFailuresBefore(db: DbOrTx, before: number): Promise<void> {
  await db.deleteFrom('login_failures').where('last_failure_at', '<=', before).execute();
}
