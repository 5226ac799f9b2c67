import type { Page } from 'playwright-core';
import { withTestCatalogue } from './catalogue.ts';
import { demoVariant } from './server.ts';

/**
 * The shop of the checkout specs, for `useProduct`: the demo shop (its promo codes: WELCOME10,
 * FEAST5, and LANEFRIENDS, not listed) with the test catalogue, whose Shoreditch store is always
 * open, delivers to E1 (£1.99, minimum £15.00) and collects (minimum £10.00).
 */
export const checkoutShop = () => ({
  env: { SEED_DEMO: 'false', LOG_LEVEL: 'info' },
  tenantFiles: [
    demoVariant((doc) => {
      withTestCatalogue(doc);
      doc.config.isHomePage = 0;
      doc.config.IsShopClosed = 0;
    }),
  ],
});

/** The checkout's button that places the order, whichever way it is paid. */
export const placeButton = (page: Page) =>
  page.getByRole('button', { name: /^(Continue to payment|Place order) · £/ });

/**
 * The checkout as a customer reads it before tapping on: its totals, and a delivery's saved
 * addresses in place of "Loading your addresses…" (a tap before them waits, and does not go on
 * once the delivery fee changes the total).
 */
export async function checkoutShown(page: Page) {
  await page.getByTestId('checkout-totals').waitFor();
  await page.getByText('Loading your addresses…').waitFor({ state: 'hidden' });
}

/** From the basket to the checkout, its totals shown. */
export async function goToCheckout(page: Page, url: string) {
  await page.goto(`${url}/cart`);
  await page.getByRole('link', { name: 'Go to checkout' }).click();
  await page.waitForURL(`${url}/checkout`);
  await page.getByRole('heading', { level: 1, name: 'Checkout' }).waitFor();
  await checkoutShown(page);
}

/** Pays on the payment page with a test card number. */
export async function payByCard(page: Page, number: string) {
  await page.getByRole('textbox', { name: 'Card number' }).fill(number);
  await page.getByRole('textbox', { name: 'Expiry date (MM/YY)' }).fill('12/34');
  await page.getByRole('textbox', { name: 'Security code (CVC)' }).fill('123');
  await page.getByRole('button', { name: /^Pay £/ }).click();
}
