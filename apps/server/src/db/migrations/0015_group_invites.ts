import type { Kysely } from 'kysely';

/**
 * Group QR codes: a random, unguessable code names the group until `expires_at`. A code that
 * was never issued is simply not found, so forging one gets nowhere.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('group_invites')
    .addColumn('code', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('group_id', 'integer', (c) => c.notNull().references('groups.id').onDelete('cascade'))
    .addColumn('created_by', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('group_invites_group_idx')
    .on('group_invites')
    .columns(['group_id', 'created_by'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('group_invites').execute();
}
