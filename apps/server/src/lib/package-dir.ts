import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The folder of the server package (apps/server), found from this file whether it runs from
 * src/ through tsx or bundled into dist/. Migrations and the demo shop live below it.
 */
export function serverPackageDir(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  while (!existsSync(join(dir, 'package.json'))) {
    const parent = dirname(dir);
    if (parent === dir) throw new Error('Cannot find the server package folder');
    dir = parent;
  }
  return dir;
}

export const migrationsDir = () => join(serverPackageDir(), 'src/db/migrations');
export const demoTenantDir = () => join(serverPackageDir(), 'src/db/seed/demo');
