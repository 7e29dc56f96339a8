/**
 * Sign-in protection.
 *
 * A failed sign-in (unknown account or wrong password) counts against three keys at once, and
 * none of them ever locks anyone out for long: an address may be a school's, an office's or a
 * carrier's, shared by thousands, and an account's owner must always get in.
 * - Pair (the account, ignoring case, from one client address): from its 5th failure, each
 *   failure makes that address wait before trying that account again: 30 s, doubling with each
 *   further failure, at most 10 minutes.
 * - Address: from its 20th failure, whatever the accounts, every sign-in from it needs the
 *   verification code (also with CAPTCHA=off), and each failure makes the address wait before
 *   its next try: 1 s, doubling, at most 60 s. Everyone behind it still gets in, with the code,
 *   at worst a minute later; a guesser gets a try a minute, each costing a solved code.
 * - Account (from any address): from its 3rd failure, signing in to it needs the verification
 *   code, even when the server runs with CAPTCHA=off (with CAPTCHA=on it always does). It never
 *   waits: failures from an attacker's addresses cannot keep the owner out, they only make
 *   everyone prove they are a person.
 * - A key's failures are forgotten once 15 minutes pass without one (longer than any wait, so
 *   waiting one out does not start the count again). A wait is answered at once as a refusal
 *   saying how long (signInWait), never by holding the request open. Refused attempts and wrong
 *   verification codes do not count.
 * - A successful sign-in clears its pair's and its account's counters (not the address's, so
 *   signing in to one's own account does not buy more guesses at others).
 * - The client address is the connection's peer address. X-Forwarded-For is ignored unless
 *   TRUST_PROXY names the proxies in front of the server, so a client cannot escape the
 *   limits by sending a made-up X-Forwarded-For.
 * Counters live in the database (table login_failures), so every node shares them.
 */
import type { DbOrTx } from '../../db';
import { addFailure, deleteFailures, deleteFailuresBefore, findFailureCounters } from './repo';

/** A key's failures are forgotten once this long passes without one. */
export const FORGET_AFTER_MS = 15 * 60_000;
/** Failures against an account from which signing in to it needs the verification code. */
export const ACCOUNT_CODE_AFTER = 3;

/** From a key's `from`-th failure on, each makes it wait: `firstMs`, doubling, at most `longestMs`. */
export interface WaitRule {
  from: number;
  firstMs: number;
  longestMs: number;
}

export const PAIR_WAIT: WaitRule = { from: 5, firstMs: 30_000, longestMs: 10 * 60_000 };
/** Its `from` is also where sign-ins from the address start to need the verification code. */
export const ADDRESS_WAIT: WaitRule = { from: 20, firstMs: 1_000, longestMs: 60_000 };

/** How long a key waits after its `count`-th failure. */
export function waitAfter(rule: WaitRule, count: number): number {
  if (count < rule.from) return 0;
  return Math.min(rule.firstMs * 2 ** (count - rule.from), rule.longestMs);
}

export interface ThrottleKeys {
  pair: string;
  address: string;
  account: string;
}

export const throttleKeys = (accountLower: string, ip: string): ThrottleKeys => ({
  pair: `pair:${ip}|${accountLower}`,
  address: addressKey(ip),
  account: accountKey(accountLower),
});

const accountKey = (accountLower: string) => `acct:${accountLower}`;
const addressKey = (ip: string) => `ip:${ip}`;

export interface ThrottleState {
  /** How long (ms) the pair or the address must still wait before a try; 0 when it need not. */
  waitMs: number;
  /** The account's or the address's recent failures make the verification code required. */
  codeRequired: boolean;
}

type Counter = Awaited<ReturnType<typeof findFailureCounters>>[number];

async function countersOf(db: DbOrTx, keys: string[]): Promise<Map<string, Counter>> {
  return new Map((await findFailureCounters(db, keys)).map((row) => [row.key, row]));
}

/** The failures not forgotten yet. */
const liveCount = (counter: Counter | undefined, now: number): number =>
  counter && counter.last_failure_at > now - FORGET_AFTER_MS ? counter.count : 0;

/** How long is left of the wait the key's latest failure began. */
const waitLeft = (counter: Counter | undefined, rule: WaitRule, now: number): number =>
  counter ? Math.max(0, counter.last_failure_at + waitAfter(rule, counter.count) - now) : 0;

export async function throttleState(db: DbOrTx, keys: ThrottleKeys, now: number): Promise<ThrottleState> {
  const counters = await countersOf(db, [keys.pair, keys.address, keys.account]);
  const [pair, address, account] = [keys.pair, keys.address, keys.account].map((key) => counters.get(key));
  return {
    waitMs: Math.max(waitLeft(pair, PAIR_WAIT, now), waitLeft(address, ADDRESS_WAIT, now)),
    codeRequired:
      liveCount(account, now) >= ACCOUNT_CODE_AFTER || liveCount(address, now) >= ADDRESS_WAIT.from,
  };
}

/**
 * Whether signing in to this account from this address needs the verification code because of
 * their failures.
 */
export async function signInNeedsCode(
  db: DbOrTx,
  accountLower: string,
  ip: string,
  now: number,
): Promise<boolean> {
  return (await throttleState(db, throttleKeys(accountLower, ip), now)).codeRequired;
}

export async function recordFailure(db: DbOrTx, keys: ThrottleKeys, now: number): Promise<void> {
  for (const key of [keys.pair, keys.address, keys.account]) {
    await addFailure(db, key, now, FORGET_AFTER_MS);
  }
  // Housekeeping: failures forgotten, and any wait they began over, are of no use.
  await deleteFailuresBefore(db, now - FORGET_AFTER_MS);
}

export async function recordSuccess(db: DbOrTx, keys: ThrottleKeys): Promise<void> {
  await deleteFailures(db, [keys.pair, keys.account]);
}
