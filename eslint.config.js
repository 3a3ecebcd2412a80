import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';
import { orchardPlugin } from './scripts/eslint-rules.js';

/**
 * Calls whose promise never rejects and is not awaited by design: react-router's navigate resolves
 * once the navigation is done and reports failures through the router, not by rejecting.
 */
const knownSafeCalls = [{ from: 'package', package: 'react-router', name: 'NavigateFunction' }];

/** TypeScript outside every tsconfig: linted without type information. */
const outsideProjects = ['vitest.config.ts', 'apps/web/playwright.config.ts', 'bench/blank-react/**'];

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', '**/data/**', '**/test-results/**', '**/playwright-report/**', 'apps/api/src/db/migrations/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { ecmaVersion: 2023, sourceType: 'module', globals: { console: 'readonly', process: 'readonly' } },
    plugins: { orchard: orchardPlugin },
    rules: {
      'orchard/import-boundaries': 'error',
      'orchard/filename-case': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': ['error', { allow: ['error', 'warn', 'log'] }],
      'prefer-const': 'error',
      eqeqeq: ['error', 'always'],
    },
  },
  {
    // Promises in a Node server and a React app: none forgotten, none passed where a plain callback is expected.
    files: ['**/*.ts', '**/*.tsx'],
    ignores: outsideProjects,
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': ['error', { allowForKnownSafeCalls: knownSafeCalls }],
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/await-thenable': 'error',
    },
  },
  {
    files: ['apps/web/src/**/*.tsx', 'apps/web/src/**/*.ts'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'error' },
  },
  {
    files: ['apps/web/src/**/*.tsx'],
    ignores: ['apps/web/src/**/*.test.tsx'],
    rules: { 'orchard/no-jsx-literals': 'error' },
  },
  {
    // A classic script the browser runs as it is, before the app (docs/decisions/012).
    files: ['apps/web/public/**/*.js'],
    languageOptions: {
      sourceType: 'script',
      globals: { document: 'readonly', sessionStorage: 'readonly', location: 'readonly', navigator: 'readonly', window: 'readonly', PerformanceObserver: 'readonly', setTimeout: 'readonly' },
    },
  },
  {
    files: ['**/*.test.ts', '**/*.test.tsx', '**/test/**', '**/e2e/**'],
    rules: { '@typescript-eslint/no-non-null-assertion': 'off' },
  },
  {
    // Web tests answer requests with MSW (apps/web/src/test/), whose unhandled-request guard a fetch stub would bypass.
    files: ['apps/web/src/**/*.test.ts', 'apps/web/src/**/*.test.tsx'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.property.name=/^(spyOn|stubGlobal)$/] > Literal[value='fetch']",
          message: 'Answer requests with MSW handlers (apps/web/src/test/handlers/), not a fetch stub.',
        },
      ],
    },
  },
);
