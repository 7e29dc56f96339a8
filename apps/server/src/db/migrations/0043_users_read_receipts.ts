import type { Kysely } from 'kysely';

/**
 * "Send read receipts" (1 on, the default; 0 off): off, the user's read positions are shown to
 * no one, they are shown no one's, and typing is off both ways. A user setting, not a device
 * one, so that it holds on every device.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('read_receipts', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('read_receipts').execute();
}
