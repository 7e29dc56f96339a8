import { createHash } from 'node:crypto';
import type { LinkCard } from '@paichat/protocol';
import type { DbOrTx, LinkPreviewRow } from '../../db';

/**
 * One card per web address as normalized: the URL parser's form (scheme and host in lower case,
 * default port dropped, path and query percent-encoded) without the fragment, which never
 * reaches the site.
 */
export function normalizedUrl(url: string): string {
  const parsed = new URL(url);
  parsed.hash = '';
  return parsed.href;
}

const keyOf = (url: string): string => createHash('sha256').update(normalizedUrl(url)).digest('hex');

/** The card held for `url`, fresh or not; undefined when none was ever read. */
export function findPreview(db: DbOrTx, url: string): Promise<LinkPreviewRow | undefined> {
  return db.selectFrom('link_previews').selectAll().where('url_key', '=', keyOf(url)).executeTakeFirst();
}

/** Keeps the card read for `row.url`, in place of any older one. */
export async function savePreview(db: DbOrTx, row: Omit<LinkPreviewRow, 'url_key'>): Promise<LinkPreviewRow> {
  const saved = { ...row, url_key: keyOf(row.url) };
  await db
    .insertInto('link_previews')
    .values(saved)
    .onConflict((oc) => oc.column('url_key').doUpdateSet(row))
    .execute();
  return saved;
}

/** The card as a message carries it, for the address as the text writes it. */
export function cardOf(row: LinkPreviewRow, url: string): LinkCard {
  return {
    url,
    title: row.title,
    description: row.description,
    siteName: row.site_name,
    image:
      row.image_url === null
        ? null
        : { url: row.image_url, width: row.image_width ?? 0, height: row.image_height ?? 0 },
  };
}

/**
 * What a TEXT sent with `link {url}` stores: the card held for that address, if the address is
 * in the text and a card was read for it; otherwise nothing (the text goes without a card).
 */
export async function frozenLink(
  db: DbOrTx,
  link: { url: string } | undefined,
  text: string,
): Promise<{ link?: LinkCard }> {
  if (!link || !text.includes(link.url)) return {};
  const row = await findPreview(db, link.url);
  return row ? { link: cardOf(row, link.url) } : {};
}
