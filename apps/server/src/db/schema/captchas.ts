import type { Selectable } from 'kysely';

/** Issued verification codes; in the database so every node agrees, deleted when used. */
export interface CaptchasTable {
  id: string;
  /** Lowercased. */
  answer: string;
  expires_at: number;
}

export type CaptchaRow = Selectable<CaptchasTable>;
