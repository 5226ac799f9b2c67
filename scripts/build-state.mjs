// Whether the built web app and server are older than their sources.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;

function newest(dir) {
  let latest = 0;
  if (!existsSync(dir)) return latest;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const path = join(dir, entry.name);
    latest = Math.max(latest, entry.isDirectory() ? newest(path) : statSync(path).mtimeMs);
  }
  return latest;
}

const mtime = (file) => (existsSync(file) ? statSync(file).mtimeMs : 0);

export function needsBuild() {
  const sources = Math.max(
    newest(join(root, 'packages/contract/src')),
    newest(join(root, 'apps/web/src')),
    newest(join(root, 'apps/server/src')),
    mtime(join(root, 'apps/web/index.html')),
    mtime(join(root, 'apps/web/vite.config.ts')),
  );
  const built = Math.min(
    mtime(join(root, 'apps/web/dist/index.html')),
    mtime(join(root, 'apps/server/dist/main.js')),
  );
  return built < sources;
}
