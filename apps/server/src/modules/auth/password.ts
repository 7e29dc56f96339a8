import { hash, verify, type Algorithm, type Options } from '@node-rs/argon2';

/** argon2id at (at least) OWASP's minimum: 19 MiB, 2 passes, 1 lane. */
const ARGON2ID: Algorithm.Argon2id = 2;
export const PASSWORD_HASH_OPTIONS: Options = {
  algorithm: ARGON2ID,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
};

export const hashPassword = (password: string): Promise<string> => hash(password, PASSWORD_HASH_OPTIONS);

let dummyHash: Promise<string> | undefined;

/** The hash unknown accounts are checked against; computed once, ahead of the first sign-in. */
export function warmUpPasswordCheck(): Promise<string> {
  if (!dummyHash) {
    dummyHash = hashPassword('not-a-real-password');
    // A failure surfaces where the hash is awaited (verifyPassword), not as an unhandled rejection.
    dummyHash.catch(() => {});
  }
  return dummyHash;
}

/**
 * Checks a password against a stored hash. With no hash (unknown account) it verifies against
 * a dummy hash of the same cost and answers false, so an unknown account takes as long as a
 * wrong password and the timing does not tell which accounts exist.
 */
export async function verifyPassword(storedHash: string | undefined, password: string): Promise<boolean> {
  const target = storedHash ?? (await warmUpPasswordCheck());
  try {
    const matches = await verify(target, password);
    return matches && storedHash !== undefined;
  } catch {
    return false;
  }
}
