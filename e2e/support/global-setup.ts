import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { serverEntry, spawnServer } from './spawn-server.ts';

/** A worker's server, started here for the whole run (support/shop-per-file.ts uses it). */
export interface WorkerServer {
  url: string;
  port: number;
  dataDir: string;
  /** Its output (JSON lines), which the tests read sent messages from. */
  logFile: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** The run's data directories, migrated once (with the demo shop, and empty). */
    e2eDataDirs: { demo: string; empty: string } | null;
    /** One running server per worker, by VITEST_POOL_ID - 1. */
    e2eServers: WorkerServer[];
  }
}

/**
 * For the whole end-to-end run: two data directories, each made by a first start of the built
 * server (one with the demo shop seeded, one migrated and empty), and one running server per
 * worker on a copy of the first. A spec file imports its own shop into its worker's server
 * (support/shop-per-file.ts); a file that needs its own settings starts its own server on a copy
 * (support/server.ts). Nobody pays for the migrations and the seed, or a server's start, per file.
 */
export default async function setup(project: TestProject) {
  if (!existsSync(serverEntry)) {
    // Not built: each spec file says so when it starts.
    project.provide('e2eDataDirs', null);
    project.provide('e2eServers', []);
    return;
  }
  const parent = mkdtempSync(join(tmpdir(), 'servery-e2e-data-'));
  const dirs = { demo: join(parent, 'demo'), empty: join(parent, 'empty') };
  await Promise.all([
    firstStart(dirs.demo, { SEED_DEMO: 'true' }),
    firstStart(dirs.empty, { SEED_DEMO: 'false' }),
  ]);
  project.provide('e2eDataDirs', dirs);

  const workers = Math.max(1, Number(process.env.E2E_WORKERS ?? 1));
  const servers = await Promise.all(
    Array.from({ length: workers }, async (_, index) => {
      const dataDir = join(parent, `worker-${index + 1}`);
      cpSync(dirs.demo, dataDir, { recursive: true });
      const logFile = join(parent, `worker-${index + 1}.log`);
      // Messages (sign-in codes, booking e-mails) are written to the log at info.
      const server = await spawnServer(dataDir, { LOG_LEVEL: 'info' }, 300_000, logFile);
      return { server, shared: { url: server.url, port: server.port, dataDir, logFile } };
    }),
  );
  project.provide(
    'e2eServers',
    servers.map((s) => s.shared),
  );
  return async () => {
    await Promise.all(servers.map(({ server }) => server.stop()));
    rmSync(parent, { recursive: true, force: true });
  };
}

async function firstStart(dataDir: string, env: Record<string, string>) {
  // A first start migrates and seeds: on a machine busy with other jobs that can take minutes.
  const server = await spawnServer(dataDir, env, 300_000);
  await server.stop();
}
