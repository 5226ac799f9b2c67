// The "Pages" section of bench/RESULTS.md: Lighthouse's mobile preset on the shop's pages, the
// pages behind a sign-in (bench/signed-in-pages.mjs) and each page's JavaScript from its network
// log, then the desk board's frame times (bench/desk-board.mjs).
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FIRST_SCREEN_BUDGET_KB } from '../tools/first-screen.mjs';
import { startServery } from './api.mjs';
import { benchDesk, DESK_RUN } from './desk-board.mjs';
import { benchSignedInPages, SIGNED_IN_RUN } from './signed-in-pages.mjs';
import { lighthouseMedian, scriptSizes, TABLET } from './web.mjs';

export const LH_BUDGET = 95;
export const LCP_BUDGET_MS = 2500;
export const CLS_BUDGET = 0.05;

// The demo shop's / is its landing page (isHomePage 1); /menu is the menu; /reservation is the
// booking form as the ordering host serves it (the date picker is its own chunk).
const PAGES = ['/', '/menu', '/reservation'];

/** One page: Lighthouse's median of 3, and the JavaScript of the median run's network log. */
async function auditPage(url, path) {
  const lh = await lighthouseMedian(url);
  const js = lh.median ? await scriptSizes(lh.median.scripts) : null;
  console.log(JSON.stringify({ [path]: { js, lh } }));
  return { path, js, lh };
}

/**
 * The page floor (decision 56, for pages): a heading and a paragraph, no script, no style, from a
 * bare node:http server. What Lighthouse charges on this machine for a page with nothing of ours
 * in it: its browser's own start-up, multiplied by the same 4×.
 */
const BARE_PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>Floor</title></head>
<body><h1>A page with no script</h1><p>${'Nothing here but text. '.repeat(40)}</p></body></html>`;
export const FLOOR_PAGE = 'a page with no script (the floor)';

async function auditFloorPage() {
  const server = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(BARE_PAGE);
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    const lh = await lighthouseMedian(`http://127.0.0.1:${server.address().port}/`);
    const js = { files: 0, brotliKb: 0, gzipKb: 0 };
    console.log(JSON.stringify({ [FLOOR_PAGE]: { js, lh } }));
    return { path: FLOOR_PAGE, js, lh };
  } finally {
    server.close();
  }
}

/** Runs one part; a failure is reported in its place and the run goes on. */
async function attempt(what, run) {
  try {
    return await run();
  } catch (error) {
    console.error(error);
    process.exitCode = 1;
    return { failure: `${what}: ${error.message}` };
  }
}

/** The shop's pages on a production server of its own, the signed-in pages, then the desk. */
export async function benchPages({ serverMain }) {
  const webDir = mkdtempSync(join(tmpdir(), 'servery-bench-web-'));
  const web = await startServery(webDir);
  const pages = [];
  try {
    for (const path of PAGES) pages.push(await auditPage(`${web.url}${path}`, path));
  } finally {
    web.child.kill('SIGTERM');
    await new Promise((resolve) => web.child.once('exit', resolve));
    rmSync(webDir, { recursive: true, force: true });
  }
  const signedIn = await attempt('the signed-in pages', () => benchSignedInPages({ serverMain }));
  if (Array.isArray(signedIn)) pages.push(...signedIn);
  const floor = await attempt('the page floor', auditFloorPage);
  if (!floor.failure) pages.push(floor);
  const desk = await attempt('the desk board', () => benchDesk({ serverMain }));
  return { pages, signedInFailure: signedIn.failure, floorFailure: floor.failure, desk };
}

const flag = (ok, text) => (ok ? '' : ` (${text})`);

function pageRow({ path, js, lh }) {
  const kb = js
    ? `${js.brotliKb}${flag(js.brotliKb <= FIRST_SCREEN_BUDGET_KB, 'over budget')} | ${js.gzipKb}`
    : ' | ';
  if (!lh.median) return `| ${path} | ${js?.files ?? ''} | ${kb} | failed (see below) | | | | | |`;
  const { score, lcpMs, cls, tbtMs } = lh.median;
  return `| ${path} | ${js.files} | ${kb} | ${score}${flag(score >= LH_BUDGET, `below ${LH_BUDGET}`)} | ${lh.scores.join(', ')} | ${lcpMs}${flag(lcpMs <= LCP_BUDGET_MS, `over ${LCP_BUDGET_MS}`)} | ${cls}${flag(cls <= CLS_BUDGET, `above ${CLS_BUDGET}`)} | ${tbtMs} | ${lh.benchmarkIndex.join(', ')} |`;
}

function pageNotes(pages, ...failures) {
  const notes = failures.filter(Boolean).map((failure) => `- Not measured: ${failure}`);
  for (const { path, lh } of pages) {
    if (lh.failures.length) {
      const what = lh.median ? 'failed and were run again' : 'failed, too many to give a score';
      notes.push(
        `- ${path}: ${lh.failures.length} Lighthouse run(s) ${what}: ${lh.failures.join('; ')}`,
      );
    }
    if (lh.median && lh.median.cls > CLS_BUDGET) {
      notes.push(`- ${path}: the median run's layout shifts: ${lh.median.shifted.join('; ')}`);
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
answers by reading the orders its events name (decision 59; until then, every open order again). Frames are timed by a requestAnimationFrame loop in
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
export function pagesSection({ pages, signedInFailure, floorFailure, desk }, header = '') {
  return `## Pages

${header}Lighthouse's mobile preset (slow 4G, the CPU slowed 4×, a phone's screen), Debian's chromium,
median of 3 runs; each run starts a fresh browser with empty storage and cache, like a first
visit. The signed-in pages are one production server of their own with the demo shop: a
customer (their session and a basket of 3 dishes in localStorage, as the web app keeps them,
cookies answered) on \`/checkout\` and on the page of an order of theirs (cash, placed); a member
of staff (the session cookie with every request) on the desk with ${SIGNED_IN_RUN.openOrders} open orders and the
diary with ${SIGNED_IN_RUN.bookings} bookings today, at tablet size (${TABLET.width}x${TABLET.height}) with the same throttling.
Budgets (docs/decisions/0048): Lighthouse ${LH_BUDGET}, LCP ${LCP_BUDGET_MS} ms, CLS ${CLS_BUDGET}, and the
JavaScript of a page's first screen at most ${FIRST_SCREEN_BUDGET_KB} KB brotli.

JavaScript here is every script in the median run's network log (the first screen, and what
the page fetches by itself after it: the footer, the cookie question), fetched again and
compressed (brotli 11, gzip 9; the bench's server sends it uncompressed);
\`tools/first-screen-budget.test.ts\` holds the first screen alone to the budget, from the build's
manifest. Lighthouse slows the CPU by multiplying what this machine takes, so a slower machine
scores the same page lower; its benchmarkIndex (higher is faster) is given for each run, and the
machine's load average is in the header above (anything well above 2, its cores, means other
work took the CPU from the browser). The last row is the floor: a heading and a paragraph with no
script and no style, from a bare server, audited the same way. Its total blocking time is the
browser's own start-up on this machine, multiplied by 4; read each page's against it.

| page | scripts | JS brotli KB | JS gzip KB | Lighthouse (median) | runs | LCP ms | CLS | TBT ms | benchmarkIndex |
|---|---:|---:|---:|---:|---|---:|---:|---:|---|
${pages.map(pageRow).join('\n')}
${pageNotes(pages, signedInFailure, floorFailure)}
### The desk board with ${DESK_RUN.openOrders} open orders, CPU slowed ${DESK_RUN.cpuSlowdown}×

${framesSection(desk)}`;
}
