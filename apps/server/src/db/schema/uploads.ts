import type { ColumnType, Insertable, Selectable } from 'kysely';

/**
 * Every file stored under `${DATA_DIR}/uploads/`, by its random name, with the type its bytes
 * were found to be (never the one the client claimed). A thumbnail is a row of its own
 * (purpose `thumb`), named by its original's `thumb_name`.
 */
export interface UploadsTable {
  name: string;
  owner_id: number;
  content_type: string;
  size: number;
  /** The client's file name, cleaned, for display only. */
  original_name: ColumnType<string, string | undefined, string>;
  /** file | video | avatar | thumb */
  purpose: string;
  width: number | null;
  height: number | null;
  thumb_name: string | null;
  created_at: number;
}

export type UploadRow = Selectable<UploadsTable>;
export type NewUpload = Insertable<UploadsTable>;
