// Bundles the server and the tenant CLI into dist/ for production: Node 20 cannot run .ts.
// Dependencies stay in node_modules; the contract package is TypeScript and goes in the bundle.
import { readFileSync } from 'node:fs';
import { build } from 'esbuild';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
const external = Object.keys(pkg.dependencies).filter((name) => name !== '@servery/contract');

await build({
  entryPoints: ['src/main.ts', 'src/cli/tenant.ts'],
  outbase: 'src',
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  external,
  logLevel: 'warning',
});
