import type { OrderCreated } from '@servery/contract/order';
import { describe, expect, it } from 'vitest';
import { accessibilityViolations, openPage, screenshot } from './support/browser.ts';
import { customerCall, storeNamed, timingsOf } from './support/checkout.ts';
import { useProduct } from './support/product.ts';
import { signInByApi } from './support/sign-in.ts';
import { DEMO_OWNER, signInToAdmin } from './support/staff.ts';

// Messages are written to the server's log at info level: the sign-in codes are read there.
const product = useProduct(() => ({ env: { LOG_LEVEL: 'info' } }));
/** A staff tablet on its side (issue 27: staff screens are looked at at 1024 px). */
const TABLET = { width: 1024, height: 768 };

/** A cash collection order of the first dish without required choices, for the first slot. */
async function placeOrder() {
  const url = product.server.url;
  const customer = await signInByApi(product.server);
  const store = await storeNamed(url, 'Tandoor Lane Shoreditch');
  const timings = await timingsOf(url, customer, store.id, 'collection');
  const at = timings.asap.available ? 'asap' : timings.days.flatMap((d) => d.slots)[0]!.at;
  const menu = (await (await fetch(`${url}/api/menu/${store.id}`)).json()) as {
    data: { categories: { items: { id: string; has_required_modifiers: boolean }[] }[] };
  };
  const dish = menu.data.categories
    .flatMap((c) => c.items)
    .find((item) => !item.has_required_modifiers)!.id;
  const placed = await customerCall<OrderCreated>(url, customer, '/order', {
    method: 'POST',
    body: JSON.stringify({
      store_id: store.id,
      order_type: 'collection',
      when: at,
      lines: [{ item_id: dish, quantity: 3, modifiers: [] }],
      payment_method: 'cash',
    }),
  });
  expect(placed.status).toBe(200);
  return placed.body.data.order;
}

describe('service in the staff application', () => {
  it('keeps ringing on the Service screen, shows the waiting order there, and resumes after a reload with one tap', async () => {
    const order = await placeOrder();
    const { page, context } = await openPage(product.browser, product.server.url, {
      viewport: TABLET,
    });
    const chimes = () =>
      page.evaluate(() => (window as { __serveryChimes?: number }).__serveryChimes ?? 0);
    try {
      await signInToAdmin(page, product.server, DEMO_OWNER);
      await page
        .getByRole('link', { name: /^Order desk/ })
        .first()
        .click();
      await page
        .getByRole('region', { name: /^New/ })
        .getByRole('heading', { name: `#${order.number} · Collection` })
        .waitFor();
      await page.getByRole('button', { name: /^Start service/ }).click();
      await page.getByText('Service on:').waitFor();
      await expect.poll(chimes).toBeGreaterThanOrEqual(1);

      // To Service and back is what silenced the desk before.
      await page.getByRole('link', { name: 'Service', exact: true }).click();
      await page.getByRole('heading', { level: 1, name: /^Service/ }).waitFor();
      expect(await page.getByRole('button', { name: /^Start service/ }).count()).toBe(0);
      await page.getByText('Service on:').waitFor();
      await expect.poll(() => page.title()).toMatch(/^\(\d+\) Service · /);
      expect(await page.getByTestId('waiting-badge').textContent()).toMatch(/\d+ waiting$/);
      const before = await chimes();
      await expect.poll(chimes, { timeout: 15_000 }).toBeGreaterThan(before);
      expect(await accessibilityViolations(page)).toEqual([]);
      await screenshot(page, 'service-alert-service-1024');

      await page
        .getByRole('link', { name: /^Order desk/ })
        .first()
        .click();
      await page.getByTestId('order-waiting').first().waitFor();
      await screenshot(page, 'service-alert-desk-1024');

      // A reload cannot start sound by itself: one tap does.
      await page.reload();
      await page.getByRole('button', { name: 'Resume service (sound on)' }).click();
      await page.getByText('Service on:').waitFor();
      await expect.poll(chimes).toBeGreaterThanOrEqual(1);
    } finally {
      const rejected = await page.request.post(
        `${product.server.url}/api/admin/orders/${order.id}/status`,
        {
          data: { status: 'rejected', reason: 'too_busy' },
          headers: { origin: product.server.url },
        },
      );
      expect(rejected.status()).toBe(200);
      await context.close();
    }
  });
});
