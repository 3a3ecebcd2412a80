import path from 'node:path';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

/**
 * ARCHITECTURE §2 boundaries: shared ← api, shared ← web; the web app never imports the API;
 * features never import each other; components/ui imports no feature.
 */
const boundaries = {
  rules: {
    'import-boundaries': {
      meta: { type: 'problem', schema: [] },
      create(context) {
        const file = context.filename.split(path.sep).join('/');
        const check = (node, source) => {
          if (typeof source !== 'string') return;
          const resolved = source.startsWith('.')
            ? path.posix.normalize(path.posix.join(path.posix.dirname(file), source))
            : source;
          const fail = (why) => context.report({ node, message: `Import boundary: ${why} (${source})` });
          if (file.includes('/packages/shared/') && !file.endsWith('.test.ts')) {
            if (resolved.includes('/apps/') || source.startsWith('@orchard/')) fail('packages/shared depends on zod only');
            else if (!source.startsWith('.') && source !== 'zod') fail('packages/shared depends on zod only');
          }
          if (file.includes('/apps/web/') && (resolved.includes('/apps/api/') || source === '@orchard/api')) {
            fail('the web app never imports the API');
          }
          if (file.includes('/apps/api/') && (resolved.includes('/apps/web/') || source === '@orchard/web')) {
            fail('the API never imports the web app');
          }
          const feature = file.match(/\/apps\/web\/src\/features\/([^/]+)\//)?.[1];
          const target = resolved.match(/\/apps\/web\/src\/features\/([^/]+)/)?.[1] ?? resolved.match(/(?:^|\/)features\/([^/]+)/)?.[1];
          if (feature && target && target !== feature) fail('features never import each other; compose them in app/routes');
          if (file.includes('/apps/web/src/components/ui/') && /(^|\/)(features|app)\//.test(resolved)) {
            fail('components/ui imports no feature and no app code');
          }
        };
        return {
          ImportDeclaration: (node) => check(node, node.source.value),
          ImportExpression: (node) => check(node, node.source.value),
          ExportNamedDeclaration: (node) => node.source && check(node, node.source.value),
          ExportAllDeclaration: (node) => check(node, node.source.value),
        };
      },
    },
  },
};


/**
 * ARCHITECTURE §6: strings come from i18next only. Fails on letters written straight into JSX:
 * text children, string children in braces, and text-bearing attributes.
 */
const textAttributes = new Set(['aria-label', 'aria-description', 'aria-valuetext', 'title', 'placeholder', 'alt', 'label']);
const hasLetters = (value) => typeof value === 'string' && /\p{L}/u.test(value);
const noJsxLiterals = {
  meta: { type: 'problem', schema: [] },
  create(context) {
    const report = (node) => context.report({ node, message: 'Literal text in JSX: use a translation key (i18next) instead' });
    return {
      JSXText: (node) => hasLetters(node.value) && report(node),
      JSXExpressionContainer: (node) => {
        if (node.parent?.type !== 'JSXElement' && node.parent?.type !== 'JSXFragment') return;
        const expression = node.expression;
        if (expression.type === 'Literal' && hasLetters(expression.value)) report(node);
        if (expression.type === 'TemplateLiteral' && expression.quasis.some((quasi) => hasLetters(quasi.value.cooked))) report(node);
      },
      JSXAttribute: (node) => {
        const name = node.name.type === 'JSXIdentifier' ? node.name.name : '';
        if (!textAttributes.has(name) || !node.value) return;
        if (node.value.type === 'Literal' && hasLetters(node.value.value)) report(node);
        if (node.value.type === 'JSXExpressionContainer' && node.value.expression.type === 'Literal' && hasLetters(node.value.expression.value)) report(node);
      },
    };
  },
};

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', '**/data/**', '**/test-results/**', '**/playwright-report/**', 'apps/api/src/db/migrations/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { ecmaVersion: 2023, sourceType: 'module', globals: { console: 'readonly', process: 'readonly' } },
    plugins: { orchard: { rules: { ...boundaries.rules, 'no-jsx-literals': noJsxLiterals } } },
    rules: {
      'orchard/import-boundaries': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': ['error', { allow: ['error', 'warn', 'log'] }],
      'prefer-const': 'error',
      eqeqeq: ['error', 'always'],
    },
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
);
