import type { Updateable } from 'kysely';
import type { DbOrTx, UserRow, UsersTable } from '../../db';

export function findUserById(db: DbOrTx, id: number): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

export function findUsersByIds(db: DbOrTx, ids: readonly number[]): Promise<UserRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('users')
    .selectAll()
    .where('id', 'in', [...new Set(ids)])
    .execute();
}

export async function countUsers(db: DbOrTx): Promise<number> {
  const row = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export type ProfileChanges = Pick<
  Updateable<UsersTable>,
  'nick_name' | 'intro' | 'gender' | 'portrait' | 'country' | 'province' | 'city'
>;

export async function updateProfile(db: DbOrTx, id: number, changes: ProfileChanges): Promise<void> {
  if (Object.keys(changes).length === 0) return;
  await db.updateTable('users').set(changes).where('id', '=', id).execute();
}

/** Sets the chat ID only if the account has none; answers whether it did. */
export async function setChatNoIfUnset(
  db: DbOrTx,
  id: number,
  chatNo: string,
  chatNoLower: string,
): Promise<boolean> {
  const result = await db
    .updateTable('users')
    .set({ chat_no: chatNo, chat_no_lower: chatNoLower })
    .where('id', '=', id)
    .where('chat_no', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function setPasswordHash(db: DbOrTx, id: number, passwordHash: string): Promise<void> {
  await db.updateTable('users').set({ password_hash: passwordHash }).where('id', '=', id).execute();
}

/** A secret every node shares (table server_secrets, made by migrations), or undefined. */
export async function findServerSecret(db: DbOrTx, name: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('server_secrets')
    .select('value')
    .where('name', '=', name)
    .executeTakeFirst();
  return row?.value;
}
