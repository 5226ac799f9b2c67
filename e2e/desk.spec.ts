import type { OrderCreated } from '@servery/contract/order';
import type { UserData } from '@servery/contract/auth';
import { describe, expect, it } from 'vitest';
import {
  TABLET,
  VIEWPORTS,
  accessibilityViolations,
  openPage,
  screenshot,
} from './support/browser.ts';
import { customerCall, openSignedIn, orderOf, storeNamed, timingsOf } from './support/checkout.ts';
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

/**
 * The customer orders in a browser of their own, as on a phone: the basket, collection at the
 * first later time (so it does not matter whether the store is open now), cash. Answers the
 * order and the customer's page, left open on the order.
 */
async function orderInBrowser(customer: UserData) {
  const url = product.server.url;
  const shopper = await openSignedIn(product.browser, url, customer, {
    viewport: VIEWPORTS.mobile,
  });
  const page = shopper.page;
  await page.goto(`${url}/menu`);
  // Two trays: above the stores' minimum order for collection.
  for (const count of ['1', '2']) {
    await page.getByRole('button', { name: 'Add Poppadoms & chutney tray to basket' }).click();
    await expect.poll(() => page.getByTestId('cart-badge').textContent()).toBe(count);
  }
  await page.goto(`${url}/cart`);
  await page.getByRole('link', { name: 'Go to checkout' }).click();
  await page.getByRole('heading', { level: 1, name: 'Checkout' }).waitFor();
  await page.getByRole('radio', { name: /^Collection/ }).check();
  await page.getByRole('radio', { name: 'At a later time' }).check();
  await page.getByRole('radio', { name: /^Cash on collection/ }).check();
  await page.getByRole('button', { name: /^Place order · £/ }).click();
  await page.waitForURL(/\/orders\/[0-9a-f-]{36}$/);
  const id = page.url().split('/').at(-1)!;
  await page.getByTestId('order-status').getByText('Placed').waitFor();
  return { order: await orderOf(url, customer, id), shopper };
}

describe('the order desk', () => {
  it('rings for an order placed in another browser, which is accepted, printed, made ready, and the customer’s page follows', async () => {
    const customer = await signInByApi(product.server);
    const { order: first, shopper } = await orderInBrowser(customer);

    const { page, context } = await openPage(product.browser, product.server.url, {
      viewport: VIEWPORTS.desktop,
    });
    // The browser's print dialog is outside our code: count its calls instead of opening it.
    await page.addInitScript(() => {
      const counted = window as unknown as { __serveryPrints: number; print: () => void };
      counted.__serveryPrints = 0;
      counted.print = () => {
        counted.__serveryPrints += 1;
      };
    });
    await signInToAdmin(page, product.server, DEMO_OWNER);
    await page.getByRole('link', { name: 'Order desk' }).first().click();
    await page.getByText('Live.').waitFor();
    const newColumn = page.getByRole('region', { name: /^New/ });
    await newColumn.getByRole('heading', { name: `#${first.number} · Collection` }).waitFor();
    await page.getByRole('button', { name: /^Start service/ }).click();
    await page.getByText('Service on:').waitFor();
    const chimes = () =>
      page.evaluate(() => (window as { __serveryChimes?: number }).__serveryChimes ?? 0);
    await expect.poll(chimes).toBeGreaterThanOrEqual(1);

    // A second order arrives while the board is open: it appears without a reload.
    const second = await placeOrder(customer);
    await newColumn.getByRole('heading', { name: `#${second.number} · Collection` }).waitFor();
    await page.getByText('2 new').waitFor();
    expect(await accessibilityViolations(page)).toEqual([]);
    await screenshot(page, 'desk-desktop');
    // A kitchen's tablet in landscape: the new orders across the top, their minutes in rows.
    await page.setViewportSize(TABLET);
    expect(await accessibilityViolations(page)).toEqual([]);
    await screenshot(page, 'desk-tablet');
    await page.setViewportSize(VIEWPORTS.desktop);

    // Accept the first in 15 minutes, then it is ready.
    const firstCard = page
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { name: `#${first.number} · Collection` }) });
    await firstCard.getByRole('button', { name: '15 min' }).click();
    const preparing = page.getByRole('region', { name: /^Accepted and preparing/ });
    await preparing.getByRole('heading', { name: `#${first.number} · Collection` }).waitFor();
    expect((await orderOf(product.server.url, customer, first.id)).status).toBe('accepted');

    // The kitchen prints the ticket; the second print says REPRINT. Allergens are flagged on
    // the card and the ticket (the demo's poppadoms contain milk and mustard).
    const prints = () =>
      page.evaluate(() => (window as { __serveryPrints?: number }).__serveryPrints ?? 0);
    await firstCard.getByText('Contains: milk, mustard').waitFor();
    await firstCard.getByRole('button', { name: 'Print ticket' }).click();
    await expect.poll(prints).toBe(1);
    const ticket = page.getByRole('region', {
      name: `Kitchen ticket for order ${first.number}`,
      includeHidden: true,
    });
    expect(await ticket.textContent()).toContain(`#${first.number}COLLECTION`);
    expect(await ticket.textContent()).toContain('Contains: milk, mustard');
    expect(await ticket.textContent()).not.toContain('REPRINT');
    await firstCard.getByRole('button', { name: 'Reprint ticket' }).click();
    await expect.poll(prints).toBe(2);
    await expect.poll(() => ticket.textContent()).toContain('REPRINT');
    await firstCard.getByText('Printed 2 times').waitFor();
    for (const [name, viewport] of Object.entries(VIEWPORTS)) {
      await page.setViewportSize(viewport);
      expect(await accessibilityViolations(page)).toEqual([]);
      await screenshot(page, `desk-detail-${name}`);
      // In print, the ticket is all there is on the page.
      await page.emulateMedia({ media: 'print' });
      expect(await ticket.isVisible()).toBe(true);
      expect(await page.getByTestId('ticket-reprint').isVisible()).toBe(true);
      expect(await page.getByRole('heading', { name: /^Order desk/ }).isVisible()).toBe(false);
      expect(await accessibilityViolations(page)).toEqual([]);
      await screenshot(page, `desk-ticket-print-${name}`);
      await page.emulateMedia({ media: 'screen' });
    }
    await page.setViewportSize(VIEWPORTS.desktop);
    // What the printer gets: one page, 80 mm wide (227 pt), as long as the ticket. (Playwright
    // prints with the emulated media, so print it is.)
    await page.emulateMedia({ media: 'print' });
    const pdf = (await page.pdf({ preferCSSPageSize: true })).toString('latin1');
    await page.emulateMedia({ media: 'screen' });
    const pages = [...pdf.matchAll(/MediaBox\s*\[0 0 ([\d.]+) ([\d.]+)\]/g)];
    expect(pages).toHaveLength(1);
    expect(Math.round(Number(pages[0]![1]))).toBe(227);
    await preparing.getByRole('button', { name: 'Ready' }).first().click();
    await page
      .getByRole('region', { name: /^Ready/ })
      .getByRole('heading', { name: `#${first.number} · Collection` })
      .waitFor();
    const followed = await orderOf(product.server.url, customer, first.id);
    expect(followed.status).toBe('ready');
    expect(followed.promised_at).not.toBeNull();
    // The customer's open page follows without a reload (it asks again every 15 s).
    await shopper.page
      .getByTestId('order-status')
      .getByText('Ready to collect')
      .waitFor({ timeout: 20_000 });
    await shopper.context.close();

    // A stray "Completed" on a tablet: the order leaves the board, and the bar at the bottom
    // takes it back (decision 65).
    await page.setViewportSize(TABLET);
    const readyColumn = page.getByRole('region', { name: /^Ready/ });
    await firstCard.getByRole('button', { name: 'Completed' }).click();
    await firstCard.waitFor({ state: 'detached' });
    const undo = page.getByRole('button', { name: `Undo #${first.number} completed` });
    await undo.waitFor();
    expect((await orderOf(product.server.url, customer, first.id)).status).toBe('completed');
    expect(await accessibilityViolations(page)).toEqual([]);
    await screenshot(page, 'desk-undo-tablet');
    await undo.click();
    await readyColumn.getByRole('heading', { name: `#${first.number} · Collection` }).waitFor();
    await undo.waitFor({ state: 'detached' });
    await page
      .getByRole('status')
      .filter({ hasText: `Order #${first.number} is back in Ready.` })
      .waitFor({ state: 'attached' });
    expect((await orderOf(product.server.url, customer, first.id)).status).toBe('ready');
    await screenshot(page, 'desk-undone-tablet');
    await page.setViewportSize(VIEWPORTS.desktop);

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

  it('keeps the undo of a stray "Completed" across a look at Bookings and a reload of the tablet', async () => {
    // Decision 71: the moves offered for undo live in the tab, for the person who made them.
    const url = product.server.url;
    const { page, context } = await openPage(product.browser, url, { viewport: TABLET });
    await signInToAdmin(page, product.server, DEMO_OWNER);
    const customer = await signInByApi(product.server);
    const placed = await placeOrder(customer);
    const moveTo = async (data: object) => {
      const moved = await page.request.post(`${url}/api/admin/orders/${placed.id}/status`, {
        data,
        headers: { origin: url },
      });
      expect(moved.status()).toBe(200);
    };
    await moveTo({ status: 'accepted', minutes: 15 });
    await moveTo({ status: 'ready' });
    await page.goto(`${url}/admin/desk`);
    const readyColumn = page.getByRole('region', { name: /^Ready/ });
    const heading = readyColumn.getByRole('heading', { name: `#${placed.number} · Collection` });
    await heading.waitFor();
    await readyColumn
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { name: `#${placed.number} · Collection` }) })
      .getByRole('button', { name: 'Completed' })
      .click();
    const undo = page.getByRole('button', { name: `Undo #${placed.number} completed` });
    await undo.waitFor();

    const sections = page.getByRole('navigation', { name: 'Staff sections' });
    await sections.getByRole('link', { name: 'Bookings' }).click();
    await page.getByRole('heading', { level: 1, name: /^Bookings/ }).waitFor();
    await sections.getByRole('link', { name: /^Order desk/ }).click();
    await undo.waitFor();
    await page.reload();
    await page.getByRole('heading', { level: 1, name: /^Order desk/ }).waitFor();
    await undo.waitFor();
    expect((await orderOf(url, customer, placed.id)).status).toBe('completed');
    expect(await accessibilityViolations(page)).toEqual([]);
    await screenshot(page, 'desk-undo-after-reload-tablet');
    await undo.click();
    await heading.waitFor();
    await undo.waitFor({ state: 'detached' });
    expect((await orderOf(url, customer, placed.id)).status).toBe('ready');
    // The board is left as found: the order handed over.
    await moveTo({ status: 'completed' });
    await context.close();
  });

  it('says the undo is done when it is tapped again after the answer to the first tap was lost', async () => {
    // Decision 78: the server makes the undo, but the tablet's network drops its answer.
    const url = product.server.url;
    const { page, context } = await openPage(product.browser, url, { viewport: TABLET });
    await signInToAdmin(page, product.server, DEMO_OWNER);
    const customer = await signInByApi(product.server);
    const placed = await placeOrder(customer);
    const moveTo = async (data: object) => {
      const moved = await page.request.post(`${url}/api/admin/orders/${placed.id}/status`, {
        data,
        headers: { origin: url },
      });
      expect(moved.status()).toBe(200);
    };
    await moveTo({ status: 'accepted', minutes: 15 });
    await moveTo({ status: 'ready' });
    await page.goto(`${url}/admin/desk`);
    const readyColumn = page.getByRole('region', { name: /^Ready/ });
    const heading = readyColumn.getByRole('heading', { name: `#${placed.number} · Collection` });
    await heading.waitFor();
    await readyColumn
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { name: `#${placed.number} · Collection` }) })
      .getByRole('button', { name: 'Completed' })
      .click();
    const undo = page.getByRole('button', { name: `Undo #${placed.number} completed` });
    await undo.waitFor();

    const undoPath = `${url}/api/admin/orders/${placed.id}/undo-move`;
    let reachedServer = 0;
    await page.route(undoPath, async (route) => {
      const answer = await route.fetch();
      if (answer.status() === 200) reachedServer += 1;
      await route.abort('failed');
    });
    await undo.click();
    const bar = page.getByRole('region', { name: 'Undo a move' });
    await bar
      .getByText('The server could not be reached. Check the connection and try again.')
      .waitFor();
    expect(reachedServer).toBe(1);
    expect((await orderOf(url, customer, placed.id)).status).toBe('ready');
    // The board follows the order live: it is back in Ready, and the bar still offers the undo.
    await heading.waitFor();
    await page.unroute(undoPath);
    await undo.click();
    await bar.getByText(`Undone. #${placed.number} is back in Ready.`).waitFor();
    await undo.waitFor({ state: 'detached' });
    expect((await orderOf(url, customer, placed.id)).status).toBe('ready');
    expect(await accessibilityViolations(page)).toEqual([]);
    await screenshot(page, 'desk-undo-retried-tablet');
    await bar.getByRole('button', { name: 'Dismiss' }).click();
    await bar.waitFor({ state: 'detached' });
    await moveTo({ status: 'completed' });
    await context.close();
  });

  it('opening the desk, its code is fetched before the session check, and no column says "Nothing here" before the orders are in', async () => {
    // docs/decisions/0027: the desk's chunk is asked for as the staff application starts, not
    // once the session is known; and the board waits for its list before drawing columns.
    const { page, context } = await openPage(product.browser, product.server.url, {
      viewport: VIEWPORTS.desktop,
    });
    await signInToAdmin(page, product.server, DEMO_OWNER);
    const customer = await signInByApi(product.server);
    const placed = await placeOrder(customer);
    try {
      const opened = await context.newPage();
      const asked: string[] = [];
      opened.on('request', (request) => asked.push(new URL(request.url()).pathname));
      // Every column the board draws, from its first frame: none may be empty while one is due.
      await opened.addInitScript(() => {
        const seen: string[] = [];
        Object.assign(window, { columnsSeen_: seen });
        new MutationObserver(() => {
          for (const section of document.querySelectorAll('main section')) {
            seen.push(section.textContent ?? '');
          }
        }).observe(document, { childList: true, subtree: true });
      });
      await opened.goto(`${product.server.url}/admin/desk`);
      await opened.getByRole('heading', { level: 1, name: /^Order desk/ }).waitFor();
      const newColumn = opened.getByRole('region', { name: /^New/ });
      await newColumn.getByRole('heading', { name: `#${placed.number} · Collection` }).waitFor();
      const columnsSeen = await opened.evaluate(
        () => (window as unknown as { columnsSeen_: string[] }).columnsSeen_,
      );
      const firstNew = columnsSeen.find((text) => text.startsWith('New'));
      expect(firstNew).not.toContain('Nothing here.');
      const desk = asked.findIndex((path) => /^\/assets\/desk-page-[\w-]+\.js$/.test(path));
      const session = asked.indexOf('/api/admin/session');
      expect(desk, asked.join('\n')).toBeGreaterThan(-1);
      expect(session, asked.join('\n')).toBeGreaterThan(desk);
    } finally {
      // The order leaves the New column, so the other test's counts hold whichever runs first.
      const rejected = await page.request.post(
        `${product.server.url}/api/admin/orders/${placed.id}/status`,
        {
          data: { status: 'rejected', reason: 'too_busy' },
          headers: { origin: product.server.url },
        },
      );
      expect(rejected.status()).toBe(200);
    }
    await context.close();
  });
});
