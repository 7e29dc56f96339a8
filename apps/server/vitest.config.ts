import { existsSync } from 'node:fs';
import { defineProject } from 'vitest/config';

/**
 * The tests' databases and uploads (and the servers they start) live in memory when the machine
 * has it (/dev/shm): SQLite syncs every commit (synchronous = FULL), and on a disk busy with the
 * rest of the suite one test of 0.1 s waited on those syncs past its 20 s. Durability is tested
 * by killing processes, which data in memory survives as it would on a disk.
 */
export const inMemoryTmp = existsSync('/dev/shm') ? { TMPDIR: '/dev/shm' } : {};

export default defineProject({
  test: {
    name: 'server',
    environment: 'node',
    include: ['test/**/*.test.ts', 'src/**/*.test.ts'],
    testTimeout: 20_000,
    hookTimeout: 30_000,
    env: inMemoryTmp,
  },
});
