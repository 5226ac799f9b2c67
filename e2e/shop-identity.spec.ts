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
import { useProduct } from './support/product.ts';
import { DEMO_OWNER, signInToAdmin } from './support/staff.ts';

// Walk item 10: the owner renames the shop and changes its colour on the Shop screen, and a
// customer opening the storefront sees the new name and colour, with no import and no restart.
const product = useProduct(() => ({ env: { LOG_LEVEL: 'info' } }));
const url = () => product.server.url;

async function clean(page: Page, what: string) {
  expect(await accessibilityViolations(page), what).toEqual([]);
  expect(await overflowsSideways(page), `${what} scrolls sideways`).toBe(false);
}

async function openShopScreen(page: Page) {
  await page.goto(`${url()}/admin/shop`);
  await page.getByRole('heading', { level: 1, name: /^Shop: / }).waitFor();
  await page.getByRole('img', { name: 'Header logo, as customers see it' }).waitFor();
  await page.waitForLoadState('networkidle');
}

describe('the Shop screen', () => {
  it('renames the shop and recolours it, and the storefront shows it at once', async () => {
    const owner = await openPage(product.browser, url(), { viewport: TABLET });
    await signInToAdmin(owner.page, product.server, DEMO_OWNER);
    await openShopScreen(owner.page);
    await clean(owner.page, '/admin/shop at 1024 px');
    await screenshot(owner.page, 'admin-shop-tablet');

    const name = owner.page.getByLabel('Shop name');
    await name.fill('Tandoor Lane Kitchen');
    const colour = owner.page.getByRole('textbox', { name: 'Main colour', exact: true });
    // Too light first: the preview says so and the save is refused on the field.
    await colour.fill('#f4c430');
    await owner.page.getByText(/^Too light to read/).waitFor();
    await owner.page.getByRole('button', { name: 'Save name, colours and contacts' }).click();
    await owner.page.getByText(/need a contrast of at least 4\.5:1/).waitFor();
    await screenshot(owner.page, 'admin-shop-too-light-tablet');
    await colour.fill('#1d4e89');
    await owner.page.getByText(/^Readable: /).waitFor();
    await owner.page.getByRole('button', { name: 'Save name, colours and contacts' }).click();
    await owner.page.getByText('The shop’s details are saved.').waitFor();
    await owner.page
      .getByRole('heading', { level: 1, name: 'Shop: Tandoor Lane Kitchen' })
      .waitFor();

    // A new header logo, saved as it is chosen.
    await owner.page.getByLabel(/^Replace the header logo/).setInputFiles({
      name: 'new-logo.svg',
      mimeType: 'image/svg+xml',
      buffer: Buffer.from(
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 188 48"><rect width="188" height="48" rx="8" fill="#1d4e89"/></svg>',
      ),
    });
    await owner.page.getByText('The header logo is saved.').waitFor();

    const customer = await openPage(product.browser, url(), { viewport: VIEWPORTS.mobile });
    await customer.page.goto(`${url()}/`);
    await customer.page.getByText(/© Tandoor Lane Kitchen \d{4}/).waitFor();
    expect(await customer.page.title()).toContain('Tandoor Lane Kitchen');
    const primary = await customer.page.evaluate(() =>
      getComputedStyle(document.documentElement).getPropertyValue('--shop-primary').trim(),
    );
    expect(primary).toBe('#1d4e89');
    const logo = customer.page
      .getByRole('banner')
      .getByRole('img', { name: 'Tandoor Lane Kitchen' });
    expect(await logo.getAttribute('src')).toMatch(/^\/tenancy\/assets\/logo-[a-f0-9]{16}\.svg$/);
    await screenshot(customer.page, 'storefront-renamed-375');
    await customer.context.close();

    for (const [label, viewport] of [
      ['375', VIEWPORTS.mobile],
      ['1280', VIEWPORTS.desktop],
    ] as const) {
      await owner.page.setViewportSize(viewport);
      await openShopScreen(owner.page);
      await clean(owner.page, `/admin/shop at ${label} px`);
      await screenshot(owner.page, `admin-shop-${label}`);
    }
    await owner.context.close();
  });
});
