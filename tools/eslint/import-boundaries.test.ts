import { RuleTester } from 'eslint';
import { describe, it } from 'vitest';
import { importBoundaries } from './import-boundaries.js';

RuleTester.describe = describe;
RuleTester.it = it;

const tester = new RuleTester({ languageOptions: { ecmaVersion: 2023, sourceType: 'module' } });
const at = (path: string) => `${process.cwd()}/${path}`;

tester.run('import-boundaries', importBoundaries, {
  valid: [
    {
      filename: at('apps/web/src/admin/desk/desk-page.tsx'),
      code: "import { adminApi } from '../admin-api.ts'; import { Skeleton } from '../../components/ui/skeleton.tsx';",
    },
    {
      filename: at('apps/web/src/app/router.tsx'),
      code: "const AdminApp = () => import('../admin/admin-app.tsx');",
    },
    {
      filename: at('apps/server/src/app.ts'),
      code: "import { z } from '@servery/contract/config';",
    },
    {
      filename: at('apps/web/src/features/menu/api.ts'),
      code: "import { api } from '../../lib/api.ts';",
    },
    {
      filename: at('apps/web/src/features/menu/x.tsx'),
      code: "import { y } from './components/y.tsx';",
    },
    {
      filename: at('apps/web/src/app/app.tsx'),
      code: "import { Home } from '../features/content/home.tsx';",
    },
    {
      filename: at('apps/web/src/lib/api.ts'),
      code: "import { Skeleton } from '../components/ui/skeleton.tsx';",
    },
  ],
  invalid: [
    {
      filename: at('apps/web/src/admin/desk/desk-page.tsx'),
      code: "import { api } from '../../features/menu/api.ts';",
      errors: [
        { message: 'web admin code must not import from features (../../features/menu/api.ts)' },
      ],
    },
    {
      filename: at('apps/web/src/features/menu/api.ts'),
      code: "import { adminApi } from '../../admin/admin-api.ts';",
      errors: [
        { message: 'web feature code must not import from admin (../../admin/admin-api.ts)' },
      ],
    },
    {
      filename: at('packages/contract/src/config.ts'),
      code: "import { db } from '../../../apps/server/src/db/client.ts';",
      errors: [
        { message: 'contract must not import from server (../../../apps/server/src/db/client.ts)' },
      ],
    },
    {
      filename: at('apps/web/src/app/store.ts'),
      code: "import { buildApp } from '@servery/server/app';",
      errors: [{ message: 'web must not import from server (@servery/server/app)' }],
    },
    {
      filename: at('apps/server/src/app.ts'),
      code: "import { App } from '../../web/src/app/app.tsx';",
      errors: [{ message: 'server must not import from web (../../web/src/app/app.tsx)' }],
    },
    {
      filename: at('apps/web/src/lib/api.ts'),
      code: "import { Home } from '../features/content/home.tsx';",
      errors: [
        { message: 'web lib code must not import from features (../features/content/home.tsx)' },
      ],
    },
    {
      filename: at('apps/web/src/components/ui/button.tsx'),
      code: "import { store } from '../../app/store.ts';",
      errors: [{ message: 'web ui code must not import from app (../../app/store.ts)' }],
    },
    {
      filename: at('apps/web/src/features/cart/cart.tsx'),
      code: "import { useMenu } from '../menu/api.ts';",
      errors: [
        { message: 'the cart feature must not import from the menu feature (../menu/api.ts)' },
      ],
    },
    {
      filename: at('apps/web/src/features/cart/cart.tsx'),
      code: "import { Shell } from '../../app/shell.tsx';",
      errors: [{ message: 'web feature code must not import from app (../../app/shell.tsx)' }],
    },
  ],
});
