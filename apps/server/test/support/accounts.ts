/**
 * Accounts with no chat ID and no password, as a first sign-in through Pi, Google or X makes
 * them (test/identities.test.ts goes through the services' fakes), written straight into the
 * database through the auth repo, with a live session, for tests about something else; the
 * integration tests only.
 */
import { insertSession, insertUser } from '../../src/modules/auth/repo';
import { hashToken, newToken } from '../../src/modules/auth/tokens';
import type { TestServer } from './server';

export async function accountWithoutCredentials(
  server: TestServer,
  nickName: string,
): Promise<{ userId: string; token: string; nickName: string }> {
  const { db } = server.running.app.paichat;
  const now = server.clock.now();
  const userId = await insertUser(db, {
    chat_no: null,
    chat_no_lower: null,
    nick_name: nickName,
    password_hash: null,
    created_at: now,
  });
  const token = newToken();
  await insertSession(db, {
    token_hash: hashToken(token),
    user_id: userId,
    created_at: now,
    expires_at: now + 86_400_000,
  });
  return { userId: String(userId), token, nickName };
}
