import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  VIEWPORTS,
  accessibilityViolations,
  openPage,
  overflowsSideways,
  screenshot,
} from './support/browser.ts';
import { testCatalogueShop } from './support/catalogue.ts';
import { useProduct } from './support/product.ts';
import { DEMO_OWNER, signInToAdmin } from './support/staff.ts';

// Issue 28: the promo codes and Delivery & capacity screens on a staff tablet (1024 px).
const product = useProduct(() => testCatalogueShop({ LOG_LEVEL: 'info' }));
const url = () => product.server.url;
const TABLET = { width: 1024, height: 768 };
const COLUMNS = ['District or sector', 'Fee (£)', 'Minimum (£)', 'Minutes on the road'];

/**
 * How the zones read at this width: the labels drawn on screen (a visually hidden label is a
 * 1 px box), the table's column headings, and each input's height.
 */
async function zonesLayout(page: Page) {
  const zones = page.getByRole('form', { name: 'Delivery zones' });
  const shown = await zones.evaluate((form, columns) => {
    const drawn = [...form.querySelectorAll('label, th')].filter(
      (el) => columns.includes(el.textContent ?? '') && el.getBoundingClientRect().width > 2,
    );
    return drawn.map((el) => el.textContent);
  }, COLUMNS);
  return {
    shown,
    headings: await zones.getByRole('columnheader').allTextContents(),
    heights: await zones
      .locator('input')
      .evaluateAll((inputs) => inputs.map((i) => Math.round(i.getBoundingClientRect().height))),
  };
}

describe('the shop editors on a tablet', () => {
  it('an owner makes a promo code and sets a store’s zones and capacity', async () => {
    const owner = await openPage(product.browser, url(), { viewport: TABLET });
    const { page } = owner;
    await signInToAdmin(page, product.server, DEMO_OWNER);
    await page.goto(`${url()}/admin/promos`);
    await page.getByRole('button', { name: 'New code' }).click();
    await page.getByLabel('Code', { exact: true }).fill('TABLET10');
    await page.getByLabel('What it gives').fill('10% off from the tablet');
    await page.getByRole('button', { name: 'Save the code' }).click();
    await page.getByRole('heading', { name: 'TABLET10' }).waitFor();
    expect(await overflowsSideways(page)).toBe(false);
    expect(await accessibilityViolations(page)).toEqual([]);
    await screenshot(page, 'admin-promos-tablet');

    await page.goto(`${url()}/admin/stores`);
    await page.getByRole('heading', { level: 1, name: /^Delivery & capacity/ }).waitFor();
    await page.locator('#preview-postcode').fill('E1 6RL');
    await page.getByRole('button', { name: 'Check' }).click();
    await page.getByText(/^E1 6RL: /).waitFor();
    // A zone added at 1024 px: the table's headings name the columns once (each input keeps a
    // label of its own, visually hidden), and every input is 44 to 48 px tall.
    await page.getByRole('button', { name: 'Add a zone' }).click();
    await page.locator('#zone-1-area').fill('E2');
    await page.locator('#zone-1-fee').fill('2.49');
    await page.locator('#zone-1-minimum_order').fill('12');
    await page.locator('#zone-1-travel_minutes').fill('25');
    expect(await page.getByLabel('Minutes on the road').count()).toBe(2);
    const tablet = await zonesLayout(page);
    expect(tablet.headings).toEqual([...COLUMNS, 'Remove']);
    expect(tablet.shown).toEqual(COLUMNS);
    expect(tablet.heights).toHaveLength(8);
    for (const height of tablet.heights) expect(height).toBeGreaterThanOrEqual(44);
    for (const height of tablet.heights) expect(height).toBeLessThanOrEqual(48);
    expect(await accessibilityViolations(page)).toEqual([]);
    await screenshot(page, 'admin-zones-1024');
    await page.getByRole('button', { name: 'Save zones' }).click();
    await page.getByText(/delivery zones are saved/).waitFor();

    // On a phone each zone is a block of labelled fields again, two by two.
    // The form is drawn afresh from the saved version (its key) as the save's refetch lands,
    // which can be just after the message: the two rows' labels are awaited, not read once.
    await page.setViewportSize(VIEWPORTS.mobile);
    await expect
      .poll(async () => (await zonesLayout(page)).shown)
      .toEqual([...COLUMNS, ...COLUMNS]);
    const phone = await zonesLayout(page);
    expect(phone.headings).toEqual([]);
    for (const height of phone.heights) expect(height).toBeGreaterThanOrEqual(44);
    for (const height of phone.heights) expect(height).toBeLessThanOrEqual(48);
    expect(await overflowsSideways(page)).toBe(false);
    expect(await accessibilityViolations(page)).toEqual([]);
    await screenshot(page, 'admin-zones-375');
    await page.setViewportSize(TABLET);

    // The audit log says what changed in the zones, in pounds, not the list as JSON.
    await page.goto(`${url()}/admin/audit`);
    const entry = page.getByRole('list', { name: 'Changes, newest first' }).locator('> li').first();
    await entry.getByText('Delivery zones').waitFor();
    expect(await entry.locator('dd li').allTextContents()).toEqual([
      'Added E2 · £2.49 · min £12.00 · 25 min on the road',
    ]);
    expect(await entry.textContent()).not.toMatch(/[{}"]|minimum_order/);
    expect(await accessibilityViolations(page)).toEqual([]);
    await screenshot(page, 'admin-audit-zones-1024');
    await page.setViewportSize(VIEWPORTS.mobile);
    expect(await overflowsSideways(page)).toBe(false);
    expect(await accessibilityViolations(page)).toEqual([]);
    await screenshot(page, 'admin-audit-zones-375');
    await page.setViewportSize(TABLET);

    await page.goto(`${url()}/admin/stores`);
    await page.getByRole('heading', { level: 1, name: /^Delivery & capacity/ }).waitFor();
    await page.getByLabel('Most per 15 minutes').fill('4');
    await page.getByRole('button', { name: 'Save capacity and automation' }).click();
    await page.getByText(/capacity and automation are saved/).waitFor();
    expect(await overflowsSideways(page)).toBe(false);
    expect(await accessibilityViolations(page)).toEqual([]);
    await screenshot(page, 'admin-delivery-capacity-tablet');
    await owner.context.close();
  });
});
