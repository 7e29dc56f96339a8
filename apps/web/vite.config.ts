import { fileURLToPath } from 'node:url';
import { defineConfig, loadEnv } from 'vite';
import react from '@vitejs/plugin-react';
import { compactIconsPlugin } from './build/compactIcons';
import { precompressPlugin } from './build/precompress';
import { preloadDeps } from './build/preloadDeps';
import { protocolForWebPlugin } from './build/protocolForWeb';
import { serviceWorkerPlugin } from './build/serviceWorker';

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
  const preload = preloadDeps();
  return {
    base: '/',
    // The protocol as the web bundles it (build/protocolForWeb.ts: no zod on the first page), the
    // icons' paths made compact, a lazy chunk's preloads without what its importer has loaded
    // (build/preloadDeps.ts), the service worker (/sw.js, the offline shell), then the .br
    // and .gz copies the server sends.
    plugins: [
      react(),
      protocolForWebPlugin(),
      compactIconsPlugin(),
      preload.plugin,
      serviceWorkerPlugin(),
      precompressPlugin(),
    ],
    build: {
      outDir: 'dist',
      emptyOutDir: true,
      // The bundle budget (build/bundleBudget.ts) reads which chunks each screen needs from it.
      manifest: true,
      modulePreload: { resolveDependencies: preload.resolveDependencies },
      rolldownOptions: {
        // Required by experimentalInlineCommonChunks (below).
        preserveEntrySignatures: false,
        output: {
          // React changes less often than the app: its own chunk stays cached across releases.
          // Other libraries are not grouped: a group is one chunk, and it would put every screen's
          // libraries (pinyin, QR, the virtual list…) on the first page's critical path. Rolldown
          // shares them between the routes' chunks instead (the budget: build/bundleBudget.ts).
          // What the entry imports statically ('$initial': the app's frame, i18next, the router,
          // the query cache…) runs at every start anyway: one chunk with the entry, not the ~25
          // small ones the screens' sharing made of it, each compressed apart (~6 KB gzipped).
          // A shared chunk under 6 KB (a few small components and helpers several screens use) is
          // copied into each chunk that imports it instead of being a file of its own: the
          // Message tab's screen came as 13 files of under 1 KB each, each a request on a phone's
          // slow line (six at a time over HTTP/1.1) and a modulepreload link to insert before
          // it could draw. This makes Rolldown run modules strictly in import order, and the
          // entry keeps no export signature (it exports nothing).
          codeSplitting: {
            experimentalInlineCommonChunks: { maxSize: 6 * 1024 },
            groups: [
              { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 3 },
              { name: 'start', tags: ['$initial'], priority: 2 },
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
