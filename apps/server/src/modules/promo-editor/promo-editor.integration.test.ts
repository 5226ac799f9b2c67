import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { AdminPromo } from '@servery/contract/shop-editor';
import { orders, promos } from '../../db/schema.ts';
import { openServiceShop, useServiceApp } from '../../../test/service-shop.ts';
import { signInCustomer } from '../../../test/sign-in.ts';
import { staffAgent } from '../../../test/staff.ts';

// Issue 28, point 5: the promotions editor, on the service clock (Tuesday 17 November 2026,
// noon in London); each test has a shop of its own.
const service = useServiceApp();

const welcome = (overrides: object = {}) => ({
  code: 'welcome5',
  description: '£5 off your first order',
  kind: 'fixed',
  value: 500,
  minimum_order: 1000,
  starts_at: null,
  ends_at: null,
  total_limit: null,
  per_customer_limit: 1,
  store_ids: [],
  first_order_only: false,
  public: true,
  ...overrides,
});

describe('the promotions editor', () => {
  it('creates a code that checkout honours at once, audited with its values', async () => {
    const shop = await openServiceShop(service.ctx);
    const created = await shop.admin('POST', '/api/admin/promos', welcome());
    expect(created.statusCode).toBe(201);
    const promo = created.json().data as AdminPromo;
    expect(promo).toMatchObject({ code: 'WELCOME5', state: 'active', uses: 0, version: 1 });
    expect(created.headers.etag).toBe('"1"');

    const listed = (await shop.admin('GET', '/api/admin/promos')).json().data as AdminPromo[];
    expect(listed.map((p) => p.code)).toEqual(['WELCOME5']);
    const placed = await shop.order([shop.naan(3), shop.curry()], { promo_code: 'welcome5' });
    expect(placed.statusCode).toBe(200);
    expect(placed.json().data.order).toMatchObject({ discount: 500 });
    const [audit] = await shop.auditRows('promo.create');
    expect(audit).toMatchObject({ entityId: promo.id, before: null });
    expect(audit!.after).toMatchObject({ code: 'WELCOME5', value: 500 });
  });

  it('keeps a code to its stores and to first orders', async () => {
    const shop = await openServiceShop(service.ctx);
    const stores = (await shop.admin('GET', '/api/admin/stores')).json().data as { id: string }[];
    const kioskId = stores.find((s) => s.id !== shop.storeId)!.id;
    await shop.admin(
      'POST',
      '/api/admin/promos',
      welcome({ code: 'KIOSK10', store_ids: [kioskId] }),
    );
    const elsewhere = await shop.order([shop.naan(3), shop.curry()], { promo_code: 'KIOSK10' });
    expect(elsewhere.statusCode).toBe(422);
    expect(elsewhere.json().errors.promo_code).toMatch(/KIOSK10 cannot be used at/);

    await shop.admin(
      'POST',
      '/api/admin/promos',
      welcome({ code: 'FIRST', first_order_only: true }),
    );
    const email = `first-${Date.now()}@example.com`;
    const { token } = await signInCustomer(service.ctx.app, service.ctx.db, shop.host, { email });
    const orderAs = (promo_code?: string) =>
      service.ctx.app.inject({
        method: 'POST',
        url: '/api/order',
        headers: { host: shop.host, authorization: `Bearer ${token}` },
        payload: {
          store_id: shop.storeId,
          order_type: 'collection',
          when: 'asap',
          lines: [shop.naan(3), shop.curry()],
          payment_method: 'cash',
          ...(promo_code ? { promo_code } : {}),
        },
      });
    expect((await orderAs()).statusCode).toBe(200);
    const second = await orderAs('FIRST');
    expect(second.statusCode).toBe(422);
    expect(second.json().errors.promo_code).toBe('FIRST is for a first order only.');
  });

  it('refuses a stale save with the current values, and a save without a version', async () => {
    const shop = await openServiceShop(service.ctx);
    const owner = await staffAgent(service.ctx.app, service.ctx.db, shop.shop, 'owner');
    const promo = (await shop.admin('POST', '/api/admin/promos', welcome())).json()
      .data as AdminPromo;

    const first = await shop.admin('PATCH', `/api/admin/promos/${promo.id}`, {
      description: 'Five pounds off',
      version: promo.version,
    });
    expect(first.statusCode).toBe(200);
    expect(first.json().data).toMatchObject({ description: 'Five pounds off', version: 2 });

    const stale = await service.ctx.app.inject({
      method: 'PATCH',
      url: `/api/admin/promos/${promo.id}`,
      headers: { ...owner.headers, 'if-match': `"${promo.version}"` },
      payload: { value: 700 },
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({
      status: 409,
      current: { description: 'Five pounds off', value: 500, version: 2 },
    });
    const missing = await shop.admin('PATCH', `/api/admin/promos/${promo.id}`, { value: 700 });
    expect(missing.statusCode).toBe(428);
    const [row] = await service.ctx.db.select().from(promos).where(eq(promos.id, promo.id));
    expect(row).toMatchObject({ value: 500, description: 'Five pounds off', version: 2 });
  });

  it('ends a code in use and keeps its history; nothing deletes it', async () => {
    const shop = await openServiceShop(service.ctx);
    const promo = (await shop.admin('POST', '/api/admin/promos', welcome())).json()
      .data as AdminPromo;
    const used = await shop.order([shop.naan(3), shop.curry()], { promo_code: 'WELCOME5' });
    const orderId = used.json().data.order.id as string;

    const ended = await shop.admin('PATCH', `/api/admin/promos/${promo.id}`, {
      ends_at: service.now().toISOString(),
      version: 1,
    });
    expect(ended.json()).toMatchObject({
      message: 'WELCOME5 has ended.',
      data: { state: 'ended', uses: 1 },
    });
    const late = await shop.order([shop.naan(3), shop.curry()], { promo_code: 'WELCOME5' });
    expect(late.json().errors.promo_code).toBe('WELCOME5 has expired.');
    expect((await shop.admin('DELETE', `/api/admin/promos/${promo.id}`)).statusCode).toBe(404);
    const [order] = await service.ctx.db
      .select({ promoId: orders.promoId, promoCode: orders.promoCode })
      .from(orders)
      .where(and(eq(orders.tenantId, shop.tenantId), eq(orders.id, orderId)));
    expect(order).toEqual({ promoId: promo.id, promoCode: 'WELCOME5' });
    expect((await shop.auditRows('promo.end')).length).toBe(1);
  });

  it('lets a manager limited to some stores make and change only their codes, and see every code of theirs', async () => {
    const shop = await openServiceShop(service.ctx);
    const limited = await staffAgent(service.ctx.app, service.ctx.db, shop.shop, 'manager', {
      stores: ['kiosk'],
    });
    const kioskId = (
      (await shop.get('/api/store')).json().data as { id: string; slug: string }[]
    ).find((s) => s.slug === 'kiosk')!.id;
    const everywhere = await shop.admin('POST', '/api/admin/promos', welcome(), limited);
    expect(everywhere.statusCode).toBe(400);
    expect(everywhere.json().errors).toEqual({ store_ids: 'Choose only stores you work in' });
    const kioskOwn = await shop.admin(
      'POST',
      '/api/admin/promos',
      welcome({ code: 'KIOSK1', store_ids: [kioskId] }),
      limited,
    );
    expect(kioskOwn.statusCode).toBe(201);
    // The owner's codes: one for every store (it applies at the kiosk too), one for main only.
    const shopWide = (await shop.admin('POST', '/api/admin/promos', welcome())).json()
      .data as AdminPromo;
    await shop.admin(
      'POST',
      '/api/admin/promos',
      welcome({ code: 'MAIN1', store_ids: [shop.storeId] }),
    );
    // Walk 2, item 11: he saw "No promo codes yet." while the shop-wide codes applied at his store.
    const seen = (await shop.admin('GET', '/api/admin/promos', undefined, limited)).json()
      .data as AdminPromo[];
    expect(seen.map((p) => [p.code, p.editable]).sort()).toEqual([
      ['KIOSK1', true],
      ['WELCOME5', false],
    ]);
    const patch = await shop.admin(
      'PATCH',
      `/api/admin/promos/${shopWide.id}`,
      { value: 100, version: 1 },
      limited,
    );
    expect(patch.statusCode).toBe(403);
    expect(patch.json().message).toBe(
      'WELCOME5 applies at stores you do not work in too: only someone who works in all of them may change it.',
    );
    const after = (await shop.admin('GET', '/api/admin/promos')).json().data as AdminPromo[];
    expect(after.find((p) => p.code === 'WELCOME5')!.value).toBe(500);
  });

  it('refuses bad codes with a 400 naming the field, and changes nothing', async () => {
    const shop = await openServiceShop(service.ctx);
    const cases: [object, string][] = [
      [welcome({ kind: 'percent', value: 150 }), 'value'],
      [welcome({ code: 'no spaces!' }), 'code'],
      [welcome({ starts_at: '2026-12-01T00:00:00Z', ends_at: '2026-11-01T00:00:00Z' }), 'ends_at'],
      [welcome({ store_ids: ['00000000-0000-4000-8000-000000000000'] }), 'store_ids.0'],
    ];
    for (const [body, field] of cases) {
      const res = await shop.admin('POST', '/api/admin/promos', body);
      expect(res.statusCode, field).toBe(400);
      expect(Object.keys(res.json().errors)).toContain(field);
    }
    expect((await shop.admin('POST', '/api/admin/promos', welcome())).statusCode).toBe(201);
    const twice = await shop.admin('POST', '/api/admin/promos', welcome());
    expect(twice.json()).toMatchObject({
      status: 400,
      errors: { code: 'WELCOME5 exists already' },
    });
    const rows = await service.ctx.db
      .select()
      .from(promos)
      .where(eq(promos.tenantId, shop.tenantId));
    expect(rows.map((r) => r.code)).toEqual(['WELCOME5']);
  });
});
