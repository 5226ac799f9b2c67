import { fileURLToPath } from 'node:url';
import { buildApp, type AppOptions } from '../src/app.ts';
import { createTestDatabase } from './test-database.ts';

export const fixtureWebDist = fileURLToPath(new URL('./fixtures/web-dist', import.meta.url));

/** The real application on a fresh database of its own, for app.inject. */
export async function createTestApp(options: Partial<Omit<AppOptions, 'database'>> = {}) {
  const database = await createTestDatabase();
  const app = await buildApp({
    database,
    webDistDir: fixtureWebDist,
    ...options,
    // Messages stay in the outbox, where tests read codes; delivery has tests of its own.
    messages: { deliver: false, ...options.messages },
  });
  return {
    app,
    database,
    db: database.db,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}

/**
 * A second server process on a test app's database, as production runs two: the fixture web
 * app, messages kept in the outbox, and `options` on top.
 */
export function secondProcess(
  first: { database: AppOptions['database'] },
  options: Partial<Omit<AppOptions, 'database'>> = {},
) {
  return buildApp({
    webDistDir: fixtureWebDist,
    ...options,
    database: first.database,
    messages: { deliver: false, ...options.messages },
  });
}
