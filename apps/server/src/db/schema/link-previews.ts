import type { Selectable } from 'kysely';

/** A web address's preview card; see migrations/0042_link_previews.ts. */
export interface LinkPreviewsTable {
  /** SHA-256 (hex) of the normalized address. */
  url_key: string;
  url: string;
  title: string;
  description: string;
  site_name: string;
  /** The stored copy of the page's picture (`/file/…`); null when it has none. */
  image_url: string | null;
  image_width: number | null;
  image_height: number | null;
  fetched_at: number;
  expires_at: number;
}

export type LinkPreviewRow = Selectable<LinkPreviewsTable>;
