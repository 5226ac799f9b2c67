import { describe, expect, it } from 'vitest';
import {
  VIEWPORTS,
  accessibilityViolations,
  openPage,
  overflowsSideways,
  screenshot,
} from './support/browser.ts';
import { TEST_STORES, withTestCatalogue } from './support/catalogue.ts';
import { useProduct } from './support/product.ts';
import { demoVariant } from './support/server.ts';

const product = useProduct(() => ({
  env: { SEED_DEMO: 'false' },
  tenantFiles: [demoVariant((doc) => withTestCatalogue(doc))],
}));
const url = () => product.server.url;

/** Each listing path and its heading: one data source, a layout each. */
const VARIANTS = {
  list_store: 'Our stores',
  list_store3: 'Stores',
  list_store4: 'Compare our stores',
  list_store5: 'Find a store near you',
  list_store6: 'Opening hours',
  list_store8: 'Delivery or collection',
  list_store9: 'Where are you ordering from?',
  list_store10: 'Our stores',
  list_store12: 'Stores',
};

describe('the store listing variants', () => {
  it('each lays out the same stores its own way, and each can start an order', async () => {
    const { page, context, problems } = await openPage(product.browser, url());
    const layouts = new Set<string>();
    for (const [path, title] of Object.entries(VARIANTS)) {
      await page.goto(`${url()}/${path}`);
      await page.getByRole('heading', { level: 1, name: title }).waitFor();
      const main = page.locator('main');
      // The order-type tabs show delivery first: only Shoreditch delivers.
      const expected =
        path === 'list_store8'
          ? [TEST_STORES.shoreditch]
          : [TEST_STORES.shoreditch, TEST_STORES.camden, TEST_STORES.soho];
      for (const name of expected) await main.getByText(name).first().waitFor();
      // Distinct layouts: the structure of the page (roles and levels) differs on every path.
      layouts.add((await main.ariaSnapshot()).replace(/"[^"]*"|: .*$/gm, '').replace(/\s+/g, ' '));
      expect(
        await page.getByRole('button', { name: new RegExp(TEST_STORES.shoreditch) }).count(),
        path,
      ).toBeGreaterThan(0);
    }
    expect(layouts.size).toBe(Object.keys(VARIANTS).length);

    // The tabs: collection lists the stores that collect, arrow keys move between tabs.
    await page.goto(`${url()}/list_store8`);
    await page.getByRole('tab', { name: 'Delivery' }).click();
    await page.keyboard.press('ArrowRight');
    expect(await page.getByRole('tab', { name: 'Collection' }).getAttribute('aria-selected')).toBe(
      'true',
    );
    const panel = page.getByRole('tabpanel');
    await panel.getByRole('heading', { name: TEST_STORES.camden }).waitFor();
    await panel.getByRole('button', { name: `Order here for ${TEST_STORES.camden}` }).click();
    await page
      .getByRole('status')
      .filter({ hasText: `You are ordering from ${TEST_STORES.camden}.` })
      .waitFor();
    await page.waitForURL(`${url()}/menu`);
    await page.getByText(`Ordering from ${TEST_STORES.camden}`, { exact: true }).waitFor();

    // The big-button list: the whole button chooses.
    await page.goto(`${url()}/list_store9`);
    await page.getByRole('button', { name: new RegExp(`^${TEST_STORES.shoreditch}`) }).click();
    await page.waitForURL(`${url()}/menu`);
    await page.getByText(`Ordering from ${TEST_STORES.shoreditch}`, { exact: true }).waitFor();

    // A closed store says so.
    await page.goto(`${url()}/list_store4`);
    const soho = page.getByRole('row', { name: new RegExp(TEST_STORES.soho) });
    await soho.getByText('Temporarily closed').waitFor();
    expect(problems).toEqual([]);
    await context.close();
  });

  it('the details panel shows the store picked on the left', async () => {
    const { page, context } = await openPage(product.browser, url());
    await page.goto(`${url()}/list_store10`);
    await page.getByRole('button', { name: new RegExp(`^${TEST_STORES.camden}`) }).click();
    const panel = page.getByRole('region', { name: TEST_STORES.camden });
    await panel.getByText('about 15 minutes').waitFor();
    expect(await panel.getByRole('link', { name: /^Call / }).getAttribute('href')).toMatch(
      /^tel:\d+$/,
    );
    await context.close();
  });
});

describe.each(Object.entries(VIEWPORTS))('the store pages at %s', (name, viewport) => {
  it('pass axe and are photographed', async () => {
    const { page, context } = await openPage(product.browser, url(), { viewport });
    for (const path of ['store', ...Object.keys(VARIANTS)]) {
      await page.goto(`${url()}/${path}`);
      await page.locator('main h1').waitFor();
      await page.getByText(TEST_STORES.shoreditch).first().waitFor();
      await screenshot(page, `${path}-${name}`);
      expect(await accessibilityViolations(page), `/${path}`).toEqual([]);
      expect(await overflowsSideways(page), `/${path}`).toBe(false);
    }
    await context.close();
  });
});
