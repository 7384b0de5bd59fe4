// One lint setup for every package. The import rules enforce the dependency direction from ARCHITECTURE.md.
import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

const forbid = (...groups) => ({
  'no-restricted-imports': ['error', { patterns: groups.map(([group, message]) => ({ group, message })) }],
});

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', '**/cdk.out/**', '.data*/**', 'tests/.artifacts/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['shared/**/*.ts'],
    rules: forbid(
      [['@chartside/*', '../../lambdas/*', '../../web/*', '../../infra/*'], 'shared imports no other package'],
      [['@aws-sdk/*', 'react', 'react-dom', 'node:*', 'fs', 'http'], 'shared is pure: no I/O, no AWS SDK, no React'],
    ),
  },
  {
    files: ['lambdas/src/http/**/*.ts', 'lambdas/src/ws/**/*.ts', 'lambdas/src/jobs/**/*.ts', 'lambdas/src/services/**/*.ts'],
    ignores: ['**/*.test.ts'], // a test composes real adapters, as a composition root does
    rules: forbid(
      [['**/adapters/**', '@aws-sdk/*'], 'routers, services, realtime and jobs use ports, never adapters'],
      [['**/handlers/**'], 'handlers are entry points; nothing imports them'],
    ),
  },
  {
    files: ['lambdas/src/data/**/*.ts'],
    rules: forbid([['hono', 'hono/*', '@hono/*', '**/http/**'], 'the data layer knows no HTTP']),
  },
  {
    files: ['web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...forbid([['@chartside/lambdas', '@chartside/lambdas/*', '**/lambdas/**', '@chartside/infra'], 'web speaks HTTP and WebSocket only']),
    },
  },
  {
    files: ['web/src/components/**/*.{ts,tsx}'],
    rules: forbid([['**/features/**'], 'shared UI knows no feature']),
  },
  {
    files: ['infra/lib/**/*.ts', 'infra/bin/**/*.ts'],
    rules: forbid([['**/local/**'], 'infra/lib never imports infra/local']),
  },
);
