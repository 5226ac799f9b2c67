// npm start: build when the sources are newer than the build, then run the built server.
import { execSync } from 'node:child_process';
import { needsBuild } from './build-state.mjs';

if (needsBuild()) {
  console.log('Building the web app and the server (first start, or the sources changed)…');
  execSync('npm run build --silent', { stdio: 'inherit' });
}
await import('../apps/server/dist/main.js');
