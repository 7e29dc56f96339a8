import type { RequestOf, submitFeedback } from '@paichat/protocol';
import type { Clock } from '../../clock';
import type { Db } from '../../db';
import { ImageInvalidError } from '../../errors';
import type { AuthContext } from '../../http/auth-hook';
import { ownedUploads } from '../files/owned';
import { insertFeedback } from './repo';

export interface FeedbackServiceDeps {
  db: Db;
  clock: Clock;
}

/** What a request says about the app that sent it (its `version` and `device` headers). */
export interface ClientInfo {
  appVersion: string;
  device: string;
}

/** Feedback: stored with its sender and app, pictures only from the sender's own uploads. */
export function createFeedbackService({ db, clock }: FeedbackServiceDeps) {
  return {
    async submit(
      actor: AuthContext,
      input: Required<RequestOf<typeof submitFeedback>>,
      client: ClientInfo,
    ): Promise<{ feedbackId: string }> {
      const uploads = await ownedUploads(db, actor.userId, input.images, 'image');
      if (!uploads) throw new ImageInvalidError();
      const id = await db.transaction().execute((trx) =>
        insertFeedback(trx, {
          userId: actor.userId,
          text: input.text,
          appVersion: client.appVersion,
          device: client.device,
          createdAt: clock.now(),
          uploadNames: uploads.map((upload) => upload.name),
        }),
      );
      return { feedbackId: String(id) };
    },
  };
}

export type FeedbackService = ReturnType<typeof createFeedbackService>;
