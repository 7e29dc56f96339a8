import type { Selectable } from 'kysely';

/**
 * Failed sign-in counters per key (`acct:<chat ID lowercased>`, `ip:<address>` or
 * `pair:<address>|<chat ID lowercased>`) and when the latest failure was; see auth/throttle.ts.
 */
export interface LoginFailuresTable {
  key: string;
  count: number;
  last_failure_at: number;
}

export type LoginFailureRow = Selectable<LoginFailuresTable>;
