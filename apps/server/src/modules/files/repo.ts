import type { DbOrTx, NewUpload, UploadRow } from '../../db';

export async function insertUploads(db: DbOrTx, rows: NewUpload[]): Promise<void> {
  if (rows.length > 0) await db.insertInto('uploads').values(rows).execute();
}

export function findUpload(db: DbOrTx, name: string): Promise<UploadRow | undefined> {
  return db.selectFrom('uploads').selectAll().where('name', '=', name).executeTakeFirst();
}

export function findUploads(db: DbOrTx, names: readonly string[]): Promise<UploadRow[]> {
  if (names.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('uploads')
    .selectAll()
    .where('name', 'in', [...new Set(names)])
    .execute();
}
