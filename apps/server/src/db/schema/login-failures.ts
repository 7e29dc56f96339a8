import type { Selectable } from 'kysely';

/** Failed sign-in counters per key (`acct:<chat ID lowercased>` or `ip:<address>`); see auth/throttle.ts. */
export interface LoginFailuresTable {
  key: string;
  count: number;
  window_start: number;
}

export type LoginFailureRow = Selectable<LoginFailuresTable>;
