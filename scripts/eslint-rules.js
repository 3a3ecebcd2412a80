import path from 'node:path';

/** What one API module may import of another: its service (types and factory) and its errors. */
const moduleSurface = /^[^/]+\.(service|errors)\.ts$/;
/** The one table every module may join: who a person is, and their nickname (docs/decisions/092). */
const sharedTable = 'users/users.table.ts';
/** A table file may name another module's table for a foreign key, which the database enforces (decision 092). */
const isTableFile = (file) => /\/[^/]+\.table\.ts$/.test(file);
const isTestFile = (file) => /\.test\.tsx?$/.test(file) || /\/apps\/api\/test\//.test(file);

/**
 * The layers point one way (docs/architecture.md#boundaries): shared ← api, shared ← web; the web
 * app never imports the API, nor the nickname key (server side only); features never import each other nor app/; components/ui and lib/ import no feature and no app code;
 * an API module reaches another only through its service and errors, never its repository or tables
 * (each module owns its tables: only its own files, db/schema.ts, migrations and tests import them;
 * the users table and foreign keys are the named exceptions of decision 092), and re-exports nothing
 * of another module (its callers import from the owner); the demo (apps/api/src/demo/) uses the
 * modules' services, never their tables or repositories. The users table is shared for reading:
 * only the users module inserts, updates or deletes its rows.
 * Option `allowModuleImports: [{ from, to }]` lets one module import any file of another while a
 * move between them is under way.
 */
const importBoundaries = {
  meta: {
    type: 'problem',
    schema: [
      {
        type: 'object',
        properties: {
          allowModuleImports: {
            type: 'array',
            items: { type: 'object', properties: { from: { type: 'string' }, to: { type: 'string' } }, required: ['from', 'to'] },
          },
        },
        additionalProperties: false,
      },
    ],
  },
  create(context) {
    const file = context.filename.split(path.sep).join('/');
    const allowModuleImports = context.options[0]?.allowModuleImports ?? [];
    const check = (node, source, reexport = false) => {
      if (typeof source !== 'string') return;
      const resolved = source.startsWith('.') ? path.posix.normalize(path.posix.join(path.posix.dirname(file), source)) : source;
      const fail = (why) => context.report({ node, message: `Import boundary: ${why} (${source})` });
      if (file.includes('/packages/shared/') && !file.endsWith('.test.ts')) {
        if (resolved.includes('/apps/') || source.startsWith('@orchard/')) fail('packages/shared depends on zod only');
        else if (!source.startsWith('.') && source !== 'zod') fail('packages/shared depends on zod only');
      }
      if (file.includes('/apps/web/') && (resolved.includes('/apps/api/') || source === '@orchard/api')) {
        fail('the web app never imports the API');
      }
      // Unicode's confusables table rides with it; the server decides (docs/decisions/032-nickname-keys-with-confusable-skeletons.md).
      if (file.includes('/apps/web/') && source === '@orchard/shared/nickname-key') {
        fail('nickname keys are the server\'s: the web app asks /api/users/nickname-availability');
      }
      if (file.includes('/apps/api/') && (resolved.includes('/apps/web/') || source === '@orchard/web')) {
        fail('the API never imports the web app');
      }
      const feature = file.match(/\/apps\/web\/src\/features\/([^/]+)\//)?.[1];
      const target = resolved.match(/\/apps\/web\/src\/features\/([^/]+)/)?.[1] ?? resolved.match(/(?:^|\/)features\/([^/]+)/)?.[1];
      if (feature && target && target !== feature) fail('features never import each other; compose them in app/routes');
      if (feature && /\/apps\/web\/src\/app\//.test(resolved)) fail('features never import app/: what they share lives in lib/');
      if (file.includes('/apps/web/src/components/ui/') && /(^|\/)(features|app)\//.test(resolved)) {
        fail('components/ui imports no feature and no app code');
      }
      if (file.includes('/apps/web/src/lib/') && !isTestFile(file) && /\/apps\/web\/src\/(features|app)\//.test(resolved)) {
        fail('lib/ is below the features and the app: it imports neither');
      }
      const apiModule = file.match(/\/apps\/api\/src\/modules\/([^/]+)\//)?.[1];
      const [, targetModule, targetFile] = resolved.match(/\/apps\/api\/src\/modules\/([^/]+)\/(.+)$/) ?? [];
      if (apiModule && targetModule && targetModule !== apiModule && !allowModuleImports.some(({ from, to }) => from === apiModule && to === targetModule)) {
        const tableImport = /\.table\.ts$/.test(targetFile);
        const allowedTable = tableImport && (`${targetModule}/${targetFile}` === sharedTable || isTableFile(file) || isTestFile(file));
        if (tableImport && !allowedTable) fail(`each module owns its tables: ask the ${targetModule} service instead of importing ${targetFile}`);
        else if (!tableImport && !moduleSurface.test(targetFile)) fail(`an API module uses another module's service and errors, never its ${targetFile}`);
        else if (reexport) fail(`an API module re-exports nothing of another module: import ${targetFile} where it is used`);
      }
      // The demo sits above the services and drives them (decision 096): no module's tables or repositories.
      if (file.includes('/apps/api/src/demo/') && !file.endsWith('.test.ts') && /\.(table|repository)\.ts$/.test(targetFile ?? '')) {
        fail(`the demo drives the services, never a module's ${targetFile}`);
      }
    };
    // The users table is shared for reading only: its writes stay in the users module (decision 092).
    const usersTableNames = new Set();
    const outsideUsersModule = file.includes('/apps/api/src/') && !file.includes('/apps/api/src/modules/users/') && !isTestFile(file);
    const noteUsersTable = (node) => {
      const source = node.source.value;
      if (!outsideUsersModule || typeof source !== 'string' || !source.startsWith('.')) return;
      const resolved = path.posix.normalize(path.posix.join(path.posix.dirname(file), source));
      if (!resolved.endsWith(`/modules/${sharedTable}`)) return;
      for (const specifier of node.specifiers) if (specifier.type === 'ImportSpecifier') usersTableNames.add(specifier.local.name);
    };
    return {
      ImportDeclaration: (node) => {
        noteUsersTable(node);
        check(node, node.source.value);
      },
      CallExpression: (node) => {
        const [table] = node.arguments;
        const method = node.callee.type === 'MemberExpression' ? node.callee.property.name : undefined;
        if (['insert', 'update', 'delete'].includes(method) && table?.type === 'Identifier' && usersTableNames.has(table.name)) {
          context.report({ node, message: `Import boundary: each module owns its tables: the users table is read here, written only by the users module (${method})` });
        }
      },
      ImportExpression: (node) => check(node, node.source.value),
      ExportNamedDeclaration: (node) => node.source && check(node, node.source.value, true),
      ExportAllDeclaration: (node) => check(node, node.source.value, true),
    };
  },
};

/**
 * Strings come from i18next only (docs/architecture.md#web). Fails on letters written straight
 * into JSX: text children, string children in braces, and text-bearing attributes.
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

/**
 * File names are kebab-case up to their first dot (`points.service.ts`, `use-action-key.ts`), so
 * they read the same on every file system and never differ from an import by case alone.
 */
const kebabCaseName = /^[a-z0-9]+(-[a-z0-9]+)*$/;
const filenameCase = {
  meta: { type: 'suggestion', schema: [] },
  create(context) {
    return {
      Program(node) {
        const stem = path.basename(context.filename).split('.')[0];
        if (!kebabCaseName.test(stem)) context.report({ node, message: `File name "${path.basename(context.filename)}" is not kebab-case` });
      },
    };
  },
};

export const orchardPlugin = {
  rules: { 'import-boundaries': importBoundaries, 'no-jsx-literals': noJsxLiterals, 'filename-case': filenameCase },
};
