import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import regexp from 'eslint-plugin-regexp';
import globals from 'globals';

/**
 * The web app's layers (docs/web-layers.md): what each folder of apps/web/src may import.
 * Every other folder is refused, so an import that runs back up a layer fails the lint.
 */
const webLayers = {
  lib: ['i18n'],
  i18n: ['lib'],
  nav: ['lib', 'i18n'],
  api: ['lib', 'i18n'],
  realtime: ['lib', 'i18n'],
  // The service worker, bundled on its own: nothing of the app's (store writes the words it reads).
  sw: [],
  store: ['lib', 'i18n', 'api', 'realtime', 'sw'],
  components: ['lib', 'i18n', 'nav', 'api', 'store'],
  screens: ['lib', 'i18n', 'nav', 'api', 'store', 'components'],
  router: ['lib', 'i18n', 'nav', 'components', 'screens'],
  startup: ['nav'],
};
/** Every folder and top-level module of apps/web/src; bootstrap and main may import them all. */
const webModules = [...Object.keys(webLayers), 'bootstrap', 'main', 'test'];
const crossPackage = {
  web: ['**/apps/server/**', '@paichat/server'],
  server: ['**/apps/web/**', '@paichat/web'],
};
/** Test code (tests, fakes, harnesses) may reach any layer. */
const webTestFiles = [
  '**/*.test.{ts,tsx}',
  'apps/web/src/test/**',
  '**/testing/**',
  '**/fakeApi.ts',
  '**/testApi.ts',
  '**/testSupport.ts',
];

function layerRule(name, allowed) {
  const refused = webModules.filter((m) => m !== name && !allowed.includes(m));
  return {
    files:
      name === 'router' || name === 'startup'
        ? [`apps/web/src/${name}.{ts,tsx}`]
        : [`apps/web/src/${name}/**`],
    ignores: webTestFiles,
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            ...crossPackage.web.map((group) => ({
              group: [group],
              message: 'The web app never reaches into the server.',
            })),
            {
              group: refused.flatMap((m) => [`**/${m}`, `**/${m}/**`]),
              message: `${name} may import only from ${allowed.join(', ')} (docs/web-layers.md).`,
            },
          ],
        },
      ],
    },
  };
}

export default tseslint.config(
  { ignores: ['**/node_modules', '**/dist', '**/data', '.tsbuild'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'error',
    },
  },
  // A pattern that backtracks for super-linear time lets one request hold the server's thread.
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { regexp },
    rules: {
      'regexp/no-super-linear-backtracking': 'error',
      'regexp/no-super-linear-move': 'error',
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  // Package boundaries: the web app never reaches into the server, nor the server into the web app.
  {
    files: ['apps/web/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: crossPackage.web }] },
  },
  {
    files: ['apps/server/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: crossPackage.server }] },
  },
  // Inside the web app, each layer imports only from the layers below it.
  ...Object.entries(webLayers).map(([name, allowed]) => layerRule(name, allowed)),
  // The web's test files share one module graph (apps/web/vitest.config.ts): a module replaced
  // by one file would stay replaced, or not be, depending on which file ran first.
  {
    files: ['apps/web/src/**/*.test.{ts,tsx}'],
    ignores: ['apps/web/src/**/*.isolated.test.{ts,tsx}'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector:
            "CallExpression[callee.object.name='vi'][callee.property.name=/^(mock|doMock|unmock|resetModules)$/]",
          message: 'Replacing modules needs a module graph of its own: name the file *.isolated.test.tsx.',
        },
      ],
    },
  },
);
