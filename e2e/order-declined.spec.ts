import type { OrderCreated } from '@servery/contract/order';
import { describe, expect, it } from 'vitest';
import { VIEWPORTS, accessibilityViolations, openPage, screenshot } from './support/browser.ts';
import { customerCall, openSignedIn, storeNamed, timingsOf } from './support/checkout.ts';
import { useProduct } from './support/product.ts';
import { signInByApi } from './support/sign-in.ts';
import { DEMO_OWNER, signInToAdmin } from './support/staff.ts';

const product = useProduct(() => ({ env: { LOG_LEVEL: 'info' } }));
const url = () => product.server.url;

// Issue 27, point 5: a declined order's page says why, in the staff's own words, and shows no
// VAT invoice (nothing was supplied). Messages go to the server log at info level.
describe('a declined order', () => {
  it('shows the reason the shop chose, its own words and the money, and no time or invoice (375 px)', async () => {
    const customer = await signInByApi(product.server);
    const store = await storeNamed(url(), 'Tandoor Lane Shoreditch');
    const timings = await timingsOf(url(), customer, store.id, 'collection');
    const at = timings.asap.available ? 'asap' : timings.days.flatMap((d) => d.slots)[0]!.at;
    const menu = (await (await fetch(`${url()}/api/menu/${store.id}`)).json()) as {
      data: { categories: { items: { id: string; name: string }[] }[] };
    };
    const tray = menu.data.categories
      .flatMap((c) => c.items)
      .find((item) => item.name === 'Poppadoms & chutney tray')!;
    const placed = await customerCall<OrderCreated>(url(), customer, '/order', {
      method: 'POST',
      body: JSON.stringify({
        store_id: store.id,
        order_type: 'collection',
        when: at,
        lines: [{ item_id: tray.id, quantity: 2, modifiers: [] }],
        payment_method: 'cash',
      }),
    });
    expect(placed.status).toBe(200);
    const order = placed.body.data.order;
    const desk = await openPage(product.browser, url());
    await signInToAdmin(desk.page, product.server, DEMO_OWNER);
    const rejected = await desk.page.request.post(`${url()}/api/admin/orders/${order.id}/status`, {
      data: {
        status: 'rejected',
        reason: 'too_busy',
        note: 'Our tandoor oven broke down tonight, sorry',
      },
      headers: { origin: url() },
    });
    expect(rejected.status()).toBe(200);
    const shopper = await openSignedIn(product.browser, url(), customer, {
      viewport: VIEWPORTS.mobile,
    });
    await shopper.page.goto(`${url()}/orders/${order.id}`);
    const reason = shopper.page.getByTestId('order-shop-reason');
    await reason.waitFor();
    expect((await reason.innerText()).split('\n').filter(Boolean)).toEqual([
      'Sorry, Tandoor Lane Shoreditch cannot make your order.',
      'We are too busy to make your order in time.',
      '“Our tandoor oven broke down tonight, sorry”',
      'Tandoor Lane Shoreditch, in their own words',
      'You have not been charged for it; any card payment is released or refunded in full.',
    ]);
    // It will not be made: no time is expected of it.
    expect(await shopper.page.getByTestId('order-time').count()).toBe(0);
    expect(await shopper.page.getByText('VAT invoice').count()).toBe(0);
    expect(await accessibilityViolations(shopper.page)).toEqual([]);
    await screenshot(shopper.page, 'order-declined-phone');
    await shopper.context.close();
    await desk.context.close();
  });
});
