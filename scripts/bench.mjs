// npm run bench: measures, prints, and writes the figures to bench/RESULTS.md.
import { execSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { apiSection, benchApi, machine, useBuild } from '../bench/api.mjs';
import { backOfficeSection, benchBackOffice } from '../bench/back-office.mjs';
import { snapshotBuild } from '../bench/build-snapshot.mjs';
import { benchFriday, fridaySection } from '../bench/friday.mjs';
import { benchFridayIdle, fridayIdleSection } from '../bench/friday-idle.mjs';
import { benchLargeMenu } from '../bench/large-menu.mjs';
import { benchLiveEvents, liveEventsSection } from '../bench/live-events.mjs';
import { benchPages, pagesSection } from '../bench/pages.mjs';
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

/**
 * One section of bench/RESULTS.md written again (with its own machine, date and source), the
 * rest kept: `npm run bench -- --live-events` and `npm run bench -- --pages`.
 */
function writeSectionAlone(title, option, render) {
  const header = [
    `- Machine: ${machine()}`,
    `- Date: ${started.toISOString()}`,
    `- Load average (1 min) at the start and the end: ${loadBefore.toFixed(1)}, ${loadavg()[0].toFixed(1)}`,
    `- Source: ${source}, built and copied aside when the run started`,
    `- Command: \`npm run bench -- ${option}\` (this section only: the other sections come from`,
    '  the runs described in them)',
    '',
    '',
  ].join('\n');
  const section = render(header);
  const old = readFileSync(RESULTS, 'utf8');
  const at = old.indexOf(`## ${title}`);
  const next = at < 0 ? -1 : old.indexOf('\n## ', at + 1);
  const updated =
    at < 0
      ? `${old.trimEnd()}\n\n${section}`
      : `${old.slice(0, at)}${section}${next < 0 ? '' : old.slice(next)}`;
  writeFileSync(RESULTS, updated);
  console.log(section);
}

if (process.argv.includes('--live-events')) {
  const live = await benchLiveEvents({ serverMain: build.main });
  console.log(JSON.stringify(live, null, 2));
  writeSectionAlone('Live events on the order desk', '--live-events', (header) =>
    liveEventsSection(live, header),
  );
  process.exit(live.runs.some((run) => run.failure) ? 1 : 0);
}

// FRIDAY_BUILDS='<label>=<another build's main.js>,…' runs those builds first, in that order, so
// a change is measured before and after in one run (decision 47).
if (process.argv.includes('--friday') || process.argv.includes('--friday-idle')) {
  const others = (process.env.FRIDAY_BUILDS ?? '')
    .split(',')
    .filter(Boolean)
    .map((entry) => {
      const at = entry.lastIndexOf('=');
      return { label: entry.slice(0, at), main: entry.slice(at + 1) };
    });
  const builds = [...others, { label: source, main: build.main }];
  // --friday-idle: the same two processes with no orders, with and without boards.
  if (process.argv.includes('--friday-idle')) {
    const quiet = await benchFridayIdle({ builds });
    console.log(JSON.stringify(quiet, null, 2));
    const title = process.env.FRIDAY_SECTION ?? 'A quiet Friday: the cost of running';
    writeSectionAlone(title, '--friday-idle', (header) => fridayIdleSection(quiet, header, title));
    process.exit(quiet.runs.some((run) => run.failure || run.skipped) ? 1 : 0);
  }
  const measured = await benchFriday({ builds });
  console.log(JSON.stringify(measured, null, 2));
  // FRIDAY_SECTION: a section of its own (the builds compared beside the ramp of one build).
  const title = process.env.FRIDAY_SECTION ?? 'A Friday service';
  writeSectionAlone(title, '--friday', (header) => fridaySection(measured, header, title));
  process.exit(measured.runs.some((run) => run.failure || run.skipped) ? 1 : 0);
}

if (process.argv.includes('--back-office')) {
  const measured = await benchBackOffice({ serverMain: build.main });
  console.log(JSON.stringify(measured, null, 2));
  writeSectionAlone('Back office on a year of orders', '--back-office', (header) =>
    backOfficeSection(measured, header),
  );
  process.exit(measured.skipped ? 1 : 0);
}

if (process.argv.includes('--pages')) {
  const measured = await benchPages({ serverMain: build.main });
  console.log(JSON.stringify(measured, null, 2));
  writeSectionAlone('Pages', '--pages', (header) => pagesSection(measured, header));
  process.exit(process.exitCode ?? 0);
}

const api = await benchApi();
// Printed at once, so a failure in the page measurements below does not lose them.
console.log(JSON.stringify(api, null, 2));

// Pages, and the staff desk: servers of their own (bench/pages.mjs).
const pagesMeasured = await benchPages({ serverMain: build.main });

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
// A year of orders on PostgreSQL: the back office's report and searches (issue 29 point 6).
let backOffice;
try {
  backOffice = await benchBackOffice({ serverMain: build.main });
  console.log(JSON.stringify(backOffice, null, 2));
} catch (error) {
  console.error(error);
  backOffice = { skipped: `the measurement failed: ${error.message}` };
  process.exitCode = 1;
}
const loadAfter = loadavg()[0];
const ORDER_BUDGETS = {
  postgres: { rps: 500, p99: 100 },
  pglite: { rps: 150, p99: null },
};

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

const report = `# Benchmark results

Written by \`npm run bench\`; every figure below comes from one run on one machine.

- Machine: ${machine()}
- Date: ${started.toISOString()}
- Load average (1 min) at the start and the end: ${loadBefore.toFixed(1)}, ${loadAfter.toFixed(1)}; anything above the
  bench's own share means other work on the machine took cores from it
- Source: ${source}, built and copied aside when the run started
- Command: \`npm run bench\` (autocannon, ${api.connections} connections, ${api.duration} s per measurement)

${apiSection(api)}
${pagesSection(pagesMeasured)}
## Large menu (500 dishes)

${largeMenuSection(largeMenu)}
## Placing orders

\`POST /api/order\` with one realistic order repeated by ${api.connections} connections for ${api.duration} s, after a
${api.orders[0].warmup ?? 3} s warm-up that is not counted. Each 200 is a new order with its payment.

${orderDescription(order)}
- PGlite: the restarted server of the reads above. PostgreSQL: a fresh database on
  this machine, created for the run and dropped after it, with a Servery process of its own.
- Each order of the load carries its own note: the same basket sent again would take up the
  customer's unpaid order (issue 20) rather than write one. "Orders saved" is the count of order
  numbers between two orders placed just before the load and 2 s after it, once the requests
  still in flight when autocannon stopped have been answered. CPU is in cores (of ${cpus().length}) over the measured seconds;
  autocannon runs in the bench's own process and shares those cores.
- Budgets (architecture.md): at least ${ORDER_BUDGETS.postgres.rps} orders/s with p99 at most ${ORDER_BUDGETS.postgres.p99} ms on PostgreSQL, at
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

${liveEventsSection(live)}
${backOfficeSection(backOffice)}`;

writeFileSync(RESULTS, `${report.trimEnd()}\n${sectionsRecordedByHand()}`);
console.log(report);

/**
 * The sections of bench/RESULTS.md recorded by other commands (builds compared, the test suite's
 * runs, the phone journey), kept as they were, after the run's own.
 */
function sectionsRecordedByHand() {
  const kept = ['## API builds compared', '## Test suite', '## Ordering on a phone'];
  return readFileSync(RESULTS, 'utf8')
    .split(/^(?=## )/m)
    .filter((part) => kept.includes(part.slice(0, part.indexOf('\n'))))
    .map((part) => `\n${part.trimEnd()}\n`)
    .join('');
}
