// The "Pages" section of bench/RESULTS.md: JavaScript loaded and Lighthouse for the shop's pages
// and the staff desk, and the desk board's frame times (bench/desk-board.mjs).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServery } from './api.mjs';
import { benchDesk, DESK_RUN } from './desk-board.mjs';
import { javascriptLoaded, lighthouseMedian } from './web.mjs';

export const JS_BUDGET_KB = 130;
export const LH_BUDGET = 95;
export const CLS_BUDGET = 0.05;

// The demo shop's / is its landing page (isHomePage 1); /menu is the menu; /reservation is the
// booking form as the ordering host serves it (the date picker is its own chunk).
const PAGES = ['/', '/menu', '/reservation'];

/** The shop's pages on a production server of its own (fresh embedded database), then the desk. */
export async function benchPages({ serverMain }) {
  const webDir = mkdtempSync(join(tmpdir(), 'servery-bench-web-'));
  const web = await startServery(webDir);
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
  let desk;
  try {
    desk = await benchDesk({ serverMain });
    pages.push(desk);
  } catch (error) {
    console.error(error);
    desk = { failure: error.message };
    process.exitCode = 1;
  }
  return { pages, desk };
}

function pageRow({ path, js, lh }) {
  // The budget is the landing page's (DESIGN.md); the other pages load their route's widgets
  // and are held to Lighthouse's.
  const kb = `${js.kb}${path !== '/' || js.kb <= JS_BUDGET_KB ? '' : ' (over budget)'}`;
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

function framesSection(desk) {
  if (!desk || desk.failure) return `Not measured: ${desk?.failure ?? 'no desk run'}.\n`;
  const f = desk.frames;
  const { width, height } = DESK_RUN.viewport;
  return `The demo shop with a member of staff added with the tenant CLI and ${DESK_RUN.openOrders} open cash orders
(all "New"), on a production server of its own (embedded database). \`/admin/desk\` opens in
Debian's chromium at ${width}x${height} px with the staff session, the CPU slowed ${DESK_RUN.cpuSlowdown}× (CDP
\`Emulation.setCPUThrottlingRate\`). Once all ${DESK_RUN.openOrders} cards are drawn and the stream is live,
${DESK_RUN.updates} updates come ${DESK_RUN.updateEveryMs} ms apart, by turns a new order and one of those accepted, each an event the board
answers by fetching the open orders again. Frames are timed by a requestAnimationFrame loop in
the page; Chromium's long animation frames (over 50 ms) are observed with their script and
style-and-layout time; a new order's card is timed from just before its \`POST /api/order\` to
the card in the DOM (a MutationObserver).

| measurement | figure |
|---|---:|
| navigation to all ${DESK_RUN.openOrders} cards drawn | ${f.boardMs} ms |
| frames over 50 ms during the updates | ${f.over50} of ${f.frames} (${f.seconds} s) |
| frame time p50 / p95 / p99 / max | ${f.frameMs.p50} / ${f.frameMs.p95} / ${f.frameMs.p99} / ${f.frameMs.max} ms |
| long animation frames | ${f.longAnimationFrames}, median ${f.loafMs.p50} ms (script ${f.loafScriptMs.p50} ms, style and layout ${f.loafLayoutMs.p50} ms) |
| new order to its card on the board, p50 / p95 / max | ${f.orderToCard.p50} / ${f.orderToCard.p95} / ${f.orderToCard.max} ms (${f.cardsMissing} never shown) |
`;
}

/** The "Pages" section; `header` (machine, date, command) when written by a run of its own. */
export function pagesSection({ pages, desk }, header = '') {
  return `## Pages

${header}JavaScript loaded is the gzip size of every script the page loads at 375 px. Its budget,
${JS_BUDGET_KB} KB, is for \`/\` (DESIGN.md); the other pages load the widgets of their route (the menu
and its filters, the date picker and the booking form, the staff application) and are held to the
Lighthouse budget instead. Lighthouse is mobile, default throttling, Debian's chromium, median of 3
runs (budget ${LH_BUDGET}, CLS at most ${CLS_BUDGET}); each run starts with empty storage, like a first visit.
Lighthouse slows the CPU by multiplying what this machine takes, so a slower machine scores the
same page lower; its benchmarkIndex (higher is faster) is given for each run. The served page
carries the store list (docs/decisions/0025). The desk is audited
with a member of staff's session cookie sent with every request.
The machine's load average is in the header above: anything well above 2 (its cores) means other
work took the CPU from the browser, which Lighthouse's benchmarkIndex shows run by run.

| page | scripts | JS loaded (KB gzip) | Lighthouse (median) | runs | LCP ms | CLS | TBT ms | benchmarkIndex |
|---|---:|---:|---:|---|---:|---:|---:|---|
${pages.map(pageRow).join('\n')}
${pageNotes(pages)}
### The desk board with ${DESK_RUN.openOrders} open orders, CPU slowed ${DESK_RUN.cpuSlowdown}×

${framesSection(desk)}`;
}
