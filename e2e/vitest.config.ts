import { defineConfig } from 'vitest/config';
import { inMemoryTmp } from '../apps/server/vitest.config';

// End-to-end tests: real Chromium (Debian's) driving the real server on a temporary database.
// Files run one after another: each starts its own server and browser, and the machine has 2 cores.
export default defineConfig({
  test: {
    name: 'e2e',
    include: ['tests/**/*.e2e.ts'],
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // The servers' data in memory, as for the server's tests (see that config).
    env: inMemoryTmp,
  },
});
