import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { closeSync, openSync, readFileSync, readSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { inject } from 'vitest';
import type { TenantDocument } from '@servery/contract/tenant-document';
import './localhost-names.ts';
import { DEMO_OWNER } from './staff.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));
const tenantCli = join(root, 'apps/server/dist/cli/tenant.js');

/** This worker's running server (e2e/support/global-setup.ts started one per worker). */
function workerServer() {
  const servers = inject('e2eServers');
  const server = servers[Number(process.env.VITEST_POOL_ID ?? 1) - 1] ?? servers[0];
  if (!server) {
    throw new Error(
      'The end-to-end tests drive the built product: run `npm run build` first (npm test does).',
    );
  }
  return server;
}

/**
 * The server's output from now on, as a list that grows while the tests read it (the messages
 * it writes to its log: sign-in codes, booking e-mails). Read every 50 ms, from where it was.
 */
function followLog(logFile: string) {
  const output: string[] = [];
  let offset = statSync(logFile).size;
  const buffer = Buffer.alloc(1 << 16);
  const read = () => {
    const fd = openSync(logFile, 'r');
    try {
      for (;;) {
        const bytes = readSync(fd, buffer, 0, buffer.length, offset);
        if (bytes === 0) break;
        offset += bytes;
        output.push(buffer.toString('utf8', 0, bytes));
      }
    } finally {
      closeSync(fd);
    }
  };
  const timer = setInterval(read, 50);
  timer.unref();
  // A worker runs many files: each file's follower stops with it.
  return { output, stop: () => clearInterval(timer) };
}

/** Runs the real tenant command line on the worker's data directory (the server runs it). */
function tenantCommand(dataDir: string, ...args: string[]) {
  const run = spawnSync(process.execPath, [tenantCli, ...args], {
    env: { ...process.env, DATABASE_URL: '', DATA_DIR: dataDir },
    encoding: 'utf8',
  });
  if (run.status !== 0) throw new Error(`tenant ${args[0]} failed:\n${run.stderr}${run.stdout}`);
}

/**
 * A shop of this spec file's own on its worker's server: `tenantFile` (demoVariant's) under a
 * new slug, at `<slug>.localhost` (ordering) and `<slug>.book.localhost` (booking), with
 * the demo's owner, imported through the real command line while the server runs. Nothing of
 * another file's shop (orders, customers, staff, settings) is seen from its address.
 */
export function shopPerFile(tenantFile: string) {
  const server = workerServer();
  const slug = `e2e-${randomBytes(4).toString('hex')}`;
  const doc = JSON.parse(readFileSync(tenantFile, 'utf8')) as TenantDocument;
  doc.slug = slug;
  doc.hosts = [
    { host: `${slug}.localhost`, variant: 'ordering' },
    { host: `${slug}.book.localhost`, variant: 'reservation' },
  ];
  writeFileSync(tenantFile, JSON.stringify(doc));
  tenantCommand(server.dataDir, 'import', tenantFile);
  tenantCommand(
    server.dataDir,
    'add-staff',
    slug,
    DEMO_OWNER,
    '--role',
    'owner',
    '--name',
    'Demo Owner',
  );
  const log = followLog(server.logFile);
  return {
    url: `http://${slug}.localhost:${server.port}`,
    port: server.port,
    output: log.output,
    /** Stops reading the server's log for this file. */
    stop: log.stop,
  };
}
