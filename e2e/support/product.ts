import { afterAll, afterEach, beforeAll } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser, screenshot } from './browser.ts';
import { demoVariant, removeVariantFolders, startServer } from './server.ts';
import { shopPerFile } from './shop-per-file.ts';

interface Product {
  server: { url: string; port: number; output: string[] };
  browser: Browser;
}

/** One browser per worker, for all its files (vitest.config.ts: the e2e files share modules). */
let workerBrowser: Promise<Browser> | undefined;
const browserOfWorker = () => (workerBrowser ??= launchBrowser());

/** Settings every worker's server has (support/global-setup.ts): the rest need a server of their own. */
const SHARED_SETTINGS = new Set(['SEED_DEMO', 'LOG_LEVEL']);

/**
 * The built product and a browser for one spec file. `prepare` runs first and may name the shop
 * (a tenant file; the demo shop when none) and the server's environment. The shop is imported
 * into this worker's running server under an address of its own (support/shop-per-file.ts);
 * a file whose environment differs (Stripe keys, say) or that asks for `ownServer` gets a server
 * of its own, started before its tests and stopped after. The browser is the worker's; the
 * file's pages are closed after it. When a test fails, its report also says what every page
 * still open showed (see pagesShown).
 */
export function useProduct(
  prepare: () => {
    env?: Record<string, string>;
    tenantFiles?: string[];
    ownServer?: boolean;
  } = () => ({}),
): Product {
  const product = {} as Product;
  let stop = async () => {};
  beforeAll(async () => {
    const { env = {}, tenantFiles = [], ownServer = false } = prepare();
    const own = ownServer || Object.keys(env).some((name) => !SHARED_SETTINGS.has(name));
    if (own) {
      const server = await startServer(env, { tenantFiles });
      product.server = server;
      stop = server.stop;
    } else {
      const shop = tenantFiles[0] ?? demoVariant(() => {});
      const { stop: stopFollowing, ...server } = shopPerFile(shop);
      product.server = server;
      stop = async () => {
        stopFollowing();
        removeVariantFolders([shop]);
      };
    }
    product.browser = await browserOfWorker();
  });
  afterEach(async ({ task }) => {
    if (task.result?.state !== 'fail' || !product.browser) return;
    const shown = await pagesShown(product.browser, task.name);
    // A failed test left its pages open: closed here, the next failure shows only its own, and
    // nothing of this test (a desk's chime, a live connection) runs on beside the next.
    await Promise.all(product.browser.contexts().map((context) => context.close()));
    // Thrown here, it is the test's second error: the CI tail prints it under the first.
    if (shown) throw new Error(`What the browser showed when the test failed:\n${shown}`);
  });
  afterAll(async () => {
    await Promise.all(product.browser?.contexts().map((context) => context.close()) ?? []);
    await stop();
  });
  return product;
}

/**
 * Every open page's address, what it said in its alerts and visible text (the start of it), with a screenshot of each under
 * .tmp/screenshots/failed-*.png: a timeout's message says what was awaited, this says what came
 * instead.
 */
async function pagesShown(browser: Browser, testName: string) {
  const pages = browser.contexts().flatMap((context) => context.pages());
  const slug = testName.replace(/[^a-z0-9]+/gi, '-').slice(0, 60);
  const parts = await Promise.all(
    pages.map(async (page, index) => {
      try {
        await screenshot(page, `failed-${slug}-${index + 1}`);
        const text = await page.locator('body').innerText({ timeout: 5_000 });
        const compact = text.replace(/\n{2,}/g, '\n').slice(0, 1_500);
        // What the page said aloud (a refusal, a problem beside a button) is often below the
        // start of its text.
        const said = await page
          .locator('[role="alert"], [role="status"]')
          .allInnerTexts()
          .then((texts) => texts.map((t) => t.trim()).filter(Boolean));
        const alerts = said.length ? `\n(alerts: ${said.join(' | ').slice(0, 600)})` : '';
        return `--- ${page.url()}${alerts}\n${compact}`;
      } catch (error) {
        return `--- ${page.url()} (unreadable: ${(error as Error).message.split('\n')[0]})`;
      }
    }),
  );
  return parts.join('\n');
}
