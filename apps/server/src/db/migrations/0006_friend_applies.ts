import { sql, type Kysely } from 'kysely';
import { withIdColumn } from './portable';

export async function up(db: Kysely<unknown>): Promise<void> {
  await withIdColumn(db, db.schema.createTable('friend_applies'))
    .addColumn('from_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('to_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('reason', 'varchar(255)', (c) => c.notNull().defaultTo(''))
    .addColumn('source', 'varchar(16)', (c) => c.notNull())
    .addColumn('remark', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('friend_applies_to_status_idx')
    .on('friend_applies')
    .columns(['to_id', 'status'])
    .execute();
  await db.schema.createIndex('friend_applies_from_idx').on('friend_applies').column('from_id').execute();
  // At most one pending request per direction, even when two arrive at once.
  await db.schema
    .createIndex('friend_applies_one_pending_uq')
    .on('friend_applies')
    .columns(['from_id', 'to_id'])
    .unique()
    .where(sql.ref('status'), '=', 'pending')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('friend_applies').execute();
}
