import { afterAll, afterEach, beforeAll } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser, screenshot } from './browser.ts';
import { startServer } from './server.ts';

interface Product {
  server: Awaited<ReturnType<typeof startServer>>;
  browser: Awaited<ReturnType<typeof launchBrowser>>;
}

/**
 * The built product and a browser for one spec file: started before its tests, stopped after.
 * `prepare` runs first and may choose the environment and extra shops to import.
 * When a test fails, its report also says what every page still open showed (see pagesShown).
 */
export function useProduct(
  prepare: () => { env?: Record<string, string>; tenantFiles?: string[] } = () => ({}),
): Product {
  const product = {} as Product;
  beforeAll(async () => {
    const { env = {}, tenantFiles = [] } = prepare();
    product.server = await startServer(env, { tenantFiles });
    product.browser = await launchBrowser();
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
    await product.browser?.close();
    await product.server?.stop();
  });
  return product;
}

/**
 * Every open page's address and visible text (the start of it), with a screenshot of each under
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
        return `--- ${page.url()}\n${compact}`;
      } catch (error) {
        return `--- ${page.url()} (unreadable: ${(error as Error).message.split('\n')[0]})`;
      }
    }),
  );
  return parts.join('\n');
}
