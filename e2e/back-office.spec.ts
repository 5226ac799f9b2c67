import type { OrderCreated } from '@servery/contract/order';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  VIEWPORTS,
  accessibilityViolations,
  openPage,
  overflowsSideways,
  screenshot,
} from './support/browser.ts';
import { customerCall, storeNamed, timingsOf } from './support/checkout.ts';
import { useProduct } from './support/product.ts';
import { signInByApi, uniqueEmail } from './support/sign-in.ts';
import { DEMO_OWNER, signInToAdmin } from './support/staff.ts';

// Issue 29, "done when": a manager refunds one line of a card order (demo card provider) and
// the day's report and the customer's page both show it; on a 1024 px tablet.
const product = useProduct(() => ({ env: { LOG_LEVEL: 'info' } }));
const url = () => product.server.url;
const TABLET = { width: 1024, height: 768 };

async function clean(page: Page, what: string) {
  expect(await accessibilityViolations(page), what).toEqual([]);
  expect(await overflowsSideways(page), `${what} scrolls sideways`).toBe(false);
}

/** Two dishes of the menu with no required choice, and their names. */
async function twoDishes(storeId: string) {
  const menu = (await (await fetch(`${url()}/api/menu/${storeId}`)).json()) as {
    data: {
      categories: {
        items: { id: string; name: string; has_required_modifiers: boolean; sold_out: boolean }[];
      }[];
    };
  };
  return menu.data.categories
    .flatMap((c) => c.items)
    .filter((item) => !item.has_required_modifiers && !item.sold_out)
    .slice(0, 2);
}

/** A collection order paid by the demo card (held), which the owner then accepts (charged). */
async function cardOrder(owner: Page) {
  const email = uniqueEmail('refunded');
  const customer = await signInByApi(product.server, email);
  const store = await storeNamed(url(), 'Tandoor Lane Shoreditch');
  const timings = await timingsOf(url(), customer, store.id, 'collection');
  const at = timings.asap.available ? 'asap' : timings.days.flatMap((d) => d.slots)[0]!.at;
  const dishes = await twoDishes(store.id);
  const placed = await customerCall<OrderCreated>(url(), customer, '/order', {
    method: 'POST',
    body: JSON.stringify({
      store_id: store.id,
      order_type: 'collection',
      when: at,
      lines: dishes.map((d) => ({ item_id: d.id, quantity: 2, modifiers: [] })),
      payment_method: 'card',
    }),
  });
  expect(placed.status).toBe(200);
  const order = placed.body.data.order;
  const paid = await customerCall(url(), customer, `/payments/demo/${order.id}/confirm`, {
    method: 'POST',
    body: JSON.stringify({ card_number: '4242424242424242', expiry: '12/40', cvc: '123' }),
  });
  expect(paid.status).toBe(200);
  const accepted = await owner.evaluate(async (id) => {
    const res = await fetch(`/api/admin/orders/${id}/status`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ status: 'accepted', minutes: 20 }),
    });
    return res.status;
  }, order.id);
  expect(accepted).toBe(200);
  return { order, dish: dishes[0]!.name, email };
}

describe('the back office', () => {
  it('a manager refunds one dish of a card order; the day’s report and the customer’s page show it', async () => {
    const owner = await openPage(product.browser, url(), { viewport: TABLET });
    await signInToAdmin(owner.page, product.server, DEMO_OWNER);
    const managerEmail = uniqueEmail('manager');
    await owner.page.getByRole('link', { name: 'Staff', exact: true }).first().click();
    await owner.page.getByRole('button', { name: 'Invite someone' }).click();
    await owner.page.getByLabel('E-mail address').fill(managerEmail);
    await owner.page.getByLabel('Name').fill('Mo Manager');
    await owner.page.getByRole('radio', { name: /^Manager/ }).check();
    await owner.page.getByRole('checkbox', { name: 'Tandoor Lane Shoreditch' }).check();
    await owner.page.getByRole('button', { name: 'Invite and e-mail them' }).click();
    await owner.page
      .getByText('Mo Manager has been added and e-mailed where to sign in.')
      .waitFor();
    const { order, dish, email } = await cardOrder(owner.page);

    const { page } = await openPage(product.browser, url(), { viewport: TABLET });
    await signInToAdmin(page, product.server, managerEmail);
    const nav = page.getByRole('navigation', { name: 'Staff sections' });
    await nav.getByRole('link', { name: 'Reports' }).click();
    const refundsBefore = await page.getByTestId('figure-refunds').textContent();
    expect(refundsBefore).toBe('£0.00');

    await nav.getByRole('link', { name: 'Orders' }).click();
    await page.getByLabel('Number, name, phone, e-mail or postcode').fill(String(order.number));
    await page.getByRole('link', { name: new RegExp(`#${order.number}`) }).click();
    await page.getByRole('heading', { name: `Order #${order.number}` }).waitFor();
    const line = page.getByRole('group', { name: new RegExp(`^2 × ${dish}`) });
    const worth = (await line.evaluate((el) => el.closest('li')!.textContent)) ?? '';
    const lineTotal = Number(/£(\d+\.\d\d)/.exec(worth)![1]);
    const half = `£${(lineTotal / 2).toFixed(2)}`;
    await line.getByRole('button', { name: `Refund one more ${dish}` }).click();
    await page.getByLabel('Reason (the customer is told the amount)').fill('One was missing');
    await clean(page, '/admin/orders/:id with the refund form');
    await screenshot(page, 'admin-order-refund-tablet');
    await page.getByRole('button', { name: `Refund ${half}` }).click();
    const dialog = page.getByRole('dialog', { name: `Give back ${half} to the card?` });
    await dialog.getByRole('button', { name: `Yes, refund ${half}` }).click();
    await page.getByText('Refund made: the customer has been told.').waitFor();
    await page.getByTestId('order-refunds').getByText(`1 × ${dish}`).waitFor();
    // The dish's other one is all that is left to refund: the stepper stops at it.
    await page.getByText('1 refunded already, 1 left').waitFor();
    const rest = page.getByRole('group', { name: new RegExp(`^2 × ${dish}`) });
    const more = rest.getByRole('button', { name: `Refund one more ${dish}` });
    await more.click();
    expect(await rest.getByRole('status').textContent()).toBe('1');
    expect(await more.getAttribute('aria-disabled')).toBe('true');
    await screenshot(page, 'admin-order-refunded-line-tablet');
    // On a phone the ways to refund and each dish's − and + wrap inside the screen.
    await page.setViewportSize(VIEWPORTS.mobile);
    await screenshot(page, 'admin-order-refunded-line-phone');
    await clean(page, '/admin/orders/:id with the refund form at 375 px');
    await page.setViewportSize(TABLET);

    await nav.getByRole('link', { name: 'Reports' }).click();
    await expect.poll(() => page.getByTestId('figure-refunds').textContent()).toBe(half);

    await nav.getByRole('link', { name: 'Customers' }).click();
    await page.getByLabel('Name, e-mail or phone').fill(email);
    await page.getByRole('link', { name: new RegExp(email) }).click();
    await page
      .getByTestId('customer-orders')
      .getByText(new RegExp(`refunded ${half.replace('.', '\\.')}`))
      .waitFor();

    // The owner reads it in the audit log by the order's number and the staff member's name.
    await owner.page.getByRole('link', { name: 'Audit log' }).first().click();
    await owner.page.getByText(`order refunded · #${order.number}`).waitFor();
    await owner.page.getByText('staff invited · Mo Manager').waitFor();
    await clean(owner.page, '/admin/audit');
    await screenshot(owner.page, 'admin-audit-tablet');
  });

  it('prints the Z report on the 80 mm roll under the production Content-Security-Policy', async () => {
    // Walk 2 finding 3: an inline <style> for the page size was blocked, so it printed on Letter.
    const { page } = await openPage(product.browser, url(), { viewport: TABLET });
    const blocked: string[] = [];
    page.on('console', (m) => {
      if (/Content Security Policy/.test(m.text())) blocked.push(m.text());
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
    await page.goto(`${url()}/admin/reports`);
    await page.getByTestId('figure-net').waitFor();
    await page.getByRole('button', { name: 'Print Z report (80 mm)' }).click();
    await expect
      .poll(() =>
        page.evaluate(() => (window as unknown as { __serveryPrints: number }).__serveryPrints),
      )
      .toBe(1);
    await page.emulateMedia({ media: 'print' });
    const pdf = (await page.pdf({ preferCSSPageSize: true })).toString('latin1');
    await page.emulateMedia({ media: 'screen' });
    const pages = [...pdf.matchAll(/MediaBox\s*\[0 0 ([\d.]+) ([\d.]+)\]/g)];
    // One page, 80 mm wide (227 pt), as long as the report.
    expect(pages).toHaveLength(1);
    expect(Math.round(Number(pages[0]![1]))).toBe(227);
    expect(blocked).toEqual([]);
  });

  it('Orders, Reports and Customers are axe clean at 1024 px and 1280 px', async () => {
    for (const [name, viewport] of [
      ['tablet', TABLET],
      ['desktop', VIEWPORTS.desktop],
    ] as const) {
      const { page } = await openPage(product.browser, url(), { viewport });
      await signInToAdmin(page, product.server, DEMO_OWNER);
      // Every section an owner may open is in sight, none past the screen's right edge.
      const links = page.getByRole('navigation', { name: 'Staff sections' }).getByRole('link');
      const rightEdges = await links.evaluateAll((all) =>
        all.map((a) => Math.round(a.getBoundingClientRect().right)),
      );
      expect(rightEdges.length).toBeGreaterThan(10);
      expect(Math.max(...rightEdges)).toBeLessThanOrEqual(viewport.width);
      for (const section of ['orders', 'reports', 'customers']) {
        await page.goto(`${url()}/admin/${section}`);
        await page.getByRole('heading', { level: 1 }).first().waitFor();
        await page
          .getByRole('status')
          .first()
          .waitFor({ state: 'detached' })
          .catch(() => {});
        await page.waitForLoadState('networkidle');
        await clean(page, `/admin/${section} at ${viewport.width} px`);
        await screenshot(page, `admin-${section}-${name}`);
      }
    }
  });
});
