import { describe, expect, it } from 'vitest';
import {
  VIEWPORTS,
  accessibilityViolations,
  markTargetsCutByPinnedBars,
  openPage,
} from './support/browser.ts';
import { useProduct } from './support/product.ts';
import { alwaysOpenDemo } from './support/phone.ts';

// The demo shop as shipped (its long menu), its stores open around the clock.
const product = useProduct(() => ({
  env: { SEED_DEMO: 'false' },
  tenantFiles: [alwaysOpenDemo()],
}));
const url = () => product.server.url;

/** Where a category's heading sits in the window, in px from the top. */
const headingTop = (page: import('playwright-core').Page, name: string) =>
  page.getByRole('heading', { level: 2, name }).evaluate((h) => h.getBoundingClientRect().top);

describe('the menu keeps the customer’s place (issue 20)', () => {
  it('returns to the dish’s category after adding it, and to the same place on Back', async () => {
    const { page, context, problems } = await openPage(product.browser, url(), {
      viewport: VIEWPORTS.mobile,
    });
    await page.goto(`${url()}/menu`);
    await page.getByRole('heading', { level: 2, name: 'Starters & small plates' }).waitFor();
    const nav = page.getByRole('navigation', { name: 'Menu categories' });
    await nav.getByRole('link', { name: 'Curry house classics' }).click();
    await expect.poll(() => headingTop(page, 'Curry house classics')).toBeLessThan(300);
    await page.mouse.wheel(0, 600);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);

    // Back from a dish: the menu opens where the customer left it.
    const card = page.getByRole('link', { name: 'Lamb rogan josh', exact: true });
    await card.scrollIntoViewIfNeeded();
    const before = await card.evaluate((a) => a.getBoundingClientRect().top);
    await card.click();
    await page.getByRole('heading', { level: 1, name: 'Lamb rogan josh' }).waitFor();
    await page.goBack();
    await page.getByRole('heading', { level: 2, name: 'Curry house classics' }).waitFor();
    await expect
      .poll(() => card.evaluate((a) => Math.round(a.getBoundingClientRect().top)))
      .toBe(Math.round(before));
    expect(await accessibilityViolations(page), 'menu after Back').toEqual([]);

    // Adding from the dish's page: back on the menu at the dish's category.
    await card.click();
    await page.getByRole('heading', { level: 1, name: 'Lamb rogan josh' }).waitFor();
    await page.getByRole('radio', { name: /^Mild/ }).check();
    await page.getByRole('button', { name: /^Add to basket/ }).click();
    await page.waitForURL(`${url()}/menu`);
    await expect
      .poll(async () => {
        const top = await headingTop(page, 'Curry house classics');
        return top > 60 && top < 812 / 2;
      })
      .toBe(true);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('stays axe clean screen by screen down the menu while the basket bar shows', async () => {
    const { page, context, problems } = await openPage(product.browser, url(), {
      viewport: VIEWPORTS.mobile,
    });
    await page.goto(`${url()}/menu`);
    await page.getByRole('heading', { level: 2, name: 'Starters & small plates' }).waitFor();
    await page
      .getByRole('button', { name: /^Add .+ to basket$/ })
      .first()
      .click();
    await page.getByRole('link', { name: /^View basket/ }).waitFor();
    // The pinned bar covers the foot of every screen: what shows above it must stay usable.
    // Screen by screen, the rules a covering bar can break: target size and focus left visible.
    expect(await accessibilityViolations(page)).toEqual([]);
    const height = await page.evaluate(() => document.documentElement.scrollHeight);
    const found: { at: number; violations: unknown[] }[] = [];
    for (let at = 700; at < height; at += 700) {
      await page.evaluate((y) => window.scrollTo(0, y), at);
      // A dish's button cut by the edge of a pinned bar (the basket bar below, the category
      // chips above) is one the customer scrolls into the clear; every target wholly between
      // them, and the bars' own, must keep their size.
      await markTargetsCutByPinnedBars(page);
      const violations = await accessibilityViolations(page, ['target-size'], '[data-cut-by-bar]');
      if (violations.length) found.push({ at, violations });
    }
    expect(found).toEqual([]);
    expect(problems).toEqual([]);
    await context.close();
  }, 120_000);
});
