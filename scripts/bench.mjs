// npm run bench: measures, prints, and writes the figures to bench/RESULTS.md.
import { execSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { benchApi, machine, startServery, useBuild } from '../bench/api.mjs';
import { snapshotBuild } from '../bench/build-snapshot.mjs';
import { benchLargeMenu } from '../bench/large-menu.mjs';
import { benchLiveEvents, liveEventsSection } from '../bench/live-events.mjs';
import { javascriptLoaded, lighthouseMedian } from '../bench/web.mjs';
import { needsBuild } from './build-state.mjs';

if (needsBuild()) execSync('npm run build --silent', { stdio: 'inherit' });
const build = snapshotBuild();
process.on('exit', () => build.remove());
useBuild(build.main);
const git = (args) => execSync(`git ${args}`, { encoding: 'utf8' }).trim();
const source = `commit ${git('rev-parse --short HEAD')}${git('status --porcelain -- apps packages') ? ' with uncommitted changes in apps/ or packages/' : ''}`;

const started = new Date();
const loadBefore = loadavg()[0];
const RESULTS = new URL('../bench/RESULTS.md', import.meta.url);

// `npm run bench -- --live-events`: only the live events of the order desk, their section of
// bench/RESULTS.md written again (with its own machine, date and source), the rest kept.
if (process.argv.includes('--live-events')) {
  const live = await benchLiveEvents({ serverMain: build.main });
  console.log(JSON.stringify(live, null, 2));
  const header = [
    `- Machine: ${machine()}`,
    `- Date: ${started.toISOString()}`,
    `- Load average (1 min) at the start and the end: ${loadBefore.toFixed(1)}, ${loadavg()[0].toFixed(1)}`,
    `- Source: ${source}, built and copied aside when the run started`,
    '- Command: `npm run bench -- --live-events` (this section only: the sections above come from',
    '  the run described at the top)',
    '',
    '',
  ].join('\n');
  const section = liveEventsSection(live, header);
  const old = readFileSync(RESULTS, 'utf8');
  const at = old.indexOf('## Live events on the order desk');
  const next = at < 0 ? -1 : old.indexOf('\n## ', at + 1);
  const updated =
    at < 0
      ? `${old.trimEnd()}\n\n${section}`
      : `${old.slice(0, at)}${section}${next < 0 ? '' : old.slice(next)}`;
  writeFileSync(RESULTS, updated);
  console.log(section);
  process.exit(live.runs.some((run) => run.failure) ? 1 : 0);
}

const api = await benchApi();
// Printed at once, so a failure in the page measurements below does not lose them.
console.log(JSON.stringify(api, null, 2));

// Pages: a production server of its own, on a fresh embedded database with the demo shop.
const webDir = mkdtempSync(join(tmpdir(), 'servery-bench-web-'));
const web = await startServery(webDir);
// The demo shop's / is its landing page (isHomePage 1); /menu is the menu; /reservation is the
// booking form as the ordering host serves it (the date picker is its own chunk).
const PAGES = ['/', '/menu', '/reservation'];
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

// A 500-dish menu, on a server of its own with a shop built for it. A failure goes into the
// results (and the exit code) rather than losing the figures above.
let largeMenu;
try {
  largeMenu = await benchLargeMenu({ serverMain: build.main });
  console.log(JSON.stringify(largeMenu, null, 2));
} catch (error) {
  console.error(error);
  largeMenu = { failure: error.message };
  process.exitCode = 1;
}

// Live events of the order desk: servers of their own, on PGlite and on PostgreSQL.
const live = await benchLiveEvents({ serverMain: build.main });
console.log(JSON.stringify(live, null, 2));
if (live.runs.some((run) => run.failure)) process.exitCode = 1;
const loadAfter = loadavg()[0];
const JS_BUDGET_KB = 130;
const LH_BUDGET = 95;
const CLS_BUDGET = 0.05;
const MIN_RATIO = 0.6;
const ORDER_BUDGETS = {
  postgres: { rps: 500, p99: 100 },
  pglite: { rps: 150, p99: null },
};

function pageRow({ path, js, lh }) {
  const kb = `${js.kb}${js.kb <= JS_BUDGET_KB ? '' : ' (over budget)'}`;
  if (!lh.median) return `| ${path} | ${js.files} | ${kb} | failed (see below) | | | | | |`;
  const { score, lcpMs, cls, tbtMs } = lh.median;
  return `| ${path} | ${js.files} | ${kb} | ${score}${score >= LH_BUDGET ? '' : ` (below ${LH_BUDGET})`} | ${lh.scores.join(', ')} | ${lcpMs} | ${cls}${cls <= CLS_BUDGET ? '' : ` (above ${CLS_BUDGET})`} | ${tbtMs} | ${lh.benchmarkIndex.join(', ')} |`;
}

function pageNotes(pages) {
  const notes = [];
  for (const { path, js, lh } of pages) {
    if (js.errors.length) notes.push(`- ${path} threw in the browser: ${js.errors.join('; ')}`);
    if (lh.failures.length) {
      const what = lh.median ? 'failed and were run again' : 'failed, too many to give a score';
      notes.push(
        `- ${path}: ${lh.failures.length} Lighthouse run(s) ${what}: ${lh.failures.join('; ')}`,
      );
    }
  }
  return notes.length ? `\n${notes.join('\n')}\n` : '';
}

function largeMenuSection(m) {
  if (m.failure) return `The measurement failed: ${m.failure.replace(/\s+/g, ' ')}\n`;
  const cleared = (runs) => runs.map((r) => r.clearedMs).join(', ');
  const s = m.scroll;
  const loaf = s.longAnimationFrames;
  return `A shop built from the demo's dishes and five variations of each: ${m.dishes} dishes shown
in ${m.categories} categories, ${m.withChoices} with choices, ${m.soldOut} sold out, all with allergens, diets and images
as the demo's. It is imported with the tenant CLI into a fresh embedded database and served by a
production server of its own. \`/menu\` opens in Debian's chromium at ${m.viewport} px with cookies
accepted, on a second visit (the first caches the configuration), with the CPU slowed ${m.cpuSlowdown}× (CDP
\`Emulation.setCPUThrottlingRate\`). Every time is taken in the page: from navigation start, or
from the input event's timestamp, to the DOM change that leaves the list showing exactly the
dishes expected (a MutationObserver counts them), and on to the next animation frame, the one
that paints it; the figures are to that frame. Searches and filters are the median of ${m.search.runs.length}, each
followed by a second's pause.

| measurement | figure | detail |
|---|---:|---|
| navigation to all ${m.dishes} dishes in the list | ${m.load.allDishesFrameMs} ms | first dishes at ${m.load.firstDishesMs} ms |
| a search word to the list showing only its dishes | ${m.search.medianMs} ms | the word in one input event; word, dishes found, ms: ${m.search.runs.map((r) => `${r.word} ${r.shown} ${r.frameMs}`).join(', ')} |
| clearing the search, back to every dish | ${m.search.clearMedianMs} ms | ${cleared(m.search.runs)} |
| ticking an allergen under "I avoid…" to the list without its dishes | ${m.avoid.medianMs} ms | allergen, dishes left, ms: ${m.avoid.runs.map((r) => `${r.label} ${r.shown} ${r.frameMs}`).join('; ')} |
| unticking it, back to every dish | ${m.avoid.clearMedianMs} ms | ${cleared(m.avoid.runs)} |
| scrolling the whole list: frames longer than 50 ms | ${s.longFrames} of ${s.frames} | median frame ${s.medianFrameMs} ms |
| scrolling the whole list: longest frame | ${s.longestFrameMs} ms | |

- The scroll goes from the top to the bottom (${s.scrolledPx} px) with the mouse wheel, ${s.steps} steps of ${s.stepPx} px
  ${s.pauseMs} ms apart (${s.seconds} s), frames timed by a requestAnimationFrame loop in the page.
- Chromium counted ${loaf.count} long animation frames in the scroll (over 50 ms); the median one took
  ${loaf.medianMs} ms, ${loaf.medianStyleAndLayoutMs} ms of it in style and layout and ${loaf.medianScriptMs} ms running script.
- The load average (1 min) was ${m.loadAverage.join(' before and ')} after this measurement.
`;
}

const budgetOf = (run) =>
  run.database.startsWith('PostgreSQL') ? ORDER_BUDGETS.postgres : ORDER_BUDGETS.pglite;
const percent = (part, whole) => (whole ? `${Math.round((part / whole) * 100)} %` : 'n/a');

function orderRow(run) {
  if (run.skipped) return `| ${run.database} | skipped: ${run.skipped} | | | | | | | | | |`;
  const budget = budgetOf(run);
  const rps = `${run.rps}${run.rps >= budget.rps ? '' : ` (below ${budget.rps})`}`;
  const p99 =
    budget.p99 === null || run.p99 <= budget.p99
      ? `${run.p99}`
      : `${run.p99} (above ${budget.p99})`;
  const non2xx = `${run.non2xx}${run.non2xx ? ' (must be 0)' : ''}`;
  const errors = run.errors
    ? `${run.errors} (must be 0${run.timeouts ? `; ${run.timeouts} timed out after 10 s` : ''})`
    : '0';
  return `| ${run.database} | ${rps} | ${run.p50} | ${p99} | ${run.max} | ${run.ok} | ${non2xx} | ${errors} | ${run.saved} | ${run.serveryCores} | ${run.postgresCores ?? 'n/a'} | ${run.loadGeneratorCores} |`;
}

function orderNotes(runs) {
  const notes = [];
  for (const run of runs) {
    if (run.skipped) {
      notes.push(`- ${run.database} was not measured: ${run.skipped}.`);
      continue;
    }
    const budget = budgetOf(run);
    const missed = [];
    if (run.rps < budget.rps) missed.push(`${run.rps} orders/s is below ${budget.rps}`);
    if (budget.p99 !== null && run.p99 > budget.p99) {
      missed.push(`p99 ${run.p99} ms is above ${budget.p99} ms`);
    }
    if (missed.length) notes.push(`- ${run.database} misses its budget: ${missed.join('; ')}.`);
    if (run.failure) notes.push(`- ${run.database}: a failing request answered ${run.failure}`);
    if (run.waits?.samples) {
      const w = run.waits;
      notes.push(
        `- ${run.database}, the bench database's connections sampled every 100 ms (${w.samples} samples): ` +
          `${(w.active / w.samples).toFixed(1)} running a statement and ` +
          `${(w.idleInTransaction / w.samples).toFixed(1)} idle in a transaction on average; of the running, ` +
          `${percent(w.lock, w.active)} waited on a lock, ${percent(w.lwlock, w.active)} on an LWLock, ` +
          `${percent(w.io, w.active)} on IO.`,
      );
    }
  }
  return notes.join('\n');
}

function orderDescription(order) {
  if (!order) return '- No order was placed.';
  const money = (pence) => `£${(pence / 100).toFixed(2)}`;
  return [
    `- The order: ${order.lines.join('; ')}; delivered to ${order.district} from ${order.store}`,
    `  for a slot (ASAP needs the store open), paid by card (demo provider); ${money(order.total)} with`,
    `  delivery, the zone's minimum ${money(order.minimumOrder)}. Request ${order.bytes} bytes, answer ${order.answerBytes}.`,
    '- The customer signs in as a shopper does: Servery e-mails the code to an SMTP server in the',
    '  bench process, which reads it; the address and the choices come from the API.',
  ].join('\n');
}

const measuredOrders = api.orders.find((run) => !run.skipped);
const order = measuredOrders?.order;
const postgresRun = api.orders.find((run) => run.database.startsWith('PostgreSQL') && !run.skipped);

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
- Load average (1 min) at the start and the end: ${loadBefore.toFixed(1)}, ${loadAfter.toFixed(1)}; anything above the
  bench's own share means other work on the machine took cores from it
- Source: ${source}, built and copied aside when the run started
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
runs (budget ${LH_BUDGET}, CLS at most ${CLS_BUDGET}); each run starts with empty storage, like a first visit.
Lighthouse slows the CPU by multiplying what this machine takes, so a slower machine scores the
same page lower; its benchmarkIndex (higher is faster) is given for each run.

| page | scripts | JS loaded (KB gzip) | Lighthouse (median) | runs | LCP ms | CLS | TBT ms | benchmarkIndex |
|---|---:|---:|---:|---|---:|---:|---:|---|
${pages.map(pageRow).join('\n')}
${pageNotes(pages)}
## Large menu (500 dishes)

${largeMenuSection(largeMenu)}
## Placing orders

\`POST /api/order\` with one realistic order repeated by ${api.connections} connections for ${api.duration} s, after a
${api.orders[0].warmup ?? 3} s warm-up that is not counted. Each 200 is a new order with its payment.

${orderDescription(order)}
- PGlite: the restarted server of the reads above. PostgreSQL: a fresh database on
  this machine, created for the run and dropped after it, with a Servery process of its own.
- "Orders saved" counts the customer's orders afterwards, once the requests still in flight when
  autocannon stopped have been answered. CPU is in cores (of ${cpus().length}) over the measured seconds;
  autocannon runs in the bench's own process and shares those cores.
- Budgets (DESIGN.md): at least ${ORDER_BUDGETS.postgres.rps} orders/s with p99 at most ${ORDER_BUDGETS.postgres.p99} ms on PostgreSQL, at
  least ${ORDER_BUDGETS.pglite.rps}/s on PGlite; every answer 2xx.

| database | orders/s | p50 ms | p99 ms | max ms | 2xx | non-2xx | errors | orders saved | Servery CPU | PostgreSQL CPU | autocannon CPU |
|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|
${api.orders.map(orderRow).join('\n')}

${orderNotes(api.orders)}

## Memory (peak resident set, from /proc)

| moment | MB |
|---|---:|
| first start on an empty data directory (PGlite initdb, migrations, demo seed) | ${api.firstStartPeakMb} |
| restart on that directory, ready to serve | ${api.startedRssMb} |
| after the reads above | ${api.afterReadsMb} |
| after placing orders on it too | ${api.peakRssMb} |
${postgresRun ? `| Servery on PostgreSQL, ready to serve (migrations, demo seed) | ${postgresRun.startedRssMb} |\n| Servery on PostgreSQL, after placing orders | ${postgresRun.peakRssMb} |\n` : ''}
The reads and the PGlite orders run against the restarted process. The embedded database
(PostgreSQL compiled to WebAssembly) is most of the resident memory; the first start peaks
higher because PGlite runs initdb in-process.

${liveEventsSection(live)}`;

writeFileSync(RESULTS, report);
console.log(report);
