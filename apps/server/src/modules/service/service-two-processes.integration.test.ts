import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import type { MenuItemDetail, StoreMenu, StoreSummary } from '@servery/contract/menu';
import type { AvailableTimings } from '@servery/contract/order';
import { buildApp } from '../../app.ts';
import { openDatabase, type DatabaseHandle } from '../../db/client.ts';
import { importTestTenant, makeCatalogueDocument } from '../../../test/factories.ts';
import { signIn } from '../../../test/sign-in.ts';
import { staffAgent } from '../../../test/staff.ts';
import { fixtureWebDist } from '../../../test/test-app.ts';
import {
  adminQuery,
  createTestDatabase,
  databaseUrl,
  onPostgres,
  runDatabaseName,
} from '../../../test/test-database.ts';

/**
 * Issue 15: a change made through one server process is seen by another within 2 seconds. On
 * PostgreSQL the two apps have pools and LISTEN connections of their own, as two processes do;
 * PGlite is one process's database (decision 3), so there the two apps share it.
 */
const clock = () => new Date('2026-11-17T12:00:00Z'); // Tuesday, open
let handles: DatabaseHandle[] = [];
let drop = async () => {};
let first: Awaited<ReturnType<typeof buildApp>>;
let second: Awaited<ReturnType<typeof buildApp>>;

beforeAll(async () => {
  if (onPostgres) {
    const name = runDatabaseName(inject('pgTemplate')!);
    await adminQuery(`create database ${name} template ${inject('pgTemplate')!}`);
    const url = databaseUrl(name);
    handles = [
      await openDatabase({ kind: 'postgres', url, poolSize: 5 }),
      await openDatabase({ kind: 'postgres', url, poolSize: 5 }),
    ];
    drop = async () => void (await adminQuery(`drop database if exists ${name} with (force)`));
  } else {
    const one = await createTestDatabase();
    handles = [one, one];
  }
  const build = (database: DatabaseHandle) =>
    buildApp({ database, webDistDir: fixtureWebDist, now: clock, messages: { deliver: false } });
  first = await build(handles[0]!);
  second = await build(handles[1]!);
});
afterAll(async () => {
  await second?.close();
  await first?.close();
  for (const handle of new Set(handles)) await handle.close();
  await drop();
});

/**
 * A catalogue shop of the test's own, its owner (the shop's switches need someone of every
 * store) and a customer: what one test hides, pauses or closes, no other test reads. `read` asks the second process (from its cache, warmed
 * before each change); `seenWithin2s` changes through the first, then waits until the second
 * shows it: under 2 s.
 */
async function openShop() {
  const shop = makeCatalogueDocument();
  const host = shop.hosts[0]!.host;
  await importTestTenant(handles[0]!.db, shop);
  const manager = await staffAgent(first, handles[0]!.db, shop, 'owner');
  const customer = (await signIn(first, handles[0]!.db, host, { email: 'two@example.com' })).token;
  const read = async (url: string): Promise<unknown> => {
    const res = await second.inject({
      method: 'GET',
      url,
      headers: { host, authorization: `Bearer ${customer}` },
    });
    return res.json().data;
  };
  const stores = (await read('/api/store')) as StoreSummary[];
  const storeId = stores.find((s) => s.slug === 'main')!.id;
  const menu = (await read(`/api/menu/${storeId}`)) as StoreMenu;
  const items = menu.categories.flatMap((c) => c.items);
  const naanId = items.find((i) => i.name === 'Garlic naan')!.id;
  const curryId = items.find((i) => i.name === 'Chicken tikka masala')!.id;

  async function seenWithin2s(
    change: {
      method: 'POST' | 'PUT' | 'PATCH' | 'DELETE';
      url: string;
      payload?: object;
      headers?: Record<string, string>;
    },
    url: string,
    shows: (data: never) => boolean,
  ) {
    expect(shows((await read(url)) as never), 'already true before the change').toBe(false);
    const res = await first.inject({
      method: change.method,
      url: change.url,
      headers: { ...manager.headers, ...change.headers },
      ...(change.payload ? { payload: change.payload } : {}),
    });
    expect(res.statusCode, res.body).toBeLessThan(300);
    const started = Date.now();
    while (!shows((await read(url)) as never)) {
      if (Date.now() - started > 2000) throw new Error(`${change.url}: not seen within 2 s`);
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    return Date.now() - started;
  }
  return { storeId, naanId, curryId, seenWithin2s, read, manager };
}

describe('a change on one process, seen on the other within 2 s', () => {
  const item = (menu: StoreMenu, id: string) =>
    menu.categories.flatMap((c) => c.items).find((i) => i.id === id);

  it('sold out: a dish, an option', async () => {
    const { storeId, naanId, curryId, seenWithin2s } = await openShop();
    await seenWithin2s(
      {
        method: 'POST',
        url: `/api/admin/items/${naanId}/availability`,
        payload: { sold_out: 'today' },
      },
      `/api/menu/${storeId}`,
      (menu: StoreMenu) => item(menu, naanId)?.sold_out === true,
    );
    await seenWithin2s(
      {
        method: 'POST',
        url: '/api/admin/options/mild/availability',
        payload: { sold_out: 'indefinitely' },
      },
      `/api/menu/item/${curryId}`,
      (dish: MenuItemDetail) =>
        dish.modifier_groups.flatMap((g) => g.options).find((o) => o.id === 'mild')?.sold_out ===
        true,
    );
  });

  it('a hidden dish, a new price', async () => {
    const { storeId, curryId, seenWithin2s } = await openShop();
    await seenWithin2s(
      {
        method: 'PATCH',
        url: `/api/admin/items/${curryId}`,
        payload: { price: 1195 },
        headers: { 'if-match': '"1"' },
      },
      `/api/menu/${storeId}`,
      (menu: StoreMenu) => item(menu, curryId)?.price === 1195,
    );
    await seenWithin2s(
      {
        method: 'POST',
        url: `/api/admin/items/${curryId}/availability`,
        payload: { hidden: true },
      },
      `/api/menu/${storeId}`,
      (menu: StoreMenu) => item(menu, curryId) === undefined,
    );
  });

  it('the menu editor: a new dish, a Shoreditch-style store price, a hidden category', async () => {
    const { storeId, seenWithin2s, manager } = await openShop();
    const editor = await first.inject({
      method: 'GET',
      url: `/api/admin/menu?store_id=${storeId}`,
      headers: manager.headers,
    });
    const curries = editor.json().data.categories[0] as { id: string };
    const names = (menu: StoreMenu) => menu.categories.flatMap((c) => c.items.map((i) => i.name));
    await seenWithin2s(
      {
        method: 'POST',
        url: '/api/admin/items',
        payload: {
          category_id: curries.id,
          name: 'Dal makhani',
          price: 895,
          vat_rate: 20,
          allergens: { contains: ['milk'], may_contain: [] },
          store_ids: [storeId],
        },
      },
      `/api/menu/${storeId}`,
      (menu: StoreMenu) => names(menu).includes('Dal makhani'),
    );
    await seenWithin2s(
      {
        method: 'PATCH',
        url: `/api/admin/categories/${curries.id}`,
        payload: { hidden: true },
        headers: { 'if-match': '"1"' },
      },
      `/api/menu/${storeId}`,
      (menu: StoreMenu) => !names(menu).includes('Dal makhani'),
    );
  });

  it('pause and resume, busy mode', async () => {
    const { storeId, seenWithin2s } = await openShop();
    const storeUrl = () => `/api/stores/${storeId}`;
    await seenWithin2s(
      {
        method: 'POST',
        url: `/api/admin/stores/${storeId}/pause`,
        payload: { order_types: ['delivery'], minutes: 20, message: 'No drivers' },
      },
      storeUrl(),
      (store: StoreSummary) => store.pause?.message === 'No drivers',
    );
    await seenWithin2s(
      { method: 'DELETE', url: `/api/admin/stores/${storeId}/pause` },
      storeUrl(),
      (store: StoreSummary) => store.pause === null,
    );
    await seenWithin2s(
      { method: 'POST', url: `/api/admin/stores/${storeId}/busy`, payload: { extra_minutes: 40 } },
      `/api/available-timings?store_id=${storeId}&order_type=collection`,
      (timings: AvailableTimings) => timings.asap.minutes === 25 + 40,
    );
  });

  it('opening hours, special days', async () => {
    const { storeId, seenWithin2s } = await openShop();
    await seenWithin2s(
      {
        method: 'PUT',
        url: `/api/admin/stores/${storeId}/hours`,
        payload: { hours: { tuesday: [{ opens: '09:00', closes: '23:00' }] } },
      },
      `/api/stores/${storeId}`,
      (store: StoreSummary) => store.opening_hours[1]!.hours === '9:00 AM - 11:00 PM',
    );
    await seenWithin2s(
      {
        method: 'PUT',
        url: `/api/admin/stores/${storeId}/special-days`,
        payload: { special_days: [{ date: '2026-11-17', closed: true }] },
      },
      `/api/stores/${storeId}`,
      (store: StoreSummary) => store.is_open_now === false,
    );
  });

  it('the shop switches', async () => {
    const { seenWithin2s } = await openShop();
    await seenWithin2s(
      { method: 'PATCH', url: '/api/admin/shop', payload: { IsShopClosed: 1 } },
      '/api/loadconfig',
      (config: { IsShopClosed: number }) => config.IsShopClosed === 1,
    );
  });
});
