import { RuleTester } from 'eslint';
import { afterAll, describe, it } from 'vitest';
import tseslint from 'typescript-eslint';
import { orchardPlugin } from './eslint-rules.js';

RuleTester.describe = describe;
RuleTester.it = it;
RuleTester.itOnly = it.only;
RuleTester.afterAll = afterAll;

const ruleTester = new RuleTester({ languageOptions: { parser: tseslint.parser, ecmaVersion: 2023, sourceType: 'module' } });
const moduleFile = (module, name) => `/repo/apps/api/src/modules/${module}/${name}`;

ruleTester.run('orchard/import-boundaries: API modules', orchardPlugin.rules['import-boundaries'], {
  valid: [
    { filename: moduleFile('join', 'join.service.ts'), code: "import type { UsersService } from '../users/users.service.ts';" },
    { filename: moduleFile('join', 'join.service.ts'), code: "import { followingRequired } from '../artists/artists.errors.ts';" },
    // Each module owns its tables; the users table and foreign keys are the exceptions of decision 092.
    { filename: moduleFile('artists', 'artists.repository.ts'), code: "import { users } from '../users/users.table.ts';" },
    // Reading the users table anywhere; writing it in the users module, and in tests.
    { filename: moduleFile('films', 'films.repository.ts'), code: "import { users } from '../users/users.table.ts';\ndb.select({ nickname: users.nickname }).from(users);" },
    { filename: moduleFile('users', 'users.repository.ts'), code: "import { users } from './users.table.ts';\ndb.update(users).set({ nickname: 'a' });" },
    { filename: moduleFile('films', 'films.test.ts'), code: "import { users } from '../users/users.table.ts';\ndb.insert(users).values({});" },
    { filename: moduleFile('rankings', 'rankings.table.ts'), code: "import { artists } from '../artists/artists.table.ts';" },
    { filename: moduleFile('films', 'films.test.ts'), code: "import { projectFunders } from '../projects/projects.table.ts';" },
    { filename: '/repo/apps/api/test/points-fixtures.ts', code: "import { pointLots } from '../src/modules/points/points.table.ts';" },
    { filename: moduleFile('auth', 'session.service.ts'), code: "import { createSessionsRepository } from './sessions.repository.ts';" },
    // A module passes on its own files; the schema (outside the modules) gathers every module's tables.
    { filename: moduleFile('projects', 'projects.service.ts'), code: "export type { Viewer } from './projects.presenter.ts';" },
    { filename: '/repo/apps/api/src/db/schema.ts', code: "export * from '../modules/idempotency/idempotency.table.ts';" },
    // The demo drives the services; its test reads what it wrote however it likes.
    { filename: '/repo/apps/api/src/demo/demo.ts', code: "import { addIdentityWithin } from '../modules/auth/auth.service.ts';" },
    { filename: '/repo/apps/api/src/demo/demo.test.ts', code: "import { users } from '../modules/users/users.table.ts';" },
    // Outside the modules (the app, services.ts, jobs) anything may be wired together.
    { filename: '/repo/apps/api/src/services.ts', code: "import { createUsersService } from './modules/users/users.service.ts';" },
    {
      filename: moduleFile('payment-gateway', 'payment-gateway.routes.ts'),
      code: "import { registerSandboxGatewayRoutes } from '../sandbox-gateway/sandbox-gateway.routes.ts';",
      options: [{ allowModuleImports: [{ from: 'payment-gateway', to: 'sandbox-gateway' }] }],
    },
  ],
  invalid: [
    {
      // operator-roles once granted the role by writing users itself; the users service does it now.
      filename: moduleFile('operator-roles', 'operator-roles.ts'),
      code: "import { users as accounts } from '../users/users.table.ts';\nawait db.update(accounts).set({ roles: [] });\nawait db.insert(accounts).values({});",
      errors: [{ message: /written only by the users module \(update\)/ }, { message: /written only by the users module \(insert\)/ }],
    },
    {
      // The community module once wrote the films table; the films service hides a film now.
      filename: moduleFile('community', 'community.repository.ts'),
      code: "import { films } from '../films/films.table.ts';",
      errors: [{ message: /each module owns its tables: ask the films service/ }],
    },
    {
      filename: moduleFile('support', 'support.service.ts'),
      code: "import type { PointTransactionRow } from '../points/points.table.ts';",
      errors: [{ message: /ask the points service/ }],
    },
    {
      filename: moduleFile('projects', 'projects.service.ts'),
      code: "export { users } from '../users/users.table.ts';",
      errors: [{ message: /re-exports nothing of another module/ }],
    },
    {
      filename: '/repo/apps/api/src/demo/demo.ts',
      code: "import { payments } from '../modules/payments/payments.table.ts';",
      errors: [{ message: /the demo drives the services, never a module's payments\.table\.ts/ }],
    },
    {
      filename: '/repo/apps/api/src/demo/seed.ts',
      code: "import { createUsersRepository } from '../modules/users/users.repository.ts';",
      errors: [{ message: /never a module's users\.repository\.ts/ }],
    },
    {
      filename: moduleFile('artists', 'artists.service.ts'),
      code: "import { createUsersRepository } from '../users/users.repository.ts';",
      errors: [{ message: /never its users\.repository\.ts/ }],
    },
    {
      filename: moduleFile('users', 'users.service.ts'),
      code: "export { createJoinRepository } from '../join/join.repository.ts';",
      errors: [{ message: /never its join\.repository\.ts/ }],
    },
    {
      filename: moduleFile('users', 'users.routes.ts'),
      code: "const helpers = await import('../auth/providers.ts');",
      errors: [{ message: /never its providers\.ts/ }],
    },
    {
      // Another module's public file is imported where it is used, not passed on (decision 067).
      filename: moduleFile('projects', 'projects.service.ts'),
      code: "export { requestHash } from '../idempotency/idempotency.service.ts';",
      errors: [{ message: /re-exports nothing of another module/ }],
    },
    {
      filename: moduleFile('projects', 'projects.service.ts'),
      code: "export type { KeyScope } from '../idempotency/idempotency.service.ts';",
      errors: [{ message: /re-exports nothing of another module/ }],
    },
    {
      filename: moduleFile('projects', 'projects.service.ts'),
      code: "export * from '../idempotency/idempotency.service.ts';",
      errors: [{ message: /re-exports nothing of another module/ }],
    },
    {
      // A service file in a sub-folder of another module is an internal too.
      filename: moduleFile('users', 'users.service.ts'),
      code: "import { x } from '../payments/gateways/toss.service.ts';",
      errors: [{ message: /never its gateways\/toss\.service\.ts/ }],
    },
    {
      filename: moduleFile('payment-gateway', 'payment-gateway.routes.ts'),
      code: "import { registerSandboxGatewayRoutes } from '../sandbox-gateway/sandbox-gateway.routes.ts';",
      errors: [{ message: /never its sandbox-gateway\.routes\.ts/ }],
    },
  ],
});

ruleTester.run('orchard/import-boundaries: web', orchardPlugin.rules['import-boundaries'], {
  valid: [
    { filename: '/repo/apps/web/src/features/users/components/nickname-field.tsx', code: "import { nicknameMaxLength } from '@orchard/shared/input-limits';" },
    { filename: '/repo/apps/web/src/features/users/components/my-page-home.tsx', code: "import { paths } from '../../../lib/paths.ts';" },
    { filename: '/repo/apps/web/src/lib/service-worker.ts', code: "import { afterIdle } from './start-up.ts';" },
    { filename: '/repo/apps/api/src/modules/users/users.service.ts', code: "import { nicknameKey } from '@orchard/shared/nickname-key';" },
  ],
  invalid: [
    {
      filename: '/repo/apps/web/src/features/users/components/nickname-field.tsx',
      code: "import { nicknameKey } from '@orchard/shared/nickname-key';",
      errors: [{ message: /nickname keys are the server's/ }],
    },
    {
      filename: '/repo/apps/web/src/features/projects/components/list/project-card.tsx',
      code: "import { paths } from '../../../../app/paths.ts';",
      errors: [{ message: /features never import app\// }],
    },
    {
      // The service worker's registration once took its idle helper from app/start-up.ts.
      filename: '/repo/apps/web/src/lib/service-worker.ts',
      code: "import { afterIdle } from '../app/start-up.ts';",
      errors: [{ message: /lib\/ is below the features and the app/ }],
    },
  ],
});

ruleTester.run('orchard/filename-case', orchardPlugin.rules['filename-case'], {
  valid: [
    { filename: '/repo/apps/api/src/modules/points/points.service.ts', code: 'export {};' },
    { filename: '/repo/apps/web/src/features/points/hooks/use-action-key.ts', code: 'export {};' },
  ],
  invalid: [
    { filename: '/repo/apps/web/src/components/ui/ToastViewport.tsx', code: 'export {};', errors: [{ message: /not kebab-case/ }] },
    { filename: '/repo/apps/api/src/lib/db_errors.ts', code: 'export {};', errors: [{ message: /not kebab-case/ }] },
  ],
});
