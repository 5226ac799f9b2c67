// The bench runs from a copy of the build taken when it starts: the workspace is shared, and a
// rebuild meanwhile (an end-to-end run builds first) would swap the pages and the server under
// the measurements. Laid out as the repository is, so the server finds what it reads at run time
// (migrations, the demo shop, the web app) where it looks; node_modules is the repository's.
import { cpSync, existsSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const repo = new URL('..', import.meta.url).pathname;
const PARTS = [
  'apps/server/package.json',
  'apps/server/dist',
  'apps/server/src/db/migrations',
  'apps/server/src/db/seed/demo',
  'apps/web/dist',
];

export function snapshotBuild() {
  const root = mkdtempSync(join(tmpdir(), 'servery-bench-build-'));
  for (const part of PARTS) cpSync(join(repo, part), join(root, part), { recursive: true });
  symlinkSync(join(repo, 'node_modules'), join(root, 'node_modules'));
  // A dependency pinned apart from the root's (file-type for Node 20) lives in the workspace's own.
  const serverModules = join(repo, 'apps/server/node_modules');
  if (existsSync(serverModules)) {
    symlinkSync(serverModules, join(root, 'apps/server/node_modules'));
  }
  return {
    main: join(root, 'apps/server/dist/main.js'),
    remove: () => rmSync(root, { recursive: true, force: true }),
  };
}
