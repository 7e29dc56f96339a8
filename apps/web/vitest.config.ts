import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

export default defineConfig({
  plugins: [react()],
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}', 'build/**/*.test.ts'],
    setupFiles: ['src/test/setup.ts'],
    // The suite shares a 2-core machine with the server's tests: room for a slow animation frame.
    testTimeout: 15_000,
    // antd-mobile ships ESM that imports its own CSS; let Vite transform it instead of Node.
    server: { deps: { inline: ['antd-mobile'] } },
  },
});
