/**
 * Login throttling.
 *
 * A failed sign-in (unknown account or wrong password) counts against two keys at once: the
 * account (the chat ID, ignoring case) and the client address.
 * - Account: after 5 failures within 15 minutes, every sign-in to that account is refused
 *   ("tooManyAttempts", body code 429) until 15 minutes after its first counted failure,
 *   whatever the address and even with the right password.
 * - Address: after 20 failures within 15 minutes from one address, every sign-in from it is
 *   refused the same way, whatever the account.
 * - A window opens at a key's first failure and lasts 15 minutes; the first failure after it
 *   ends opens a new one. Refused attempts and wrong verification codes do not count.
 * - A successful sign-in clears the account's counter (not the address's, so signing in to
 *   one's own account does not buy more guesses at others).
 * - The client address is the connection's peer address. X-Forwarded-For is ignored unless
 *   TRUST_PROXY names the proxies in front of the server, so a client cannot escape the
 *   limit by sending a made-up X-Forwarded-For.
 * Counters live in the database (table login_failures), so every node shares them.
 */
import type { DbOrTx } from '../../db';
import { addFailure, deleteEndedFailureWindows, deleteFailures, findFailureCounters } from './repo';

export const THROTTLE_WINDOW_MS = 15 * 60_000;
export const ACCOUNT_FAILURE_LIMIT = 5;
export const ADDRESS_FAILURE_LIMIT = 20;

export interface ThrottleKeys {
  account: string;
  address: string;
}

export const throttleKeys = (accountLower: string, ip: string): ThrottleKeys => ({
  account: `acct:${accountLower}`,
  address: `ip:${ip}`,
});

/** Whether either key has used up its failures in a window that has not ended yet. */
export async function isThrottled(db: DbOrTx, keys: ThrottleKeys, now: number): Promise<boolean> {
  const rows = await findFailureCounters(db, [keys.account, keys.address]);
  return rows.some((row) => {
    const limit = row.key === keys.account ? ACCOUNT_FAILURE_LIMIT : ADDRESS_FAILURE_LIMIT;
    return row.count >= limit && row.window_start > now - THROTTLE_WINDOW_MS;
  });
}

export async function recordFailure(db: DbOrTx, keys: ThrottleKeys, now: number): Promise<void> {
  await addFailure(db, keys.account, now, THROTTLE_WINDOW_MS);
  await addFailure(db, keys.address, now, THROTTLE_WINDOW_MS);
  // Housekeeping: counters whose window ended long ago are of no use.
  await deleteEndedFailureWindows(db, now - 2 * THROTTLE_WINDOW_MS);
}

export async function recordSuccess(db: DbOrTx, keys: ThrottleKeys): Promise<void> {
  await deleteFailures(db, keys.account);
}
