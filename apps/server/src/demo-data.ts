import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from './clock';
import type { Db, Dialect } from './db';
import { insertUser } from './modules/auth/repo';
import { hashPassword } from './modules/auth/password';
import { insertFriendship } from './modules/friends/repo';
import { countUsers } from './modules/users/repo';

export const DEMO_PASSWORD = 'paichat123';
export const DEMO_ACCOUNTS = [
  { chatNo: 'amy', nickName: 'Amy' },
  { chatNo: 'ben', nickName: 'Ben' },
  { chatNo: 'chen', nickName: '陈晨' },
] as const;

/**
 * Demo accounts so a first `npm start` has someone to talk to: only on the embedded (SQLite)
 * database, only while it has no user at all, and only with DEMO_DATA=on. A PostgreSQL
 * deployment is a real one and never gets them. Answers whether it created them.
 */
export async function seedDemoData(
  db: Db,
  dialect: Dialect,
  options: { enabled: boolean; clock: Clock; log: FastifyBaseLogger },
): Promise<boolean> {
  if (!options.enabled || dialect !== 'sqlite') return false;
  if ((await countUsers(db)) > 0) return false;
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const now = options.clock.now();
  await db.transaction().execute(async (trx) => {
    const ids: number[] = [];
    for (const account of DEMO_ACCOUNTS) {
      ids.push(
        await insertUser(trx, {
          chat_no: account.chatNo,
          chat_no_lower: account.chatNo.toLowerCase(),
          nick_name: account.nickName,
          password_hash: passwordHash,
          created_at: now,
        }),
      );
    }
    for (const [i, a] of ids.entries()) {
      for (const b of ids.slice(i + 1)) await insertFriendship(trx, a, b, now);
    }
  });
  options.log.info(
    { accounts: DEMO_ACCOUNTS.map((a) => a.chatNo), password: DEMO_PASSWORD },
    `demo data created: sign in as ${DEMO_ACCOUNTS.map((a) => a.chatNo).join(', ')} with password ${DEMO_PASSWORD}`,
  );
  return true;
}
