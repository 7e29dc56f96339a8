import { fileURLToPath } from 'node:url';
import { defineConfig, loadEnv } from 'vite';
import react from '@vitejs/plugin-react';

/**
 * Path prefixes the dev server hands to the API server (apps/server). They follow the
 * contract's `/<domain>/<verbNoun>` style; keep this list in step with new server domains.
 */
const API_PREFIXES = [
  'auth',
  'my',
  'user',
  'chat',
  'group',
  'friend',
  'moments',
  'favorites',
  'nearby',
  'shake',
  'file',
  'files',
  'uploads',
  'feedback',
  'dict',
  'system',
  'app',
  'stat',
  'api',
  'healthz',
];

export default defineConfig(({ mode }) => {
  // PAICHAT_API_URL (from the environment or an .env file) points the dev proxy elsewhere.
  const env = loadEnv(mode, fileURLToPath(new URL('.', import.meta.url)), 'PAICHAT_');
  const target = env.PAICHAT_API_URL || 'http://localhost:8080';
  return {
    base: '/',
    plugins: [react()],
    build: {
      outDir: 'dist',
      emptyOutDir: true,
      rolldownOptions: {
        output: {
          // Libraries change less often than the app: separate chunks stay cached across releases.
          codeSplitting: {
            groups: [
              { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 3 },
              {
                name: 'ui',
                // antd-mobile's locale files stay out: they load on demand with the language.
                test: /node_modules[\\/](antd-mobile(?![\\/]es[\\/]locales)|antd-mobile-icons|@react-spring|@use-gesture|rc-[\w-]+|ahooks)[\\/]/,
                priority: 2,
              },
              { name: 'vendor', test: /node_modules/, priority: 1 },
            ],
          },
        },
      },
    },
    server: {
      proxy: {
        // A RegExp key (leading ^): '/app' must not swallow '/apps…', nor '/file' '/files…'.
        [`^/(${API_PREFIXES.join('|')})(/|\\?|$)`]: { target, changeOrigin: true },
        '^/ws(/|\\?|$)': { target, ws: true, changeOrigin: true },
      },
    },
  };
});
