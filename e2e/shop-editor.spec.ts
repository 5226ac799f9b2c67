import { describe, expect, it } from 'vitest';
import {
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
    await page.getByLabel('Most per 15 minutes').fill('4');
    await page.getByRole('button', { name: 'Save capacity and automation' }).click();
    await page.getByText(/capacity and automation are saved/).waitFor();
    expect(await overflowsSideways(page)).toBe(false);
    expect(await accessibilityViolations(page)).toEqual([]);
    await screenshot(page, 'admin-delivery-capacity-tablet');
    await owner.context.close();
  });
});
