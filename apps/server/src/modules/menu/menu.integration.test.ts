import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MenuItemDetail, StoreMenu, StoreSummary } from '@servery/contract/menu';
import {
  importTestTenant,
  makeCatalogueDocument,
  makeTenantDocument,
} from '../../../test/factories.ts';
import { testClock } from '../../../test/sign-in.ts';
import { createTestApp } from '../../../test/test-app.ts';

let ctx: Awaited<ReturnType<typeof createTestApp>>;
// Tuesday 17 November 2026, 12:00 in London.
const clock = testClock('2026-11-17T12:00:00Z');
const shop = makeCatalogueDocument();
const other = makeCatalogueDocument();
const host = shop.hosts[0]!.host;

beforeAll(async () => {
  ctx = await createTestApp({ now: clock.now });
  await importTestTenant(ctx.db, shop);
  await importTestTenant(ctx.db, other);
});
afterAll(() => ctx.close());

const get = (url: string, onHost = host, headers: Record<string, string> = {}) =>
  ctx.app.inject({ method: 'GET', url, headers: { host: onHost, ...headers } });
const storesOf = async (onHost = host) =>
  (await get('/api/store', onHost)).json().data as StoreSummary[];
const mainStore = async (onHost = host) => (await storesOf(onHost)).find((s) => s.slug === 'main')!;

describe('GET /api/store and /api/stores/{id}', () => {
  it('lists the stores with hours, order types, zones and open-now state', async () => {
    const stores = await storesOf();
    expect(stores.map((s) => s.slug)).toEqual(['main', 'kiosk']);
    const main = stores[0]!;
    expect(main).toMatchObject({
      name: 'Main Store',
      postcode: 'E1 1AA',
      is_closed: false,
      is_open_now: true,
      status_text: 'Closes at 10:00 PM',
      // Closing less the 25 minutes' cooking: the checkout's last order (walk item 28).
      last_order_at: '2026-11-17T21:35:00.000Z',
      order_types: ['delivery', 'collection'],
      preparation_minutes: 25,
      minimum_order: 500,
      delivery_zones: [{ district: 'E1', fee: 250, minimum_order: 1500 }],
    });
    expect(main.opening_hours[0]).toEqual({ day: 'Monday', hours: '11:00 AM - 10:00 PM' });
    expect(main.opening_hours[6]).toEqual({ day: 'Sunday', hours: 'Closed' });
    expect(stores[1]).toMatchObject({
      is_closed: true,
      is_open_now: false,
      status_text: 'Temporarily closed',
      last_order_at: null,
      menu_id: null,
    });
  });

  it('closes every store while the shop’s closed switch is on, whatever the hours', async () => {
    const closedShop = makeCatalogueDocument();
    closedShop.config = { ...closedShop.config, IsShopClosed: 1 };
    await importTestTenant(ctx.db, closedShop);
    const closedHost = closedShop.hosts[0]!.host;
    // Tuesday 12:00: the main store's hours have it open.
    for (const store of await storesOf(closedHost)) {
      expect(store).toMatchObject({
        is_closed: true,
        is_open_now: false,
        status_text: 'Temporarily closed',
      });
    }
    const main = await mainStore(closedHost);
    expect((await get(`/api/stores/${main.id}`, closedHost)).json().message).toBe(
      'Main Store is closed right now.',
    );
    // The switch is the shop's own: the open shop beside it is untouched.
    expect(await mainStore()).toMatchObject({ is_closed: false, is_open_now: true });
  });

  it('answers one store with a message the storefront shows', async () => {
    const main = await mainStore();
    const one = await get(`/api/stores/${main.id}`);
    expect(one.statusCode).toBe(200);
    expect(one.json()).toEqual({
      status: 200,
      message: 'You are ordering from Main Store.',
      data: main,
    });
    clock.advance(11 * 60 * 60_000); // 23:00: closed until Wednesday 11:00.
    expect((await get(`/api/stores/${main.id}`)).json().message).toBe(
      'Main Store is closed right now. Opens tomorrow at 11:00 AM.',
    );
    clock.advance(-11 * 60 * 60_000);
  });

  it('answers 404 for an unknown id and for another shop’s store', async () => {
    const theirs = await mainStore(other.hosts[0]!.host);
    for (const id of [theirs.id, '00000000-0000-0000-0000-000000000000', 'nope']) {
      const answer = await get(`/api/stores/${id}`);
      expect(answer.statusCode).toBe(404);
      expect(answer.json()).toEqual({
        status: 404,
        message: 'We could not find that store.',
        data: null,
      });
    }
  });
});

describe('GET /api/menu/{store id}', () => {
  it('lists categories in order with their visible dishes; hidden dishes and empty categories go', async () => {
    const main = await mainStore();
    const answer = await get(`/api/menu/${main.id}`);
    expect(answer.statusCode).toBe(200);
    const menu = answer.json().data as StoreMenu;
    expect(menu.name).toBe('Main menu');
    expect(menu.categories.map((c) => [c.slug, c.items.map((i) => i.name)])).toEqual([
      ['curries', ['Chicken tikka masala']],
      ['breads', ['Garlic naan']],
      ['drinks', ['Mango lassi']],
    ]);
    const curry = menu.categories[0]!.items[0]!;
    expect(curry).toEqual({
      id: expect.any(String),
      name: 'Chicken tikka masala',
      description: 'Chargrilled chicken in a creamy tomato sauce',
      price: 1095,
      image: 'dish.svg',
      kcal: 820,
      allergens: { contains: ['milk'], may_contain: ['nuts'] },
      dietary: ['halal'],
      sold_out: false,
      has_modifiers: true,
      has_required_modifiers: true,
    });
    expect(menu.categories[2]!.items[0]).toMatchObject({ sold_out: true, has_modifiers: false });
  });

  it('answers 304 to a client that has the same menu, with an ETag', async () => {
    const main = await mainStore();
    const first = await get(`/api/menu/${main.id}`);
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^".+"$/);
    const again = await get(`/api/menu/${main.id}`, host, { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });

  it('answers 404 for another shop’s store, an unknown id and a store without a menu', async () => {
    const theirs = await mainStore(other.hosts[0]!.host);
    expect((await get(`/api/menu/${theirs.id}`)).statusCode).toBe(404);
    expect((await get('/api/menu/123')).json()).toEqual({
      status: 404,
      message: 'We could not find that store.',
      data: null,
    });
    const kiosk = (await storesOf()).find((s) => s.slug === 'kiosk')!;
    expect((await get(`/api/menu/${kiosk.id}`)).json()).toEqual({
      status: 404,
      message: 'Kiosk has no menu yet.',
      data: null,
    });
  });

  it('shows a new catalogue after an import, and dishes keep their ids', async () => {
    const main = await mainStore();
    const before = (await get(`/api/menu/${main.id}`)).json().data as StoreMenu;
    const naanId = before.categories[1]!.items[0]!.id;
    const changed = structuredClone(shop);
    changed.items![1]!.price = 375;
    changed.items![2]!.soldOut = false;
    await importTestTenant(ctx.db, changed);
    // The import announces the change (NOTIFY); answers are then built from the new rows.
    const naan = async () =>
      ((await get(`/api/menu/${main.id}`)).json().data as StoreMenu).categories[1]!.items[0]!;
    await expect.poll(async () => (await naan()).price).toBe(375);
    const after = (await get(`/api/menu/${main.id}`)).json().data as StoreMenu;
    expect(after.categories[1]!.items[0]!.id).toBe(naanId);
    expect(after.categories[2]!.items[0]!.sold_out).toBe(false);
    await importTestTenant(ctx.db, shop);
    await expect.poll(async () => (await naan()).price).toBe(350);
  });
});

describe('GET /api/menu/item/{id}', () => {
  const itemId = async (name: string) => {
    const main = await mainStore();
    const menu = (await get(`/api/menu/${main.id}`)).json().data as StoreMenu;
    return menu.categories.flatMap((c) => c.items).find((i) => i.name === name)!.id;
  };

  it('gives the dish with its choices and each option’s allergens', async () => {
    const answer = await get(`/api/menu/item/${await itemId('Chicken tikka masala')}`);
    expect(answer.statusCode).toBe(200);
    const item = answer.json().data as MenuItemDetail;
    expect(item).toMatchObject({
      vat_rate: 20,
      allergens: { contains: ['milk'], may_contain: ['nuts'] },
    });
    expect(item.modifier_groups).toEqual([
      {
        id: 'spice',
        name: 'Spice level',
        min: 1,
        max: 1,
        required: true,
        options: [
          {
            id: 'mild',
            name: 'Mild',
            price_delta: 0,
            allergens: { contains: [], may_contain: [] },
            sold_out: false,
          },
          {
            id: 'hot',
            name: 'Hot',
            price_delta: 0,
            allergens: { contains: [], may_contain: [] },
            sold_out: false,
          },
        ],
      },
      {
        id: 'extras',
        name: 'Extras',
        min: 0,
        max: 2,
        required: false,
        options: [
          {
            id: 'cashew',
            name: 'Cashew sauce',
            price_delta: 100,
            allergens: { contains: ['nuts'], may_contain: [] },
            sold_out: false,
          },
          {
            id: 'paneer',
            name: 'Paneer',
            price_delta: 150,
            allergens: { contains: [], may_contain: [] },
            sold_out: true,
          },
        ],
      },
    ]);
  });

  it('never shows a hidden dish, another shop’s dish or an unknown id', async () => {
    const exported = await get('/api/store', other.hosts[0]!.host);
    const theirMain = (exported.json().data as StoreSummary[])[0]!;
    const theirMenu = (await get(`/api/menu/${theirMain.id}`, other.hosts[0]!.host)).json()
      .data as StoreMenu;
    const theirDish = theirMenu.categories[0]!.items[0]!.id;
    expect((await get(`/api/menu/item/${theirDish}`)).statusCode).toBe(404);
    expect((await get('/api/menu/item/not-an-id')).json()).toEqual({
      status: 404,
      message: 'We could not find that dish.',
      data: null,
    });
    const rows = await ctx.db.query.menuItems.findMany();
    const hidden = rows.find((r) => r.slug === 'winter-special' && r.hidden)!;
    expect((await get(`/api/menu/item/${hidden.id}`)).statusCode).toBe(404);
  });
});

describe('a shop without a catalogue', () => {
  it('still lists its stores, each without a menu', async () => {
    const plain = makeTenantDocument();
    await importTestTenant(ctx.db, plain);
    const stores = await storesOf(plain.hosts[0]!.host);
    expect(stores).toHaveLength(1);
    expect(stores[0]!.menu_id).toBeNull();
    expect(stores[0]!.order_types).toEqual(['collection']);
  });
});
