/** Rows written straight into a database, for tests below the HTTP API (repos, migrations). */
import type { DbOrTx } from '../../src/db';
import { insertUser } from '../../src/modules/auth/repo';

/** A user with this chat ID as nickname, no password and no session; answers its id. */
export const insertPlainUser = (db: DbOrTx, nick: string): Promise<number> =>
  insertUser(db, { chat_no: nick, chat_no_lower: nick, nick_name: nick, password_hash: null, created_at: 1 });
