/* global window */
// Page budgets of architecture.md: JavaScript loaded for a page and Lighthouse mobile performance
// (median of 3 runs, Lighthouse's mobile preset: slow 4G and the CPU slowed 4×, Debian's chromium).
import { execSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { CHROMIUM_FLAGS, CHROMIUM_PATH, FEATURES_OFF } from '../tools/chromium.mjs';
import { compressedBytes, kilobytes } from '../tools/first-screen.mjs';

export function loadLighthouse() {
  const dir = new URL('./lighthouse/', import.meta.url).pathname;
  if (!existsSync(`${dir}node_modules/lighthouse`)) {
    execSync('npm ci --no-audit --no-fund', { cwd: dir, stdio: 'inherit' });
  }
  const require = createRequire(`${dir}package.json`);
  return {
    lighthousePath: require.resolve('lighthouse'),
    launcherPath: require.resolve('chrome-launcher'),
  };
}

/** 3; BENCH_LIGHTHOUSE_RUNS=1 for a quick check that the bench works (not for figures). */
const RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);

const METRICS = ['largest-contentful-paint', 'cumulative-layout-shift', 'total-blocking-time'];

/**
 * The readable cookie that tells the staff app a browser holds a session (decision 83), put in
 * a staff page's browser beside the session (desk-board.mjs's browserCookies).
 */
export const STAFF_HINT = { name: 'servery_staff_signed_in', value: '1' };

/** A tablet on its side, for the staff pages: the mobile preset's throttling, a wider screen. */
export const TABLET = { width: 1024, height: 768 };

/**
 * What a signed-in visitor's browser holds before the page opens: `localStorage` entries (the
 * customer's session and basket) and `cookies`, set on the page's origin in the fresh browser
 * each run starts. Lighthouse then clears the HTTP cache but, by default, neither of these.
 */
async function seedBrowser(port, url, { localStorage, cookies }) {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  try {
    const context = browser.contexts()[0];
    // A cookie given by host and path (a Secure session) as it is; the others on the page's URL.
    if (cookies) await context.addCookies(cookies.map((c) => (c.domain ? c : { ...c, url })));
    if (localStorage) {
      const page = await context.newPage();
      await page.goto(new URL('/readyz', url).href);
      await page.evaluate((entries) => {
        for (const [key, value] of Object.entries(entries)) window.localStorage.setItem(key, value);
      }, localStorage);
      await page.close();
    }
  } finally {
    // Disconnects; the browser is Lighthouse's, closed by chrome-launcher.
    await browser.close();
  }
}

/** The scripts of Lighthouse's network log: their URLs, in the order requested. */
const scriptsOf = (lhr) =>
  (lhr.audits['network-requests']?.details?.items ?? [])
    .filter((r) => r.resourceType === 'Script')
    .map((r) => r.url);

/**
 * Brotli and gzip KB of scripts the network log lists, fetched again and compressed as an https
 * front would send them (the bench's server sends them uncompressed).
 */
export async function scriptSizes(urls, headers = {}) {
  let brotli = 0;
  let gzip = 0;
  for (const url of urls) {
    const res = await fetch(url, { headers });
    const size = compressedBytes(Buffer.from(await res.arrayBuffer()));
    brotli += size.brotli;
    gzip += size.gzip;
  }
  return { files: urls.length, brotliKb: kilobytes(brotli), gzipKb: kilobytes(gzip) };
}

/**
 * Lighthouse mobile performance, median of `runs`. `seed` is what the browser holds before the
 * page opens (seedBrowser: a customer's session and basket, a member of staff's cookies);
 * `screen` a size other than the preset's phone (TABLET for the staff pages), with the same
 * throttling. The median run's scripts come back
 * with it (`scripts`, URLs from its network log).
 */
/**
 * chrome-launcher's own `--disable-features` list with tools/chromium.mjs's FEATURES_OFF: the
 * address bar's popup (a renderer of its own, busy while the page under test loads; a phone's
 * Chrome has none). A second flag replaces the first, so ours carries chrome-launcher's.
 */
function featuresOff(chromeLauncher) {
  const flag = chromeLauncher.Launcher.defaultFlags().find((f) =>
    f.startsWith('--disable-features='),
  );
  const theirs = flag ? flag.slice('--disable-features='.length).split(',') : [];
  return `--disable-features=${[...new Set([...theirs, ...FEATURES_OFF])].join(',')}`;
}

/** Writes one run's report as <folder>/<page>-<n>.json. */
function keepReport(folder, url, lhr) {
  mkdirSync(folder, { recursive: true });
  const page = new URL(url).pathname.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '') || 'home';
  let n = 1;
  while (existsSync(join(folder, `${page}-${n}.json`))) n++;
  writeFileSync(join(folder, `${page}-${n}.json`), JSON.stringify(lhr));
}

export async function lighthouseMedian(url, runs = RUNS, { seed, screen } = {}) {
  const { lighthousePath, launcherPath } = loadLighthouse();
  const { default: lighthouse } = await import(lighthousePath);
  const chromeLauncher = await import(launcherPath);
  const results = [];
  const failures = [];
  // A run whose trace lacks a metric is run again, twice at most; then the page has no score.
  for (let attempt = 0; results.length < runs; attempt++) {
    if (attempt >= runs + 2) return { median: null, scores: [], failures };
    const chrome = await chromeLauncher.launch({
      chromePath: CHROMIUM_PATH,
      chromeFlags: [...CHROMIUM_FLAGS, featuresOff(chromeLauncher)],
    });
    try {
      if (seed) await seedBrowser(chrome.port, url, seed);
      const { lhr } = await lighthouse(url, {
        port: chrome.port,
        onlyCategories: ['performance'],
        logLevel: 'error',
        ...(screen
          ? {
              screenEmulation: { mobile: true, ...screen, deviceScaleFactor: 2, disabled: false },
            }
          : {}),
      });
      // LIGHTHOUSE_REPORTS=<folder>: every run's whole report, to read where a page's time went.
      if (process.env.LIGHTHOUSE_REPORTS) keepReport(process.env.LIGHTHOUSE_REPORTS, url, lhr);
      const missing = METRICS.filter((id) => typeof lhr.audits[id]?.numericValue !== 'number');
      if (lhr.runtimeError || missing.length || lhr.categories.performance.score === null) {
        const why = lhr.runtimeError?.message ?? lhr.audits[missing[0]]?.errorMessage;
        failures.push(`${missing.join(', ') || 'score'} missing (${why ?? 'no reason given'})`);
        continue;
      }
      results.push({
        score: Math.round(lhr.categories.performance.score * 100),
        lcpMs: Math.round(lhr.audits['largest-contentful-paint'].numericValue),
        cls: Number(lhr.audits['cumulative-layout-shift'].numericValue.toFixed(3)),
        tbtMs: Math.round(lhr.audits['total-blocking-time'].numericValue),
        // Lighthouse's own measure of the machine's speed: the same page scores lower on a
        // slower machine, because its throttling multiplies what this machine takes.
        benchmarkIndex: Math.round(lhr.environment.benchmarkIndex),
        scripts: scriptsOf(lhr),
        // What moved, for a CLS worth looking into: the shifted elements Lighthouse names.
        shifted: (lhr.audits['layout-shifts']?.details?.items ?? [])
          .slice(0, 3)
          .map((item) => `${item.node?.selector ?? '?'} ${Number(item.score).toFixed(3)}`),
      });
    } finally {
      await chrome.kill();
    }
  }
  results.sort((a, b) => a.score - b.score);
  return {
    median: results[Math.floor(results.length / 2)],
    scores: results.map((r) => r.score),
    benchmarkIndex: results.map((r) => r.benchmarkIndex),
    failures,
  };
}
