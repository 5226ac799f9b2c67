import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { serverEntry, spawnServer } from './spawn-server.ts';

/**
 * Two data directories for the whole end-to-end run, each made by a first start of the built
 * server: one with the demo shop seeded, one migrated and empty (SEED_DEMO=false). Every spec
 * file's server starts on a copy (support/server.ts), so it begins as a newcomer's first start
 * does without paying for the migrations and the seed once per file.
 */
export default async function setup(project: TestProject) {
  if (!existsSync(serverEntry)) {
    // Not built: each spec file says so when it starts.
    project.provide('e2eDataDirs', null);
    return;
  }
  const parent = mkdtempSync(join(tmpdir(), 'servery-e2e-data-'));
  const dirs = { demo: join(parent, 'demo'), empty: join(parent, 'empty') };
  await Promise.all([
    firstStart(dirs.demo, { SEED_DEMO: 'true' }),
    firstStart(dirs.empty, { SEED_DEMO: 'false' }),
  ]);
  project.provide('e2eDataDirs', dirs);
  return () => rmSync(parent, { recursive: true, force: true });
}

async function firstStart(dataDir: string, env: Record<string, string>) {
  // A first start migrates and seeds: on a machine busy with other jobs that can take minutes.
  const server = await spawnServer(dataDir, env, 300_000);
  await server.stop();
}
