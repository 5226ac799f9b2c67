import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  TABLET,
  VIEWPORTS,
  accessibilityViolations,
  openPage,
  overflowsSideways,
  screenshot,
} from './support/browser.ts';
import { testCatalogueShop } from './support/catalogue.ts';
import { useProduct } from './support/product.ts';
import { DEMO_OWNER, signInToAdmin } from './support/staff.ts';

// Issue 15: the demo shop with the test catalogue; messages in the log, where codes are read.
const product = useProduct(() => testCatalogueShop({ LOG_LEVEL: 'info' }));
const url = () => product.server.url;
const dishCard = (page: Page, name: string) =>
  page.getByRole('article').filter({ has: page.getByRole('heading', { name, exact: true }) });

describe('the Service screen', () => {
  it('a manager marks a dish sold out on a phone; the customer’s open menu shows it without a reload', async () => {
    const customer = await openPage(product.browser, url(), { viewport: VIEWPORTS.desktop });
    await customer.page.goto(`${url()}/menu`);
    const bhajis = dishCard(customer.page, 'Onion bhajis');
    await bhajis.waitFor();
    expect(await bhajis.textContent()).not.toContain('Sold out');

    const manager = await openPage(product.browser, url(), { viewport: VIEWPORTS.mobile });
    await signInToAdmin(manager.page, product.server, DEMO_OWNER);
    await manager.page.getByRole('link', { name: 'Service' }).first().click();
    await manager.page.getByRole('heading', { level: 1, name: /^Service: / }).waitFor();
    await manager.page.getByRole('searchbox', { name: 'Find a dish or option' }).fill('bhaji');
    const row = manager.page.getByRole('group', { name: 'Onion bhajis' });
    await row.getByText('Out today').click();
    await expect.poll(() => row.getByRole('radio', { name: 'Out today' }).isChecked()).toBe(true);
    expect(await overflowsSideways(manager.page)).toBe(false);
    expect(await accessibilityViolations(manager.page)).toEqual([]);
    await screenshot(manager.page, 'admin-service-mobile');

    // The customer comes back to the tab: the menu looks again and greys the dish.
    await customer.page.evaluate(() => window.dispatchEvent(new Event('focus')));
    await bhajis.getByText('Sold out').first().waitFor();
    expect(await bhajis.getByRole('button', { name: /add/i }).count()).toBe(0);

    // A pause with its countdown, at desktop width.
    await manager.page.setViewportSize(VIEWPORTS.desktop);
    await manager.page.getByRole('searchbox', { name: 'Find a dish or option' }).fill('');
    const collection = manager.page.getByRole('group', { name: 'Pause collection' });
    await collection.getByRole('button', { name: '30 min' }).click();
    await manager.page.getByText(/Collection paused: \d+:\d\d left/).waitFor();
    expect(await accessibilityViolations(manager.page)).toEqual([]);
    await screenshot(manager.page, 'admin-service-desktop');
    const timings = await manager.page.evaluate(async () => {
      const stores = (await (await fetch('/api/store')).json()).data as { pause: unknown }[];
      return stores.map((s) => s.pause).filter(Boolean);
    });
    expect(timings).toHaveLength(1);
    await manager.context.close();
    await customer.context.close();
  });

  it('busy mode says until when it runs, and ends with one tap, on a tablet and a phone', async () => {
    const manager = await openPage(product.browser, url(), { viewport: TABLET });
    await signInToAdmin(manager.page, product.server, DEMO_OWNER);
    await manager.page.getByRole('link', { name: 'Service' }).first().click();
    await manager.page.getByRole('heading', { level: 1, name: /^Service: / }).waitFor();
    const off = manager.page.getByRole('group', { name: 'Busy mode: off' });
    await off.getByRole('button', { name: '+20' }).click();
    const on = manager.page.getByRole('group', {
      name: /^Busy \+20 min until (tomorrow )?\d{1,2}:\d\d [AP]M$/,
    });
    await on.waitFor();
    expect(await accessibilityViolations(manager.page)).toEqual([]);
    await screenshot(manager.page, 'admin-service-busy-tablet');
    await manager.page.setViewportSize(VIEWPORTS.mobile);
    expect(await overflowsSideways(manager.page)).toBe(false);
    await screenshot(manager.page, 'admin-service-busy-mobile');
    await on.getByRole('button', { name: 'End busy mode now' }).click();
    await manager.page.getByRole('group', { name: 'Busy mode: off' }).waitFor();
    await manager.context.close();
  });
});
