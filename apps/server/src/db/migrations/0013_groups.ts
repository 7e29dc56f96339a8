import type { Kysely } from 'kysely';
import { withIdColumn } from './portable';

/**
 * Groups. Each has one GROUP chat (`chat_id`; the chat's `group_id` points back) that carries
 * its messages. `name_is_default` marks a name made from the members' names (remade when they
 * change); `portrait` is the composed grid of the first nine members' avatars and
 * `portrait_key` what it was composed from, so it is remade only when that changes. A
 * DISMISSED group keeps its rows: its chat stays readable, and no one can send to it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withIdColumn(db, db.schema.createTable('groups'))
    .addColumn('chat_id', 'integer', (c) => c.notNull().unique().references('chats.id').onDelete('cascade'))
    .addColumn('name', 'varchar(64)', (c) => c.notNull())
    .addColumn('name_is_default', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('portrait', 'varchar(255)', (c) => c.notNull().defaultTo(''))
    .addColumn('portrait_key', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('notice', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('notice_time', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('owner_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('status', 'varchar(12)', (c) => c.notNull().defaultTo('ACTIVE'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('dismissed_at', 'bigint')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('groups').execute();
}
