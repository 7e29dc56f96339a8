import { describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from './password';

describe('password hashing', () => {
  it('uses argon2id with at least 19 MiB, 2 passes and 1 lane', async () => {
    const hash = await hashPassword('correct horse');
    const [, algorithm, , params] = hash.split('$');
    expect(algorithm).toBe('argon2id');
    const values = Object.fromEntries((params ?? '').split(',').map((p) => p.split('=')));
    expect(Number(values.m)).toBeGreaterThanOrEqual(19_456);
    expect(Number(values.t)).toBeGreaterThanOrEqual(2);
    expect(Number(values.p)).toBe(1);
  });

  it('verifies the right password only', async () => {
    const hash = await hashPassword('correct horse');
    expect(await verifyPassword(hash, 'correct horse')).toBe(true);
    expect(await verifyPassword(hash, 'correct horsE')).toBe(false);
  });

  it('answers false for an unknown account (no hash) and for a corrupt hash', async () => {
    expect(await verifyPassword(undefined, 'not-a-real-password')).toBe(false);
    expect(await verifyPassword('garbage', 'anything')).toBe(false);
  });
});
