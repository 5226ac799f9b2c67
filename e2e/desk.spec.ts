import type { OrderCreated } from '@servery/contract/order';
import type { UserData } from '@servery/contract/auth';
import { describe, expect, it } from 'vitest';
import { VIEWPORTS, accessibilityViolations, openPage, screenshot } from './support/browser.ts';
import { customerCall, orderOf, storeNamed, timingsOf } from './support/checkout.ts';
import { useProduct } from './support/product.ts';
import { signInByApi } from './support/sign-in.ts';
import { DEMO_OWNER, signInToAdmin } from './support/staff.ts';

// Messages are written to the server's log at info level: the tests read the codes there.
const product = useProduct(() => ({ env: { LOG_LEVEL: 'info' } }));

/** A dish of the store's menu with no required choice. */
async function simpleDish(storeId: string): Promise<string> {
  const menu = (await (await fetch(`${product.server.url}/api/menu/${storeId}`)).json()) as {
    data: {
      categories: { items: { id: string; has_required_modifiers: boolean; sold_out: boolean }[] }[];
    };
  };
  return menu.data.categories
    .flatMap((c) => c.items)
    .find((item) => !item.has_required_modifiers && !item.sold_out)!.id;
}

/** A cash collection order for the first slot the store offers (it may be closed right now). */
async function placeOrder(customer: UserData) {
  const url = product.server.url;
  const store = await storeNamed(url, 'Tandoor Lane Shoreditch');
  const timings = await timingsOf(url, customer, store.id, 'collection');
  const at = timings.asap.available ? 'asap' : timings.days.flatMap((d) => d.slots)[0]!.at;
  const placed = await customerCall<OrderCreated>(url, customer, '/order', {
    method: 'POST',
    body: JSON.stringify({
      store_id: store.id,
      order_type: 'collection',
      when: at,
      lines: [{ item_id: await simpleDish(store.id), quantity: 2, modifiers: [] }],
      payment_method: 'cash',
      notes: 'Extra napkins',
    }),
  });
  expect(placed.status).toBe(200);
  return placed.body.data.order;
}

describe('the order desk', () => {
  it('rings for a new order on an open board, which is accepted, made ready, and the customer follows', async () => {
    const customer = await signInByApi(product.server);
    const first = await placeOrder(customer);

    const { page, context } = await openPage(product.browser, product.server.url, {
      viewport: VIEWPORTS.desktop,
    });
    await signInToAdmin(page, product.server, DEMO_OWNER);
    await page.getByRole('link', { name: 'Order desk' }).first().click();
    await page.getByText('Live.').waitFor();
    const newColumn = page.getByRole('region', { name: /^New/ });
    await newColumn.getByRole('heading', { name: `#${first.number} · Collection` }).waitFor();
    await page.getByRole('button', { name: /^Start service/ }).click();
    await page.getByText('Service started').waitFor();
    const chimes = () =>
      page.evaluate(() => (window as { __serveryChimes?: number }).__serveryChimes ?? 0);
    await expect.poll(chimes).toBeGreaterThanOrEqual(1);

    // A second order arrives while the board is open: it appears without a reload.
    const second = await placeOrder(customer);
    await newColumn.getByRole('heading', { name: `#${second.number} · Collection` }).waitFor();
    await page.getByText('2 new').waitFor();
    expect(await accessibilityViolations(page)).toEqual([]);
    await screenshot(page, 'desk-desktop');

    // Accept the first in 15 minutes, then it is ready.
    const firstCard = page
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { name: `#${first.number} · Collection` }) });
    await firstCard.getByRole('button', { name: '15 min' }).click();
    const preparing = page.getByRole('region', { name: /^Accepted and preparing/ });
    await preparing.getByRole('heading', { name: `#${first.number} · Collection` }).waitFor();
    expect((await orderOf(product.server.url, customer, first.id)).status).toBe('accepted');
    await preparing.getByRole('button', { name: 'Ready' }).first().click();
    await page
      .getByRole('region', { name: /^Ready/ })
      .getByRole('heading', { name: `#${first.number} · Collection` })
      .waitFor();
    const followed = await orderOf(product.server.url, customer, first.id);
    expect(followed.status).toBe('ready');
    expect(followed.promised_at).not.toBeNull();

    // Rejecting needs a reason and a confirmation.
    const secondCard = page
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { name: `#${second.number} · Collection` }) });
    await secondCard.getByRole('button', { name: 'Reject…' }).click();
    const confirm = secondCard.getByRole('button', { name: `Yes, reject order #${second.number}` });
    expect(await confirm.isDisabled()).toBe(true);
    await secondCard
      .getByRole('radio', { name: 'We are too busy to make your order in time' })
      .check();
    await confirm.click();
    await page.getByText('1 new').waitFor({ state: 'detached' });
    await expect
      .poll(async () => (await orderOf(product.server.url, customer, second.id)).status)
      .toBe('rejected');
    // Nothing new is left: the chime stops.
    const ringing = await chimes();
    await page.waitForTimeout(10_500);
    expect(await chimes()).toBe(ringing);
    await context.close();
  });
});
