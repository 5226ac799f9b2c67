// A store still open but closing too soon for a new order (the walk's Saturday 00:15 with a
// 00:30 close): the checkout offers no "as soon as possible", says why in the closed case's
// words, and takes the first later time; the server refuses such an order the same way.
import { describe, expect, it } from 'vitest';
import { formatClockTime, hhmm } from '@servery/contract/clock';
import { VIEWPORTS, accessibilityViolations, screenshot } from './support/browser.ts';
import { TEST_STORES, withTestCatalogue } from './support/catalogue.ts';
import {
  customerCall,
  dishId,
  fillCart,
  openSignedIn,
  saveAddress,
  storeNamed,
} from './support/checkout.ts';
import { goToCheckout } from './support/checkout-page.ts';
import { useProduct } from './support/product.ts';
import { demoVariant } from './support/server.ts';
import { signInByApi } from './support/sign-in.ts';

const DAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'];
/** Minutes after midnight on London's clock, now. */
const londonMinutes = () => {
  const [h, m] = new Intl.DateTimeFormat('en-GB', {
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZone: 'Europe/London',
  })
    .format(new Date())
    .split(':')
    .map(Number);
  return h! * 60 + m!;
};
// Open since two hours ago and closing 30 minutes after the shop is made, every day; the
// kitchen takes 45 minutes, so no order placed now is ready (or delivered) by closing time.
const made = londonMinutes();
const closes = hhmm((made + 30) % 1440);
const CLOSES = `${TEST_STORES.shoreditch} closes at ${formatClockTime(closes)}, too soon for a new order`;

const product = useProduct(() => ({
  env: { SEED_DEMO: 'false', LOG_LEVEL: 'info' },
  tenantFiles: [
    demoVariant((doc) => {
      withTestCatalogue(doc);
      doc.config.isHomePage = 0;
      doc.config.IsShopClosed = 0;
      const hours = [{ opens: hhmm((made + 1440 - 120) % 1440), closes }];
      for (const store of doc.stores) {
        store.openingHours = Object.fromEntries(DAYS.map((day) => [day, hours])) as never;
        store.preparationMinutes = 45;
      }
    }),
  ],
}));
const url = () => product.server.url;

describe('checking out just before closing time', () => {
  it('offers no ASAP, says why, and takes the first later time (375 px)', async () => {
    const userData = await signInByApi(product.server);
    // A name and a phone, as a collection needs (the time is checked after them).
    await customerCall(url(), userData, '/customer', {
      method: 'POST',
      body: JSON.stringify({ first_name: 'Ada', phone: '07700900123' }),
    });
    await saveAddress(url(), userData, {
      address_line1: '1 Brick Lane',
      city: 'London',
      postcode: 'E1 6RL',
    });
    const { page, context, problems } = await openSignedIn(product.browser, url(), userData, {
      viewport: VIEWPORTS.mobile,
    });
    await fillCart(page, url(), { 'Prawn puri': 3 });
    await goToCheckout(page, url());
    for (const way of ['Collection', 'Delivery'] as const) {
      await page.getByRole('radio', { name: new RegExp(`^${way}`) }).check();
      const asap = page.getByRole('radio', { name: /^As soon as possible/ });
      await page.getByText(`Not available: ${CLOSES}.`).waitFor();
      expect(await asap.isDisabled()).toBe(true);
      expect(await page.getByRole('radio', { name: 'At a later time' }).isChecked()).toBe(true);
      const bar = page.getByTestId('chosen-time');
      await bar.getByText(`${CLOSES}.`).waitFor();
      expect(await bar.textContent()).toMatch(new RegExp(`^${CLOSES}\\.${way}: .+, \\d`));
      expect(await page.getByText(/is closed/).count()).toBe(0);
      await screenshot(page, `checkout-closing-soon-${way.toLowerCase()}-mobile`);
      expect(await accessibilityViolations(page), `/checkout, ${way}, closing soon`).toEqual([]);
    }
    expect(problems).toEqual([]);

    // ASAP sent straight to the server: a 422 on the time in the same words, and no order.
    const store = await storeNamed(url(), TEST_STORES.shoreditch);
    const answer = await customerCall(url(), userData, '/order', {
      method: 'POST',
      body: JSON.stringify({
        store_id: store.id,
        order_type: 'collection',
        when: 'asap',
        lines: [{ item_id: await dishId(url(), store.id, 'Prawn puri'), quantity: 3 }],
        payment_method: 'cash',
      }),
    });
    expect(answer.status).toBe(422);
    expect(answer.body.message).toBe(`${CLOSES}. Choose a later time.`);
    const orders = await customerCall<{ total: number }>(url(), userData, '/orders');
    expect(orders.body.data.total).toBe(0);
    await context.close();
  });
});
