import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { API_RESPONSES } from '@servery/contract/api-responses';
import { unnamedFields } from '../../test/answer-fields.ts';
import { useDiaryShop } from '../../test/diary-shop.ts';
import { openServiceShop, useServiceApp } from '../../test/service-shop.ts';

// Issue 32: one type per answer. Real answers from a shop with a menu, orders and bookings,
// each the shape of its schema in the contract: it parses, and it sends no field the schema
// does not name, so the web's type (read from the schema) knows every field. The menus and
// stores are sent as cached JSON, which the serializer never checks; the fuzz in
// api-contract.integration.test.ts checks what random requests reach.
const service = useServiceApp();
const diary = useDiaryShop();

/** What is wrong with `res` as the answer of `key`: an empty list when it is the schema's. */
function problems(key: string, res: LightMyRequestResponse): string[] {
  const documented = API_RESPONSES[key];
  if (!documented) return [`${key}: not in API_RESPONSES`];
  if (res.statusCode !== documented.status) {
    return [`${key}: ${res.statusCode} ${res.body.slice(0, 200)}`];
  }
  const answer: unknown = res.json();
  const parsed = documented.schema.safeParse(answer);
  if (!parsed.success) return [`${key}: ${parsed.error.message.slice(0, 300)}`];
  return unnamedFields(documented.schema, answer).map((field) => `${key}: ${field} unnamed`);
}

describe('answers with data in them', () => {
  it("are their schemas' shape: the storefront's", async () => {
    const shop = await openServiceShop(service.ctx);
    const { get, storeId, dish } = shop;
    const customer = (method: 'POST' | 'PUT', url: string, payload: object) =>
      service.ctx.app.inject({
        method,
        url,
        headers: { host: shop.host, authorization: `Bearer ${shop.customer}` },
        payload,
      });
    const found = [
      ...problems('GET /api/store', await get('/api/store')),
      ...problems('GET /api/stores/:id', await get(`/api/stores/${storeId}`)),
      ...problems('GET /api/menu/:id', await get(`/api/menu/${storeId}`)),
      ...problems(
        'GET /api/menu/item/:id',
        await get(`/api/menu/item/${dish['Chicken tikka masala']}`),
      ),
      ...problems('GET /api/loadconfig', await get('/api/loadconfig')),
      ...problems('GET /api/home', await get('/api/home')),
      ...problems('GET /api/customer', await get('/api/customer')),
      ...problems('GET /api/customer/referral', await get('/api/customer/referral')),
      ...problems(
        'POST /api/customer-addresses',
        await customer('POST', '/api/customer-addresses', {
          label: 'Home',
          address_line1: '12 Fournier Street',
          city: 'London',
          postcode: 'E1 6AN',
        }),
      ),
      ...problems('GET /api/customer-addresses', await get('/api/customer-addresses')),
    ];
    const placed = await shop.order([shop.curry(['cashew']), shop.naan(2)]);
    found.push(...problems('POST /api/order', placed));
    const id = (placed.json().data as { order: { id: string } }).order.id;
    found.push(...problems('GET /api/orders/:id', await get(`/api/orders/${id}`)));
    found.push(...problems('GET /api/orders', await get('/api/orders')));
    found.push(...problems('GET /api/customer/export', await get('/api/customer/export')));
    expect(found).toEqual([]);
  });

  it("are their schemas' shape: the desk's, the service controls' and the editors'", async () => {
    const shop = await openServiceShop(service.ctx);
    const { admin, storeId, dish } = shop;
    const placed = await shop.order([shop.curry(['cashew']), shop.naan(2)]);
    const id = (placed.json().data as { order: { id: string } }).order.id;
    const accepted = await admin('POST', `/api/admin/orders/${id}/status`, {
      status: 'accepted',
      minutes: 20,
    });
    const promo = await admin('POST', '/api/admin/promos', {
      code: 'welcome5',
      description: '£5 off',
      kind: 'fixed',
      value: 500,
      minimum_order: 1000,
      starts_at: null,
      ends_at: '2026-12-31T23:00:00Z',
      total_limit: null,
      per_customer_limit: 1,
      store_ids: [],
      first_order_only: false,
      public: true,
    });
    await admin('POST', `/api/admin/orders/${id}/status`, { status: 'preparing' });
    const undone = await admin('POST', `/api/admin/orders/${id}/undo-move`, {
      status: 'preparing',
    });
    expect(undone.statusCode).toBe(200);
    const found = [
      ...problems('POST /api/admin/orders/:id/status', accepted),
      ...problems('POST /api/admin/orders/:id/undo-move', undone),
      ...problems(
        'POST /api/admin/orders/:id/print',
        await admin('POST', `/api/admin/orders/${id}/print`),
      ),
      ...problems('GET /api/admin/orders', await admin('GET', '/api/admin/orders')),
      ...problems('GET /api/admin/orders/:id', await admin('GET', `/api/admin/orders/${id}`)),
      ...problems('GET /api/admin/customers', await admin('GET', '/api/admin/customers')),
      ...problems(
        'POST /api/admin/items/:id/availability',
        await admin('POST', `/api/admin/items/${dish['Garlic naan']}/availability`, {
          sold_out: 'today',
        }),
      ),
      ...problems(
        'POST /api/admin/options/:id/availability',
        await admin('POST', '/api/admin/options/cashew/availability', { sold_out: 'today' }),
      ),
      ...problems(
        'POST /api/admin/stores/:id/pause',
        await admin('POST', `/api/admin/stores/${storeId}/pause`, {
          order_types: ['collection'],
          minutes: 30,
          message: 'Back at half past',
        }),
      ),
      ...problems('GET /api/admin/stores', await admin('GET', '/api/admin/stores')),
      ...problems(
        'GET /api/admin/stores/:id/menu',
        await admin('GET', `/api/admin/stores/${storeId}/menu`),
      ),
      ...problems('GET /api/admin/shop', await admin('GET', '/api/admin/shop')),
      ...problems('POST /api/admin/promos', promo),
      ...problems('GET /api/admin/promos', await admin('GET', '/api/admin/promos')),
      ...problems('GET /api/promos', await shop.get('/api/promos')),
      ...problems(
        'GET /api/admin/stores/:id/zones',
        await admin('GET', `/api/admin/stores/${storeId}/zones`),
      ),
      ...problems(
        'GET /api/admin/stores/:id/zones/preview',
        await admin('GET', `/api/admin/stores/${storeId}/zones/preview?postcode=E1%206AN`),
      ),
      ...problems(
        'GET /api/admin/stores/:id/automation',
        await admin('GET', `/api/admin/stores/${storeId}/automation`),
      ),
      ...problems('GET /api/admin/menu', await admin('GET', '/api/admin/menu')),
    ];
    expect(found).toEqual([]);
  });

  it("are their schemas' shape: the bookings diary's and the guest's", async () => {
    const date = '2027-03-27';
    const online = await diary.bookOnline(date, '07:00 PM', '4');
    const request = await diary.bookOnline(date, '07:30 PM', '10+', 'party@example.com');
    expect([online.statusCode, request.statusCode]).toEqual([200, 200]);
    const phone = await diary.phoneBooking(diary.waiter, {
      date,
      time: '08:00 PM',
      number_of_people: 5,
    });
    const bookingId = (phone.json().data as { id: string }).id;
    const get = (url: string) =>
      diary.ctx.app.inject({ method: 'GET', url, headers: { host: diary.host } });
    const found = [
      ...problems('POST /api/admin/bookings', phone),
      ...problems(
        'POST /api/admin/bookings/:id/status',
        await diary.move(diary.waiter, bookingId, { status: 'cancelled', reason: 'Rang off' }),
      ),
      ...problems(
        'POST /api/admin/closeouts',
        await diary.admin(diary.manager, 'POST', '/api/admin/closeouts', {
          date,
          time: '12:00 PM',
          reason: 'Private party',
        }),
      ),
      ...problems(
        'GET /api/admin/bookings',
        await diary.admin(diary.waiter, 'GET', `/api/admin/bookings?date=${date}`),
      ),
      ...problems(
        'GET /api/reservation/timings',
        await get(`/api/reservation/timings?date=${date}`),
      ),
    ];
    expect(found).toEqual([]);
  });
});
