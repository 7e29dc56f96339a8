import type { Kysely } from 'kysely';

/**
 * The current members of a group and what is theirs in it: role (OWNER or MEMBER), their
 * nickname in the group, whether they saved it to their contacts. Leaving deletes the row;
 * the former member's `chat_members` row stays (their history), ended at its `left_seq`
 * (migration 0016). The order of joining decides who inherits the group from an owner who
 * quits: the earliest `joined_at`, ties by user id.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('group_members')
    .addColumn('group_id', 'integer', (c) => c.notNull().references('groups.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('role', 'varchar(8)', (c) => c.notNull())
    .addColumn('group_nick', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .addColumn('saved', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('joined_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('group_members_pk', ['group_id', 'user_id'])
    .execute();
  await db.schema.createIndex('group_members_user_id_idx').on('group_members').column('user_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('group_members').execute();
}
