// npm start: build when the sources are newer than the build, then run the built server.
// A production install (`npm prune --omit=dev`, the Docker image) has no build tools: there the
// built server starts as it is, and nothing here needs a development dependency.
import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { needsBuild } from './build-state.mjs';

const root = new URL('..', import.meta.url).pathname;
const built = existsSync(`${root}apps/server/dist/main.js`);
const canBuild =
  existsSync(`${root}node_modules/vite`) && existsSync(`${root}node_modules/esbuild`);

if (!built && !canBuild) {
  console.error(
    'There is no build (apps/server/dist) and no build tools: run `npm ci && npm run build` first.',
  );
  process.exit(1);
}
if (canBuild && needsBuild()) {
  console.log('Building the web app and the server (first start, or the sources changed)…');
  // Always the production build: NODE_ENV=development left in a shell would otherwise give
  // React's development bundle (582 kB) to every visitor of `npm start` (issue 30).
  execSync('npm run build --silent', {
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
}
await import('../apps/server/dist/main.js');
