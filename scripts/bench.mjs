// npm run bench: measures, prints, and writes the figures to bench/RESULTS.md.
import { execSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { benchApi, machine, startServery } from '../bench/api.mjs';
import { javascriptLoaded, lighthouseMedian } from '../bench/web.mjs';
import { needsBuild } from './build-state.mjs';

if (needsBuild()) execSync('npm run build --silent', { stdio: 'inherit' });

const started = new Date();
const api = await benchApi();

// Pages: a production server of its own, on a fresh embedded database with the demo shop.
const webDir = mkdtempSync(join(tmpdir(), 'servery-bench-web-'));
const web = await startServery(webDir);
const PAGES = ['/'];
const pages = [];
try {
  for (const path of PAGES) {
    const js = await javascriptLoaded(`${web.url}${path}`);
    const lh = await lighthouseMedian(`${web.url}${path}`);
    pages.push({ path, js, lh });
  }
} finally {
  web.child.kill('SIGTERM');
  await new Promise((resolve) => web.child.once('exit', resolve));
  rmSync(webDir, { recursive: true, force: true });
}
const JS_BUDGET_KB = 130;
const LH_BUDGET = 95;
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

## Pages

JavaScript loaded is the gzip size of every script the page loads at 375 px (budget
${JS_BUDGET_KB} KB). Lighthouse is mobile, default throttling, Debian's chromium, median of 3
runs (budget ${LH_BUDGET}); each run starts with empty storage, like a first visit.

| page | scripts | JS loaded (KB gzip) | Lighthouse (median) | runs | LCP ms | CLS | TBT ms |
|---|---:|---:|---:|---|---:|---:|---:|
${pages
  .map(
    (p) =>
      `| ${p.path} | ${p.js.files} | ${p.js.kb}${p.js.kb <= JS_BUDGET_KB ? '' : ' (over budget)'} | ${p.lh.median.score}${p.lh.median.score >= LH_BUDGET ? '' : ' (below 95)'} | ${p.lh.scores.join(', ')} | ${p.lh.median.lcpMs} | ${p.lh.median.cls} | ${p.lh.median.tbtMs} |`,
  )
  .join('\n')}

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
