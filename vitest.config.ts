import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

// vitest runs one file at a time on a 2-core machine (its default is cores - 1). The unit, web
// and integration files run two at a time (each integration file has a database of its own),
// which keeps both cores busy; the end-to-end files, each a server and a browser of their own,
// run one at a time after them (E2E_WORKERS to try more). SERVERY_TEST_WORKERS overrides the
// first figure (1 brings back one file at a time).
const workers = Number(process.env.SERVERY_TEST_WORKERS ?? 2);
const e2eWorkers = Number(process.env.E2E_WORKERS ?? 1);

export default defineConfig({
  test: {
    maxWorkers: workers,
    setupFiles: ['./test-setup/fail-on-console-error.ts'],
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          environment: 'node',
          // One process per worker for all its files, not one per file: the unit files share
          // no state, and starting a process and importing again cost three quarters of the run.
          isolate: false,
          // One rule everywhere: *.integration.test.ts needs a database (the integration
          // project); any other *.test.ts is a unit test (README "Tests").
          include: [
            'packages/*/src/**/*.test.ts',
            'apps/server/src/**/*.test.ts',
            'tools/**/*.test.ts',
          ],
          exclude: ['**/*.integration.test.ts', '**/node_modules/**'],
        },
      },
      {
        extends: true,
        plugins: [react()],
        test: {
          name: 'web',
          environment: 'jsdom',
          // jsdom is loaded once per worker instead of once per file (it was 115 s of a run
          // with 77 s of tests); each file still gets a fresh DOM, and testing-library cleans
          // up after every test.
          isolate: false,
          include: ['apps/web/src/**/*.test.{ts,tsx}'],
          setupFiles: [
            './test-setup/web-timeouts.ts',
            './test-setup/web-dialog.ts',
            './test-setup/web-staff-session.ts',
          ],
          // A screen test takes well under a second alone; on a machine shared with other jobs
          // rendering and typing can take several (5 s, vitest's default, was too tight there).
          testTimeout: 15_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'integration',
          environment: 'node',
          // A worker's files share its process: each builds its own app on its own database
          // (nothing lives in a module but pure memos), and loading the server once per worker
          // instead of once per file takes the suite's CPU time from 113 s to 43 s on 24 files.
          isolate: false,
          include: ['apps/**/*.integration.test.ts', 'packages/**/*.integration.test.ts'],
          // *.postgres.integration.test.ts cut PostgreSQL's connections (PGlite has none to cut):
          // collected only when DATABASE_URL names a PostgreSQL database, never skipped.
          exclude: process.env.DATABASE_URL
            ? ['**/node_modules/**']
            : ['**/node_modules/**', '**/*.postgres.integration.test.ts'],
          globalSetup: ['./apps/server/test/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          environment: 'node',
          // A worker's files share its modules: one browser for them all (support/product.ts).
          isolate: false,
          maxWorkers: e2eWorkers,
          sequence: { groupOrder: 1 },
          include: ['e2e/**/*.spec.ts'],
          globalSetup: ['./e2e/support/global-setup.ts'],
          // Two workers share the machine's cores with their servers and browsers.
          testTimeout: 120_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
