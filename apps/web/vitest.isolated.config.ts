import { defineConfig } from 'vitest/config';
import web from './vitest.config.js';

// The web tests that replace a module (`vi.mock`): each file in a module graph of its own.
export default defineConfig({
  ...web,
  test: {
    ...web.test,
    name: 'web-isolated',
    include: ['src/**/*.isolated.test.{ts,tsx}'],
    exclude: [],
    isolate: true,
  },
});
