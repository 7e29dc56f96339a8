import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

/**
 * The screens, hooks and stores, in jsdom. All files share one module graph and one document
 * (`isolate: false`): a fresh jsdom and a fresh import of the UI kit for each file cost most of
 * this project's time. src/test/setup.ts undoes what each test leaves. A file that replaces a
 * module (`vi.mock`) needs a module graph of its own, so it is named `*.isolated.test.tsx` and
 * runs in the `web-isolated` project (vitest.isolated.config.ts); the lint enforces the name.
 */
export default defineConfig({
  plugins: [react()],
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    exclude: ['src/**/*.isolated.test.{ts,tsx}'],
    setupFiles: ['src/test/setup.ts'],
    isolate: false,
    // The suite shares a 2-core machine with the server's tests: room for a slow animation frame.
    testTimeout: 15_000,
    // antd-mobile ships ESM that imports its own CSS; let Vite transform it instead of Node.
    server: { deps: { inline: ['antd-mobile'] } },
  },
});
