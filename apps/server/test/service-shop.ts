import { and, count, eq } from 'drizzle-orm';
import type { StoreMenu, StoreSummary } from '@servery/contract/menu';
import type { AvailableTimings } from '@servery/contract/order';
import type { TenantDocumentInput } from '@servery/contract/tenant-document';
import { auditLog, orders } from '../src/db/schema.ts';
import { findTenantBySlug } from '../src/modules/tenants/tenants.repository.ts';
import { importTestTenant, makeCatalogueDocument } from './factories.ts';
import { signInCustomer } from './sign-in.ts';
import { staffAgent, type StaffAgent } from './staff.ts';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { createTestApp } from './test-app.ts';

type TestContext = Awaited<ReturnType<typeof createTestApp>>;

/** The clock the service tests set by hand; it starts on Tuesday 17 November 2026, 12:00. */
export function serviceClock() {
  let current = new Date('2026-11-17T12:00:00Z'); // Tuesday, open 11:00 to 22:00 in London
  return {
    now: () => new Date(current),
    setClock: (iso: string) => void (current = new Date(iso)),
  };
}

/**
 * A test file's app on the service clock, set back to Tuesday noon before each test; `ctx` is
 * there once the file's tests run.
 */
export function useServiceApp() {
  const clock = serviceClock();
  let ctx: TestContext | undefined;
  beforeAll(async () => {
    ctx = await createTestApp({ now: clock.now });
  });
  beforeEach(() => clock.setClock('2026-11-17T12:00:00Z'));
  afterAll(() => ctx?.close());
  return {
    ...clock,
    get ctx() {
      return ctx!;
    },
  };
}

export const daily = { opens: '11:00', closes: '22:00' };

/**
 * A catalogue shop of the test's own, open 11:00 to 22:00 every day, with its manager (both
 * stores), a cook (the main store) and a signed-in customer, and the calls the service tests
 * make: what one test sells out, pauses or closes, no other test sees.
 */
export async function openServiceShop(ctx: TestContext) {
  const base = makeCatalogueDocument();
  const shop: TenantDocumentInput = {
    ...base,
    stores: base.stores.map((store, i) =>
      i === 0
        ? {
            ...store,
            openingHours: Object.fromEntries(
              ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'].map(
                (day) => [day, [daily]],
              ),
            ),
          }
        : store,
    ),
  };
  const host = shop.hosts[0]!.host;
  await importTestTenant(ctx.db, shop);
  const tenantId = (await findTenantBySlug(ctx.db, shop.slug))!.id;
  const manager = await staffAgent(ctx.app, ctx.db, shop, 'manager', { stores: ['main', 'kiosk'] });
  const cook = await staffAgent(ctx.app, ctx.db, shop, 'staff', { stores: ['main'] });
  const customer = (await signInCustomer(ctx.app, ctx.db, host, { email: 'diner@example.com' }))
    .token;

  const get = (url: string) =>
    ctx.app.inject({ method: 'GET', url, headers: { host, authorization: `Bearer ${customer}` } });
  const stores = (await get('/api/store')).json().data as StoreSummary[];
  const storeId = stores.find((s) => s.slug === 'main')!.id;
  const dish: Record<string, string> = {};
  const menu = (await get(`/api/menu/${storeId}`)).json().data as StoreMenu;
  for (const item of menu.categories.flatMap((c) => c.items)) dish[item.name] = item.id;

  const admin = (
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    url: string,
    payload?: object,
    agent: StaffAgent = manager,
  ) => ctx.app.inject({ method, url, headers: agent.headers, ...(payload ? { payload } : {}) });
  const menuItem = async (name: string) =>
    ((await get(`/api/menu/${storeId}`)).json().data as StoreMenu).categories
      .flatMap((c) => c.items)
      .find((i) => i.name === name);
  const order = (lines: object[], overrides: object = {}) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/order',
      headers: { host, authorization: `Bearer ${customer}` },
      payload: {
        store_id: storeId,
        order_type: 'collection',
        when: 'asap',
        lines,
        payment_method: 'cash',
        ...overrides,
      },
    });
  const naan = (quantity = 3) => ({ item_id: dish['Garlic naan']!, quantity, modifiers: [] });
  const curry = (extras: string[] = []) => ({
    item_id: dish['Chicken tikka masala']!,
    quantity: 1,
    modifiers: [
      { group_id: 'spice', option_ids: ['hot'] },
      { group_id: 'extras', option_ids: extras },
    ],
  });
  const orderCount = async () =>
    (await ctx.db.select({ n: count() }).from(orders).where(eq(orders.tenantId, tenantId)))[0]!.n;
  const auditRows = (action: string) =>
    ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.tenantId, tenantId), eq(auditLog.action, action)));
  const timings = async (type = 'collection') =>
    (await get(`/api/available-timings?store_id=${storeId}&order_type=${type}`)).json()
      .data as AvailableTimings;

  return {
    shop,
    host,
    tenantId,
    storeId,
    dish,
    customer,
    manager,
    cook,
    get,
    admin,
    menuItem,
    order,
    naan,
    curry,
    orderCount,
    auditRows,
    timings,
  };
}
