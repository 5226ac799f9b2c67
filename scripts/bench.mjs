// npm run bench: measures, prints, and writes the figures to bench/RESULTS.md.
import { execSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { benchApi, machine } from '../bench/api.mjs';
import { needsBuild } from './build-state.mjs';

if (needsBuild()) execSync('npm run build --silent', { stdio: 'inherit' });

const started = new Date();
const api = await benchApi();
const MIN_RATIO = 0.6;

const table = [
  '| endpoint | body bytes | bare node:http req/s | bare p99 ms | Servery req/s | Servery p99 ms | ratio |',
  '|---|---:|---:|---:|---:|---:|---:|',
  ...api.rows.map(
    (r) =>
      `| ${r.endpoint} | ${r.bytes} | ${r.bareRps} | ${r.bareP99} | ${r.serveryRps} | ${r.serveryP99} | ${r.ratio.toFixed(2)}${r.ratio >= MIN_RATIO ? '' : ' (below 0.6)'} |`,
  ),
].join('\n');

const report = `# Benchmark results

Written by \`npm run bench\`; every figure below comes from one run on one machine.

- Machine: ${machine()}
- Date: ${started.toISOString()}
- Command: \`npm run bench\` (autocannon, ${api.connections} connections, ${api.duration} s per measurement)

## API throughput against a bare node:http server

Servery runs from its build (\`NODE_ENV=production\`, logging at info, one line per request) on
the embedded database with the demo shop. The bare server answers the bytes and headers Servery
answered, recorded at the start of the run. Each pair is measured back to back; the load
generator shares the machine's cores with both, so only ratios within one run compare.
DESIGN.md asks for at least ${MIN_RATIO} of the bare throughput.

${table}

## Memory (peak resident set, from /proc)

| moment | MB |
|---|---:|
| first start on an empty data directory (PGlite initdb, migrations, demo seed) | ${api.firstStartPeakMb} |
| restart on that directory, ready to serve | ${api.startedRssMb} |
| after all the load above | ${api.peakRssMb} |

The load runs against the restarted process. The embedded database (PostgreSQL compiled to
WebAssembly) is most of the resident memory; the first start peaks higher because PGlite runs
initdb in-process.
`;

writeFileSync(new URL('../bench/RESULTS.md', import.meta.url), report);
console.log(report);
