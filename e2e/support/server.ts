import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TenantDocument } from '@servery/contract/tenant-document';

const root = fileURLToPath(new URL('../..', import.meta.url));
const serverEntry = join(root, 'apps/server/dist/main.js');

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
    probe.on('error', reject);
  });
}

/**
 * The real built server on a fresh embedded database (seeded with the demo shop, as a
 * newcomer's first start is), on a port of its own.
 */
export async function startServer(
  env: Record<string, string> = {},
  { tenantFiles = [] as string[] } = {},
) {
  if (!existsSync(serverEntry) || !existsSync(join(root, 'apps/web/dist/index.html'))) {
    throw new Error(
      'The end-to-end tests drive the built product: run `npm run build` first (npm test does).',
    );
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'servery-e2e-'));
  // Extra shops go in through the real CLI, before the server takes the data directory.
  for (const file of tenantFiles) {
    const run = spawnSync(
      process.execPath,
      [join(root, 'apps/server/dist/cli/tenant.js'), 'import', file],
      {
        env: { ...process.env, DATABASE_URL: '', DATA_DIR: dataDir },
        encoding: 'utf8',
      },
    );
    if (run.status !== 0) throw new Error(`Importing ${file} failed:\n${run.stderr}`);
  }
  const port = await freePort();
  const output: string[] = [];
  const child: ChildProcess = spawn(process.execPath, [serverEntry], {
    env: {
      ...process.env,
      DATABASE_URL: '',
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      NODE_ENV: 'test',
      SEED_DEMO: 'true',
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (chunk) => output.push(String(chunk)));
  child.stderr!.on('data', (chunk) => output.push(String(chunk)));
  const url = `http://localhost:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`The server exited:\n${output.join('')}`);
    try {
      if ((await fetch(`${url}/readyz`)).ok) break;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline)
      throw new Error(`The server did not become ready:\n${output.join('')}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    url,
    port,
    output,
    stop: async () => {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await new Promise((resolve) => child.once('exit', resolve));
      }
      rmSync(dataDir, { recursive: true, force: true });
      // The folders demoVariant wrote these shops into are only needed for the import.
      for (const file of tenantFiles) {
        const dir = dirname(file);
        if (dirname(dir) === tmpdir() && basename(dir).startsWith('servery-tenant-')) {
          rmSync(dir, { recursive: true, force: true });
        }
      }
    },
  };
}

/**
 * A copy of the demo shop with changes, written with its assets into a temporary folder, for
 * `startServer({ tenantFiles })`.
 */
export function demoVariant(change: (doc: TenantDocument) => void): string {
  const demoDir = join(root, 'apps/server/src/db/seed/demo');
  const dir = mkdtempSync(join(tmpdir(), 'servery-tenant-'));
  cpSync(join(demoDir, 'assets'), join(dir, 'assets'), { recursive: true });
  const doc = JSON.parse(readFileSync(join(demoDir, 'tenant.json'), 'utf8')) as TenantDocument;
  change(doc);
  writeFileSync(join(dir, 'tenant.json'), JSON.stringify(doc));
  return join(dir, 'tenant.json');
}
