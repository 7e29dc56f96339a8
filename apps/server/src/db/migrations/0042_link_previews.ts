import type { Kysely } from 'kysely';

/**
 * Link previews (modules/links): the card the server read for a web address, kept per address
 * as normalized (`url_key`: the SHA-256 of it, so any address, however long, fits a key) until
 * `expires_at`, when the next preview asked for reads the page again. A text sent with that
 * address gets the card held here. `image_url` is a stored upload (`/file/…`), never the site's.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('link_previews')
    .addColumn('url_key', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('site_name', 'text', (c) => c.notNull())
    .addColumn('image_url', 'varchar(64)')
    .addColumn('image_width', 'integer')
    .addColumn('image_height', 'integer')
    .addColumn('fetched_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('link_previews').execute();
}
