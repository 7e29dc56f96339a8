import type { Kysely } from 'kysely';

/**
 * GROUP messages keep the sender's group nickname as it was when sent (`fromGroupNick`), so a
 * later change, or the sender leaving, does not rename what they said. Null elsewhere.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('messages').addColumn('group_nick', 'varchar(64)').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('messages').dropColumn('group_nick').execute();
}
