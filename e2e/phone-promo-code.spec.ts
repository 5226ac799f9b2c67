// Walk item 22 on a 375×812 phone: a promo code of 40 letters (as typed) or 20 (the longest a
// shop can make) wraps inside the page at the checkout and on the staff's promo list instead of
// pushing the page sideways.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { VIEWPORTS, accessibilityViolations, openPage, screenshot } from './support/browser.ts';
import { withTestCatalogue } from './support/catalogue.ts';
import { fillCart, openSignedIn } from './support/checkout.ts';
import { goToCheckout } from './support/checkout-page.ts';
import { useProduct } from './support/product.ts';
import { demoVariant } from './support/server.ts';
import { signInByApi } from './support/sign-in.ts';
import { DEMO_OWNER, signInToAdmin } from './support/staff.ts';

const LONGEST = 'WWWWWWWWWWWWWWWWWW10';
const product = useProduct(() => ({
  env: { SEED_DEMO: 'false', LOG_LEVEL: 'info' },
  tenantFiles: [
    demoVariant((doc) => {
      withTestCatalogue(doc);
      doc.config.isHomePage = 0;
      doc.config.IsShopClosed = 0;
      doc.promos = [
        ...(doc.promos ?? []),
        {
          code: LONGEST,
          description: '£1 off',
          kind: 'fixed',
          value: 100,
          minimumOrder: 0,
          startsAt: null,
          endsAt: null,
          totalLimit: null,
          perCustomerLimit: null,
          public: false,
        },
      ];
    }),
  ],
}));
const url = () => product.server.url;
const phone = VIEWPORTS.mobile;
const pageWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

describe('a long promo code on a phone (walk item 22)', () => {
  it('wraps at the checkout, refused or applied', async () => {
    const userData = await signInByApi(product.server);
    const { page, context, problems } = await openSignedIn(product.browser, url(), userData, {
      viewport: phone,
    });
    await fillCart(page, url(), { 'Onion bhajis': 4 });
    await goToCheckout(page, url());
    const code = page.getByRole('textbox', { name: 'Code (optional)' });

    await code.fill('W'.repeat(40));
    await page.getByRole('button', { name: 'Apply' }).click();
    await page
      .getByTestId('promo-state')
      .getByText(/is not applied|could not check/)
      .waitFor();
    await screenshot(page, 'phone-promo-40-refused');
    expect(await pageWidth(page)).toBeLessThanOrEqual(phone.width);

    await page.getByRole('button', { name: `Remove code ${'W'.repeat(40)}` }).click();
    await code.fill(LONGEST);
    await page.getByRole('button', { name: 'Apply' }).click();
    await page.getByTestId('total-discount').waitFor();
    await screenshot(page, 'phone-promo-20-applied');
    expect(await pageWidth(page)).toBeLessThanOrEqual(phone.width);
    expect(await accessibilityViolations(page), 'checkout with a long code').toEqual([]);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('wraps on the staff’s promo list', async () => {
    const { page, context } = await openPage(product.browser, url(), { viewport: phone });
    await signInToAdmin(page, product.server, DEMO_OWNER);
    await page.goto(`${url()}/admin/promos`);
    await page.getByRole('heading', { level: 2, name: LONGEST }).waitFor();
    await screenshot(page, 'phone-admin-promos-long-code');
    expect(await pageWidth(page)).toBeLessThanOrEqual(phone.width);
    await context.close();
  });
});
