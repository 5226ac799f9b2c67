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
