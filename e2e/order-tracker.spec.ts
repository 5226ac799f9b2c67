import type { OrderCreated } from '@servery/contract/order';
import type { UserData } from '@servery/contract/auth';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { VIEWPORTS, accessibilityViolations, openPage, screenshot } from './support/browser.ts';
import { customerCall, openSignedIn, storeNamed, timingsOf } from './support/checkout.ts';
import { useProduct } from './support/product.ts';
import { signInByApi } from './support/sign-in.ts';
import { DEMO_OWNER, signInToAdmin } from './support/staff.ts';

// Issue 20, point 4. Messages are written to the server's log at info level: codes are read there.
const product = useProduct(() => ({ env: { LOG_LEVEL: 'info' } }));
const url = () => product.server.url;

/** How long a move may take to reach the page: live, not the 30 s fallback poll. */
const LIVE_MS = 5_000;

/** A cash collection order of two poppadom trays, for the first time the store offers. */
async function placeOrder(customer: UserData) {
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
  return placed.body.data.order;
}

/** The tracker's steps as the customer reads them, with the one they are at. */
const trackerOf = (page: Page) =>
  page
    .getByTestId('order-tracker')
    .locator('li')
    .evaluateAll((steps) =>
      steps.map(
        (step) =>
          `${step.querySelector('span.block')?.firstChild?.textContent}:${step.getAttribute('data-state')}`,
      ),
    );

describe('the order page', () => {
  it('leads with the time and a tracker that follows the kitchen without a reload (375 px)', async () => {
    const customer = await signInByApi(product.server);
    const order = await placeOrder(customer);
    const shopper = await openSignedIn(product.browser, url(), customer, {
      viewport: VIEWPORTS.mobile,
    });
    const page = shopper.page;
    await page.goto(`${url()}/orders/${order.id}`);
    await page.getByRole('heading', { level: 1, name: `Order ${order.number}` }).waitFor();
    expect(await trackerOf(page)).toEqual([
      'Placed:current',
      'Accepted:todo',
      'Being prepared:todo',
      'Ready to collect:todo',
      'Collected:todo',
    ]);
    expect(await page.getByTestId('status-history').textContent()).not.toContain(
      'Awaiting payment',
    );

    // The kitchen accepts it for 15 minutes, then starts cooking, in another browser.
    const desk = await openPage(product.browser, url());
    await signInToAdmin(desk.page, product.server, DEMO_OWNER);
    const move = async (body: object) => {
      const answer = await desk.page.request.post(`${url()}/api/admin/orders/${order.id}/status`, {
        data: body,
        headers: { origin: url() },
      });
      expect(answer.status()).toBe(200);
    };
    // The page follows the kitchen live (GET /api/orders/{id}/events): each move shows within a
    // few seconds, where the fallback poll would take 30.
    await page.getByTestId('order-live').waitFor({ timeout: 10_000 });
    await move({ status: 'accepted', minutes: 15 });
    await page
      .getByTestId('order-promised')
      .getByText(/^Ready at /)
      .waitFor({ timeout: LIVE_MS });
    await page
      .getByTestId('order-tracker')
      .locator('li[aria-current="step"]')
      .getByText('Accepted')
      .waitFor({ timeout: LIVE_MS });
    await move({ status: 'preparing' });
    await page
      .getByTestId('order-tracker')
      .locator('li[aria-current="step"]')
      .getByText('Being prepared')
      .waitFor({ timeout: LIVE_MS });
    expect(await trackerOf(page)).toEqual([
      'Placed:done',
      'Accepted:done',
      'Being prepared:current',
      'Ready to collect:todo',
      'Collected:todo',
    ]);
    expect(await page.getByTestId('order-status').textContent()).toBe('Being prepared');

    for (const [name, viewport] of Object.entries(VIEWPORTS)) {
      await page.setViewportSize(viewport);
      expect(await accessibilityViolations(page)).toEqual([]);
      await screenshot(page, `order-tracker-${name}`);
    }

    // /orders offers Reorder on each order.
    await page.goto(`${url()}/orders`);
    const summary = page.getByTestId('order-summary').first();
    await summary.getByRole('link', { name: `Order ${order.number}` }).waitFor();
    await summary.getByRole('button', { name: `Reorder order ${order.number}` }).click();
    await summary
      .getByTestId('reorder-outcome')
      .getByText('2 items added to your basket.')
      .waitFor();
    await expect.poll(() => page.getByTestId('cart-badge').textContent()).toBe('2');
    for (const [name, viewport] of Object.entries(VIEWPORTS)) {
      await page.setViewportSize(viewport);
      expect(await accessibilityViolations(page)).toEqual([]);
      await screenshot(page, `orders-list-${name}`);
    }

    // The account page, on the same primitives.
    await page.goto(`${url()}/account`);
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    await page.locator('[aria-busy="true"]').first().waitFor({ state: 'detached' });
    for (const [name, viewport] of Object.entries(VIEWPORTS)) {
      await page.setViewportSize(viewport);
      expect(await accessibilityViolations(page)).toEqual([]);
      await screenshot(page, `account-${name}`);
    }
    expect(shopper.problems).toEqual([]);
    await desk.context.close();
    await shopper.context.close();
  });
});
