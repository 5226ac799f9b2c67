import { describe, expect, it } from 'vitest';
import type { DeskOrder, KitchenTicket } from '@servery/contract/desk';
import type { AvailableTimings } from '@servery/contract/order';
import { openServiceShop, useServiceApp } from '../../../test/service-shop.ts';

// Issue 28, point 6: a zone's own minutes on the road count in the delivery times offered (ASAP
// and the slots) and in the time POST /api/order promises, not only in the postcode check.
const service = useServiceApp();
const NOON = new Date('2026-11-17T12:00:00Z').getTime();
const minutesAfterNoon = (iso: string | null | undefined) =>
  iso ? (new Date(iso).getTime() - NOON) / 60_000 : null;

async function farZoneShop() {
  const shop = await openServiceShop(service.ctx);
  // The store's own 20 minutes for E1; its sector E1 6 is 50 minutes away (30 more).
  const zones = await shop.admin('PUT', `/api/admin/stores/${shop.storeId}/zones`, {
    zones: [
      { area: 'E1', fee: 250, minimum_order: 1500, travel_minutes: null },
      { area: 'E1 6', fee: 250, minimum_order: 1500, travel_minutes: 50 },
    ],
    version: 1,
  });
  expect(zones.statusCode, zones.body).toBe(200);
  const timings = async (postcode?: string) => {
    const query = new URLSearchParams({ store_id: shop.storeId, order_type: 'delivery' });
    if (postcode) query.set('postcode', postcode);
    return shop.get(`/api/available-timings?${query}`);
  };
  const offered = async (postcode?: string) => {
    const data = (await timings(postcode)).json().data as AvailableTimings;
    return { asap: data.asap.minutes, first: minutesAfterNoon(data.days[0]?.slots[0]?.at) };
  };
  return { ...shop, timings, offered };
}

/** The customer's details and an address in the far sector E1 6: a delivery's order fields. */
async function farAddress(shop: Awaited<ReturnType<typeof farZoneShop>>) {
  const call = (url: string, payload: object) =>
    service.ctx.app.inject({
      method: 'POST',
      url,
      headers: { host: shop.host, authorization: `Bearer ${shop.customer}` },
      payload,
    });
  expect((await call('/api/customer', { first_name: 'Cy', phone: '07700900321' })).statusCode).toBe(
    200,
  );
  const address = await call('/api/customer-addresses', {
    address_line1: '12 Fournier Street',
    city: 'London',
    postcode: 'E1 6AN',
  });
  return { order_type: 'delivery', address_id: address.json().data.id };
}

describe('a zone’s minutes on the road', () => {
  it('push the ASAP estimate and the earliest slot offered for its postcodes only', async () => {
    const shop = await farZoneShop();
    const store = await shop.offered();
    const near = await shop.offered('E1 7AA');
    const far = await shop.offered('e1 6an');
    expect(near).toEqual(store);
    expect(far.asap).toBe(store.asap! + 30);
    // Slots are on the quarter hour: the earliest moves by 30 minutes, give or take the grid.
    expect(far.first! - store.first!).toBeGreaterThanOrEqual(30);
    expect(far.first! - store.first!).toBeLessThan(45);
    expect(far.first!).toBeGreaterThanOrEqual(far.asap!);
    // Collection has no ride, wherever the customer lives.
    const collection = await shop.get(
      `/api/available-timings?store_id=${shop.storeId}&order_type=collection&postcode=E1%206AN`,
    );
    expect((collection.json().data as AvailableTimings).asap.minutes).toBe(store.asap! - 20);
    const bad = await shop.timings('nowhere');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual({ postcode: 'Enter a full UK postcode, such as E1 6RL.' });
  });

  it('the order promises the far zone’s time, and refuses a slot only the near zones get', async () => {
    const shop = await farZoneShop();
    const delivery = await farAddress(shop);
    const lines = [shop.curry(), shop.naan(2)];
    const asap = await shop.order(lines, delivery);
    expect(asap.statusCode, asap.body).toBe(200);
    const far = await shop.offered('E1 6AN');
    expect(minutesAfterNoon(asap.json().data.order.scheduled_for)).toBe(far.asap);

    // The first slot a nearer postcode is offered is too soon for E1 6.
    const near = (await shop.timings('E1 7AA')).json().data as AvailableTimings;
    const tooSoon = await shop.order(lines, { ...delivery, when: near.days[0]!.slots[0]!.at });
    expect(tooSoon.statusCode).toBe(422);
    expect(tooSoon.json().errors).toEqual({
      when: 'That time is no longer available. Please choose another.',
    });
    const offered = (await shop.timings('E1 6AN')).json().data as AvailableTimings;
    const inTime = await shop.order(lines, { ...delivery, when: offered.days[0]!.slots[0]!.at });
    expect(inTime.statusCode, inTime.body).toBe(200);
  });

  it('is told to the desk, so the kitchen reads when the food must leave', async () => {
    const shop = await farZoneShop();
    const delivery = await shop.order([shop.curry(), shop.naan(2)], await farAddress(shop));
    const collection = await shop.order([shop.naan()]);
    expect(delivery.statusCode, delivery.body).toBe(200);
    const ids = [delivery, collection].map((res) => res.json().data.order.id as string);
    const listed = await shop.admin('GET', `/api/admin/orders?ids=${ids.join(',')}`);
    const rideOf = (id: string) =>
      (listed.json().data.orders as DeskOrder[]).find((o) => o.id === id)?.ride_minutes;
    // The sector's 50 minutes on the road; a collection has none.
    expect([rideOf(ids[0]!), rideOf(ids[1]!)]).toEqual([50, null]);

    // Accepted at noon with 60 minutes in the kitchen: at the door at 1:50, leaving at 1:00.
    const accepted = await shop.admin('POST', `/api/admin/orders/${ids[0]}/status`, {
      status: 'accepted',
      minutes: 60,
    });
    const order = accepted.json().data as DeskOrder;
    expect(minutesAfterNoon(order.promised_at)).toBe(110);
    expect(order.ride_minutes).toBe(50);
    const ticket = await shop.admin('POST', `/api/admin/orders/${ids[0]}/print`);
    expect((ticket.json().data as KitchenTicket).order.ride_minutes).toBe(50);
    const detail = await shop.admin('GET', `/api/admin/orders/${ids[0]}`);
    expect((detail.json().data as DeskOrder).ride_minutes).toBe(50);
  });
});
