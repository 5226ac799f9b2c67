import { RuleTester } from 'eslint';
import { describe, it } from 'vitest';
import { importBoundaries } from './import-boundaries.js';

// The server modules' part of import-boundaries (docs/decisions/0042): public files only, and no
// cycle. The fixture modules under fixtures/modules: rota → kitchen → tills.
RuleTester.describe = describe;
RuleTester.it = it;

const tester = new RuleTester({ languageOptions: { ecmaVersion: 2023, sourceType: 'module' } });
const at = (path: string) => `${process.cwd()}/${path}`;
const fixtures = [{ modulesDir: 'tools/eslint/fixtures/modules' }];
const module = (path: string) => at(`tools/eslint/fixtures/modules/${path}`);
const notPublic = (file: string, name: string, source: string) =>
  `${file} is not public in the ${name} module (its routes, service and repository files are, and those listed in tools/eslint/server-modules.js) (${source})`;

tester.run('import-boundaries: server modules', importBoundaries, {
  valid: [
    // Inside a module, any file.
    {
      filename: module('tills/tills.routes.ts'),
      code: "import { drawer } from './till-drawer.ts';",
      options: fixtures,
    },
    // Down the graph, through a public file.
    {
      filename: module('rota/rota.routes.ts'),
      code: "import { till } from '../tills/tills.service.ts';",
      options: fixtures,
    },
    // A helper the module lists as shared.
    {
      filename: module('kitchen/kitchen.routes.ts'),
      code: "import { drawer } from '../tills/till-drawer.ts';",
      options: [{ ...fixtures[0], sharedFiles: { tills: ['till-drawer.ts'] } }],
    },
    // The linted file's imports replace what is on disk: kitchen.service.ts no longer needs
    // tills, so tills may take kitchen's.
    {
      filename: module('kitchen/kitchen.service.ts'),
      code: 'export const kitchen = 2;',
      options: fixtures,
    },
    // A test is not imported by its module: its imports make no cycle.
    {
      filename: module('tills/tills.test.ts'),
      code: "import { rota } from '../rota/rota.service.ts';",
      options: fixtures,
    },
    // The repository as it stands: stores reads the tenant, as it should.
    {
      filename: at('apps/server/src/modules/stores/stores.service.ts'),
      code: "import { loadTenant } from '../tenants/tenants.repository.ts';",
    },
  ],
  invalid: [
    {
      filename: module('tills/tills.routes.ts'),
      code: "import { kitchen } from '../kitchen/kitchen.service.ts';",
      options: fixtures,
      errors: [
        {
          message:
            'the tills module must not import from kitchen: that closes the cycle tills → kitchen → tills (../kitchen/kitchen.service.ts)',
        },
      ],
    },
    // A longer way round, and through a dynamic import.
    {
      filename: module('tills/tills.service.ts'),
      code: "const rota = () => import('../rota/rota.service.ts');",
      options: fixtures,
      errors: [
        {
          message:
            'the tills module must not import from rota: that closes the cycle tills → rota → kitchen → tills (../rota/rota.service.ts)',
        },
      ],
    },
    {
      filename: module('kitchen/kitchen.routes.ts'),
      code: "import { drawer } from '../tills/till-drawer.ts';",
      options: fixtures,
      errors: [{ message: notPublic('till-drawer.ts', 'tills', '../tills/till-drawer.ts') }],
    },
    // A role file in a module's subfolder is its own business.
    {
      filename: module('kitchen/kitchen.routes.ts'),
      code: "export { deep } from '../tills/parts/parts.service.ts';",
      options: fixtures,
      errors: [
        {
          message: notPublic('parts/parts.service.ts', 'tills', '../tills/parts/parts.service.ts'),
        },
      ],
    },
    // Tests go through public files too.
    {
      filename: module('rota/rota.test.ts'),
      code: "import { drawer } from '../tills/till-drawer.ts';",
      options: fixtures,
      errors: [{ message: notPublic('till-drawer.ts', 'tills', '../tills/till-drawer.ts') }],
    },
    // The cycle issue 32 found: the shop page in tenants needed stores, which reads tenants.
    {
      filename: at('apps/server/src/modules/tenants/shop-page.ts'),
      code: "import { storeSummaryOf } from '../stores/stores.service.ts';",
      errors: [
        {
          message:
            'the tenants module must not import from stores: that closes the cycle tenants → stores → tenants (../stores/stores.service.ts)',
        },
      ],
    },
  ],
});
