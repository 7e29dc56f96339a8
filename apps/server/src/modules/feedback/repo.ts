import type { DbOrTx, Tx } from '../../db/schema';

export interface NewFeedback {
  userId: number;
  text: string;
  appVersion: string;
  device: string;
  createdAt: number;
  uploadNames: readonly string[];
}

/** Stores a feedback with its pictures (in one transaction: all of it or nothing). */
export async function insertFeedback(trx: Tx, feedback: NewFeedback): Promise<number> {
  const { id } = await trx
    .insertInto('feedback')
    .values({
      user_id: feedback.userId,
      text: feedback.text,
      app_version: feedback.appVersion,
      device: feedback.device,
      created_at: feedback.createdAt,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (feedback.uploadNames.length > 0) {
    await trx
      .insertInto('feedback_images')
      .values(
        feedback.uploadNames.map((name, position) => ({ feedback_id: id, position, upload_name: name })),
      )
      .execute();
  }
  return id;
}

export interface FeedbackRow {
  id: number;
  text: string;
  app_version: string;
  device: string;
  created_at: number;
  user_id: number;
  nick_name: string;
  chat_no: string | null;
  images: string[];
}

/** The newest feedback first, with its sender and pictures (what the operators read). */
export async function listFeedback(db: DbOrTx, limit: number): Promise<FeedbackRow[]> {
  const rows = await db
    .selectFrom('feedback')
    .innerJoin('users', 'users.id', 'feedback.user_id')
    .select([
      'feedback.id',
      'feedback.text',
      'feedback.app_version',
      'feedback.device',
      'feedback.created_at',
      'feedback.user_id',
      'users.nick_name',
      'users.chat_no',
    ])
    .orderBy('feedback.created_at', 'desc')
    .orderBy('feedback.id', 'desc')
    .limit(limit)
    .execute();
  if (rows.length === 0) return [];
  const images = await db
    .selectFrom('feedback_images')
    .select(['feedback_id', 'upload_name'])
    .where(
      'feedback_id',
      'in',
      rows.map((row) => row.id),
    )
    .orderBy('position')
    .execute();
  return rows.map((row) => ({
    ...row,
    images: images.filter((image) => image.feedback_id === row.id).map((image) => image.upload_name),
  }));
}
