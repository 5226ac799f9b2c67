import { describe, expect, it } from 'vitest';
import { TEST_STORES, withTestCatalogue } from './support/catalogue.ts';
import { customerCall, dishId, openSignedIn, storeNamed } from './support/checkout.ts';
import { useProduct } from './support/product.ts';
import { demoVariant } from './support/server.ts';
import { signInByApi } from './support/sign-in.ts';
import { accessibilityViolations, screenshot } from './support/browser.ts';

const CLOSED = 'Closed for Diwali, back on Monday at 11:30 AM.';

// The shop closed by its flag (IsShopClosed 1): its stores' hours do not matter.
const product = useProduct(() => ({
  env: { SEED_DEMO: 'false', LOG_LEVEL: 'info' },
  tenantFiles: [
    demoVariant((doc) => {
      withTestCatalogue(doc);
      doc.config.isHomePage = 0;
      doc.config.IsShopClosed = 1;
      doc.config.ShopClosedMessage = CLOSED;
    }),
  ],
}));
const url = () => product.server.url;

describe('checking out while the shop is closed', () => {
  it('says why before anything is sent, in the words the server refuses with', async () => {
    const userData = await signInByApi(product.server);
    const { page, context } = await openSignedIn(product.browser, url(), userData);
    await page.goto(`${url()}/menu`);
    const closed = page.getByRole('dialog', { name: "We're currently closed" });
    await closed.getByRole('button', { name: 'OK' }).click();
    await closed.waitFor({ state: 'hidden' });
    for (let i = 0; i < 3; i++) {
      await page.getByRole('button', { name: 'Add Onion bhajis to basket' }).click();
    }
    await page.getByRole('button', { name: 'Cart, 3 items' }).click();
    await page.getByRole('link', { name: 'Go to checkout' }).click();
    await page.getByRole('heading', { level: 1, name: 'Checkout' }).waitFor();
    await page.getByRole('radio', { name: /^Collection/ }).check();

    await page.getByTestId('no-times').getByText(CLOSED).waitFor();
    const listed = page.getByTestId('checkout-problems');
    await listed.getByText(CLOSED).waitFor();
    let sent = 0;
    page.on('request', (r) => r.url().endsWith('/api/order') && sent++);
    await page.getByRole('button', { name: /^Continue to payment/ }).click();
    await expect.poll(() => listed.evaluate((el) => el === document.activeElement)).toBe(true);
    await screenshot(page, 'checkout-shop-closed-desktop');
    expect(await accessibilityViolations(page), '/checkout, shop closed').toEqual([]);
    expect(sent).toBe(0);

    // The same order sent straight to the server: its 422 carries the same message.
    const store = await storeNamed(url(), TEST_STORES.shoreditch);
    const answer = await customerCall(url(), userData, '/order', {
      method: 'POST',
      body: JSON.stringify({
        store_id: store.id,
        order_type: 'collection',
        when: 'asap',
        lines: [{ item_id: await dishId(url(), store.id, 'Onion bhajis'), quantity: 3 }],
        payment_method: 'card',
      }),
    });
    expect(answer.status).toBe(422);
    expect(answer.body.message).toBe(CLOSED);
    await context.close();
  });
});
