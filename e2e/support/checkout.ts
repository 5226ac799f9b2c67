import type { Browser, Page } from 'playwright-core';
import type { UserData } from '@servery/contract/auth';
import type { AvailableTimings, Order, OrderPage } from '@servery/contract/order';
import type { StoreSummary } from '@servery/contract/menu';
import { VIEWPORTS, openPage } from './browser.ts';

/** A signed-in customer's browser (userData as verify-otp answered it). */
export function openSignedIn(
  browser: Browser,
  url: string,
  userData: UserData,
  options: Parameters<typeof openPage>[2] = {},
) {
  return openPage(browser, url, {
    viewport: VIEWPORTS.desktop,
    ...options,
    storage: { ...options.storage, userData: JSON.stringify(userData) },
  });
}

/** Adds dishes from the menu list, as a customer does: `{ 'Onion bhajis': 2 }`. */
export async function fillCart(page: Page, url: string, dishes: Record<string, number>) {
  await page.goto(`${url}/menu`);
  await page.getByRole('heading', { level: 2, name: 'Starters' }).waitFor();
  const badge = page.getByTestId('cart-badge');
  let count = (await badge.count()) ? Number(await badge.textContent()) : 0;
  for (const [name, times] of Object.entries(dishes)) {
    for (let i = 0; i < times; i++) {
      await page.getByRole('button', { name: `Add ${name} to basket` }).click();
      count++;
      const expected = String(count);
      await page.waitForFunction(
        (n) => document.querySelector('[data-testid="cart-badge"]')?.textContent === n,
        expected,
      );
    }
  }
}

/** A customer call, as the browser would make it. */
export async function customerCall<T>(
  url: string,
  userData: UserData,
  path: string,
  init: RequestInit = {},
): Promise<{ status: number; body: { status: number; message: string; data: T } }> {
  const response = await fetch(`${url}/api${path}`, {
    ...init,
    headers: {
      authorization: `Bearer ${userData.token}`,
      'content-type': 'application/json',
      ...init.headers,
    },
  });
  return { status: response.status, body: (await response.json()) as never };
}

export const ordersOf = async (url: string, userData: UserData) =>
  (await customerCall<OrderPage>(url, userData, '/orders')).body.data;

export const orderOf = async (url: string, userData: UserData, id: string) =>
  (await customerCall<Order>(url, userData, `/orders/${id}`)).body.data;

export async function storeNamed(url: string, name: string): Promise<StoreSummary> {
  const answer = (await (await fetch(`${url}/api/store`)).json()) as { data: StoreSummary[] };
  return answer.data.find((store) => store.name === name)!;
}

export const timingsOf = async (
  url: string,
  userData: UserData,
  storeId: string,
  orderType: 'delivery' | 'collection',
) =>
  (
    await customerCall<AvailableTimings>(
      url,
      userData,
      `/available-timings?store_id=${storeId}&order_type=${orderType}`,
    )
  ).body.data;

/** The figures of the checkout's breakdown, as shown. */
export async function checkoutTotals(page: Page) {
  const text = async (id: string) =>
    (await page.getByTestId(id).count()) ? await page.getByTestId(id).textContent() : null;
  return {
    subtotal: await text('total-subtotal'),
    delivery: await text('total-delivery'),
    discount: await text('total-discount'),
    total: await text('total-total'),
    vat: await text('total-vat'),
  };
}

/** "£15.94" from 1594. */
export const pounds = (minor: number) =>
  `${minor < 0 ? '-' : ''}£${Math.floor(Math.abs(minor) / 100)}.${String(Math.abs(minor) % 100).padStart(2, '0')}`;

/** The id of a dish on a store's menu, by name. */
export async function dishId(url: string, storeId: string, name: string): Promise<string> {
  const menu = (await (await fetch(`${url}/api/menu/${storeId}`)).json()) as {
    data: { categories: { items: { id: string; name: string }[] }[] };
  };
  return menu.data.categories.flatMap((c) => c.items).find((item) => item.name === name)!.id;
}

/** A saved address made through the API, as the account page would. */
export async function saveAddress(
  url: string,
  userData: UserData,
  address: { address_line1: string; city: string; postcode: string; label?: string },
) {
  const answer = await customerCall<{ id: string }>(url, userData, '/customer-addresses', {
    method: 'POST',
    body: JSON.stringify(address),
  });
  if (answer.status !== 201) throw new Error(`address answered ${answer.status}`);
  return answer.body.data;
}
