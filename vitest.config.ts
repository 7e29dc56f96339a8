import { defineConfig } from 'vitest/config';

// Unit and integration tests of every workspace; e2e has its own config (it needs a built app).
export default defineConfig({
  test: {
    projects: [
      'packages/protocol',
      'apps/server',
      'apps/web',
      'apps/web/vitest.isolated.config.ts',
      'apps/web/vitest.build.config.ts',
    ],
  },
});
