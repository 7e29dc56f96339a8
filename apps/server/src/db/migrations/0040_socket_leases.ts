import type { Kysely } from 'kysely';

/**
 * Batched socket leases. A socket's row no longer carries its own `seen_at` refreshed every
 * 30 s (one write per socket per interval); it names the node lease that holds it, written at
 * open and close only. Each node process refreshes its one `socket_leases` row instead, and a
 * user's sockets count while their lease is fresh: a node that dies stops counting all at once.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('socket_leases')
    .addColumn('lease_id', 'varchar(200)', (c) => c.primaryKey())
    .addColumn('seen_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.alterTable('sockets').addColumn('lease_id', 'varchar(200)').execute();
  await db.schema.createIndex('sockets_lease_id_idx').on('sockets').column('lease_id').execute();
  // Sockets opened before the upgrade name no lease; their nodes are gone with the old code.
  await db
    .deleteFrom('sockets' as never)
    .where('opened_at' as never, 'is not', null)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('sockets_lease_id_idx').execute();
  await db.schema.alterTable('sockets').dropColumn('lease_id').execute();
  await db.schema.dropTable('socket_leases').execute();
}
