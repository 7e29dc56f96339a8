import { defineProject } from 'vitest/config';

// The build's own tests (the bundle budget, the protocol as the web bundles it, the icon and
// preload plugins): Node code, each file in a process of its own, apart from the screens' jsdom.
export default defineProject({
  test: {
    name: 'web-build',
    environment: 'node',
    include: ['build/**/*.test.ts'],
  },
});
