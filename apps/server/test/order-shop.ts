import { randomInt, randomUUID } from 'node:crypto';
import type { StoreMenu, StoreSummary } from '@servery/contract/menu';
import type { TenantDocumentInput } from '@servery/contract/tenant-document';
import { importTestTenant, makeCatalogueDocument } from './factories.ts';
import { signIn } from './sign-in.ts';
import type { createTestApp } from './test-app.ts';

type TestContext = Awaited<ReturnType<typeof createTestApp>>;
type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
type PromoInput = NonNullable<TenantDocumentInput['promos']>[number];

/**
 * A catalogue shop of its own (factories.makeCatalogueDocument) with the promos a test asks
 * for, and customers made on demand: a test that opens one shares no order, number, promo use
 * or customer with any other test, whatever order they run in.
 */
export async function openOrderShop(ctx: TestContext, promos: PromoInput[] = []) {
  const doc = makeCatalogueDocument();
  doc.promos = promos;
  await importTestTenant(ctx.db, doc);
  const host = doc.hosts[0]!.host;
  const tenant = await ctx.db.query.tenants.findFirst({
    where: (t, { eq }) => eq(t.slug, doc.slug),
  });

  const call = (method: Method, url: string, payload?: object, as = '', headers = {}) =>
    ctx.app.inject({
      method,
      url,
      headers: { host, ...(as ? { authorization: `Bearer ${as}` } : {}), ...headers },
      ...(payload ? { payload } : {}),
    });

  const stores = (await call('GET', '/api/store')).json().data as StoreSummary[];
  const storeId = stores.find((s) => s.slug === 'main')!.id;
  const kioskId = stores.find((s) => s.slug === 'kiosk')!.id;
  const menu = (await call('GET', `/api/menu/${storeId}`)).json().data as StoreMenu;
  const dish: Record<string, string> = {};
  for (const item of menu.categories.flatMap((c) => c.items)) dish[item.name] = item.id;
  const hidden = await ctx.db.query.menuItems.findFirst({
    where: (t, { and, eq }) => and(eq(t.slug, 'winter-special'), eq(t.tenantId, tenant!.id)),
  });
  dish['Winter special'] = hidden!.id;

  /**
   * A signed-in customer of this shop: their e-mail address and bearer token. Their profile has a
   * first name and a phone, as a delivery needs (orders/delivery-contact.ts).
   */
  const customer = async (name = 'ada') => {
    const email = `${name}-${randomUUID().slice(0, 8)}@example.com`;
    const { token } = await signIn(ctx.app, ctx.db, host, { email });
    const phone = `077009${String(randomInt(0, 1e5)).padStart(5, '0')}`;
    const profile = await call('POST', '/api/customer', { first_name: name, phone }, token);
    if (profile.statusCode !== 200) throw new Error(`profile: ${profile.body}`);
    return { email, token };
  };

  const curry = (quantity = 1, extras: string[] = []) => ({
    item_id: dish['Chicken tikka masala']!,
    quantity,
    modifiers: [
      { group_id: 'spice', option_ids: ['hot'] },
      { group_id: 'extras', option_ids: extras },
    ],
  });
  const naan = (quantity = 1) => ({ item_id: dish['Garlic naan']!, quantity, modifiers: [] });
  /** A cash collection order, ASAP, for a curry and two naans (£18.95). */
  const collection = (overrides: object = {}) => ({
    store_id: storeId,
    order_type: 'collection',
    when: 'asap',
    lines: [curry(), naan(2)],
    payment_method: 'cash',
    ...overrides,
  });

  return {
    doc,
    host,
    tenantId: tenant!.id,
    storeId,
    kioskId,
    dish,
    call,
    customer,
    curry,
    naan,
    collection,
  };
}

export type OrderShop = Awaited<ReturnType<typeof openOrderShop>>;

/** A delivery address in the body the API takes (E1 by default, in the shop's zone). */
export const address = (postcode = 'e1 6an') => ({
  label: 'Home',
  address_line1: '12 Fournier Street',
  city: 'London',
  postcode,
});

/** The promos the order tests use; each test opens a shop with the ones it needs. */
export const promoCodes = {
  welcome10: { code: 'WELCOME10', description: '10% off', kind: 'percent', value: 10 },
  big5: {
    code: 'BIG5',
    description: '£5 off £30',
    kind: 'fixed',
    value: 500,
    minimumOrder: 3000,
  },
  old: {
    code: 'OLD',
    description: 'Expired',
    kind: 'fixed',
    value: 100,
    endsAt: '2026-01-01T00:00:00Z',
  },
  once: {
    code: 'ONCE',
    description: 'One use in all',
    kind: 'fixed',
    value: 100,
    totalLimit: 1,
    public: false,
  },
} satisfies Record<string, PromoInput>;
