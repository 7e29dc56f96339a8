/**
 * Sign-in protection.
 *
 * A failed sign-in (unknown account or wrong password) counts against three keys at once:
 * - Pair (the account, ignoring case, from one client address): after 5 failures within 15
 *   minutes, that address may not sign in to that account ("tooManyAttempts", body code 429),
 *   even with the right password, until 15 minutes after the pair's first counted failure.
 * - Address: after 20 failures within 15 minutes from one address, every sign-in from it is
 *   refused the same way, whatever the account.
 * - Account (from any address): after 3 failures within 15 minutes, signing in to it needs the
 *   verification code, even when the server runs with CAPTCHA=off (with CAPTCHA=on it always
 *   does). The account itself is never locked: failures from an attacker's addresses cannot
 *   lock the owner out, they only make everyone prove they are a person.
 * - A window opens at a key's first failure and lasts 15 minutes; the first failure after it
 *   ends opens a new one. Refused attempts and wrong verification codes do not count.
 * - A successful sign-in clears its pair's and its account's counters (not the address's, so
 *   signing in to one's own account does not buy more guesses at others).
 * - The client address is the connection's peer address. X-Forwarded-For is ignored unless
 *   TRUST_PROXY names the proxies in front of the server, so a client cannot escape the
 *   limits by sending a made-up X-Forwarded-For.
 * Counters live in the database (table login_failures), so every node shares them.
 */
import type { DbOrTx } from '../../db';
import { addFailure, deleteEndedFailureWindows, deleteFailures, findFailureCounters } from './repo';

export const THROTTLE_WINDOW_MS = 15 * 60_000;
export const PAIR_FAILURE_LIMIT = 5;
export const ADDRESS_FAILURE_LIMIT = 20;
/** Failures against an account after which signing in to it needs the verification code. */
export const ACCOUNT_CODE_AFTER = 3;

export interface ThrottleKeys {
  pair: string;
  address: string;
  account: string;
}

export const throttleKeys = (accountLower: string, ip: string): ThrottleKeys => ({
  pair: `pair:${ip}|${accountLower}`,
  address: `ip:${ip}`,
  account: accountKey(accountLower),
});

const accountKey = (accountLower: string) => `acct:${accountLower}`;

export interface ThrottleState {
  /** The pair or the address has used up its failures: refuse the attempt. */
  locked: boolean;
  /** The account's recent failures make the verification code required. */
  codeRequired: boolean;
}

/** Counts in a window that has not ended yet, by key. */
async function liveCounts(db: DbOrTx, keys: string[], now: number): Promise<Map<string, number>> {
  const rows = await findFailureCounters(db, keys);
  return new Map(
    rows.filter((row) => row.window_start > now - THROTTLE_WINDOW_MS).map((row) => [row.key, row.count]),
  );
}

export async function throttleState(db: DbOrTx, keys: ThrottleKeys, now: number): Promise<ThrottleState> {
  const counts = await liveCounts(db, [keys.pair, keys.address, keys.account], now);
  return {
    locked:
      (counts.get(keys.pair) ?? 0) >= PAIR_FAILURE_LIMIT ||
      (counts.get(keys.address) ?? 0) >= ADDRESS_FAILURE_LIMIT,
    codeRequired: (counts.get(keys.account) ?? 0) >= ACCOUNT_CODE_AFTER,
  };
}

/** Whether signing in to this account needs the verification code because of its failures. */
export async function accountNeedsCode(db: DbOrTx, accountLower: string, now: number): Promise<boolean> {
  const key = accountKey(accountLower);
  return ((await liveCounts(db, [key], now)).get(key) ?? 0) >= ACCOUNT_CODE_AFTER;
}

export async function recordFailure(db: DbOrTx, keys: ThrottleKeys, now: number): Promise<void> {
  for (const key of [keys.pair, keys.address, keys.account]) {
    await addFailure(db, key, now, THROTTLE_WINDOW_MS);
  }
  // Housekeeping: counters whose window ended long ago are of no use.
  await deleteEndedFailureWindows(db, now - 2 * THROTTLE_WINDOW_MS);
}

export async function recordSuccess(db: DbOrTx, keys: ThrottleKeys): Promise<void> {
  await deleteFailures(db, [keys.pair, keys.account]);
}
