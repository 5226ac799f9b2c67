// Page budgets of architecture.md: JavaScript loaded for a page (gzip bytes) and Lighthouse mobile
// performance (median of 3 runs, default throttling, Debian's chromium).
import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../tools/chromium.mjs';

/**
 * Gzip bytes of every script a page loads, as a visitor on a phone would get them; `headers` go
 * with every request (a member of staff's session cookie for the desk).
 */
export async function javascriptLoaded(url, { headers } = {}) {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS });
  const context = await browser.newContext({
    viewport: { width: 375, height: 812 },
    ...(headers ? { extraHTTPHeaders: headers } : {}),
  });
  await context.addCookies([{ name: 'cookiesAccepted', value: 'true', url }]);
  // A first visit caches the configuration and reloads once (product.md §4); measure the page as it
  // loads from then on.
  const first = await context.newPage();
  await first.goto(url, { waitUntil: 'networkidle' });
  await first.close();
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (error) => errors.push(error.message));
  const scripts = [];
  page.on('response', async (response) => {
    if (response.request().resourceType() === 'script') scripts.push(response);
  });
  await page.goto(url, { waitUntil: 'networkidle' });
  let bytes = 0;
  for (const response of scripts) bytes += gzipSync(await response.body(), { level: 9 }).length;
  await browser.close();
  return { files: scripts.length, kb: Math.round((bytes / 1024) * 10) / 10, errors };
}

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

const METRICS = ['largest-contentful-paint', 'cumulative-layout-shift', 'total-blocking-time'];

/**
 * Lighthouse mobile performance, median of `runs`. `extraHeaders` go with every request (the
 * staff desk is audited with a member of staff's session cookie).
 */
export async function lighthouseMedian(url, runs = 3, { extraHeaders } = {}) {
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
      chromeFlags: CHROMIUM_FLAGS,
    });
    try {
      const { lhr } = await lighthouse(url, {
        port: chrome.port,
        onlyCategories: ['performance'],
        logLevel: 'error',
        ...(extraHeaders ? { extraHeaders } : {}),
      });
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
