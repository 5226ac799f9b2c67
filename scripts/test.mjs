// npm test: every suite (unit, web, integration, end-to-end). The end-to-end tests drive the
// built server, so build first. Extra arguments go to vitest.
import { execSync, spawnSync } from 'node:child_process';

execSync('npm run build --silent', { stdio: 'inherit' });
const run = spawnSync('npx', ['vitest', 'run', ...process.argv.slice(2)], { stdio: 'inherit' });
process.exit(run.status ?? 1);
