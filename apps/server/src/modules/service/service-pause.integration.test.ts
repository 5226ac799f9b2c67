import { describe, expect, it } from 'vitest';
import type { StoreSummary } from '@servery/contract/menu';
import type { AvailableTimings } from '@servery/contract/order';
import type { ServiceStore } from '@servery/contract/service';
import { openServiceShop, useServiceApp } from '../../../test/service-shop.ts';

// Issue 15: every service control through the API, on a clock the test sets; each test has a
// shop of its own (openServiceShop).
const service = useServiceApp();

describe('pause, busy', () => {
  it('pauses one order type with the shop message, and resumes by itself', async () => {
    const { storeId, get, admin, order, naan, timings } = await openServiceShop(service.ctx);
    const res = await admin('POST', `/api/admin/stores/${storeId}/pause`, {
      order_types: ['collection'],
      minutes: 30,
      message: 'Kitchen is swamped, back at half past',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.pause).toEqual({
      order_types: ['collection'],
      until: '2026-11-17T12:30:00.000Z',
      message: 'Kitchen is swamped, back at half past',
    });
    const store = (await get(`/api/stores/${storeId}`)).json().data as StoreSummary;
    expect(store.pause?.message).toBe('Kitchen is swamped, back at half past');
    expect((await timings('collection')).paused).toEqual({
      message: 'Kitchen is swamped, back at half past',
      until: '2026-11-17T12:30:00.000Z',
    });
    expect((await timings('collection')).asap.available).toBe(false);
    expect((await timings('delivery')).paused).toBeNull();
    const refused = await order([naan()]);
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({
      message: 'Kitchen is swamped, back at half past',
      errors: { order_type: 'Kitchen is swamped, back at half past' },
    });

    service.setClock('2026-11-17T12:30:00Z');
    expect((await timings('collection')).paused).toBeNull();
    expect((await order([naan()])).statusCode).toBe(200);
    service.setClock('2026-11-17T12:00:00Z');
  });

  it('resumes at once with DELETE, and takes `until` too', async () => {
    const { storeId, admin, auditRows, timings } = await openServiceShop(service.ctx);
    await admin('POST', `/api/admin/stores/${storeId}/pause`, {
      order_types: ['collection', 'delivery'],
      until: '2026-11-17T15:00:00Z',
    });
    const paused = (await timings('delivery')).paused;
    expect(paused?.message).toBe(
      'We are not taking orders right now. Please try again a little later.',
    );
    const resumed = await admin('DELETE', `/api/admin/stores/${storeId}/pause`);
    expect(resumed.json().data.pause).toBeNull();
    expect((await timings('collection')).paused).toBeNull();
    const both = await admin('POST', `/api/admin/stores/${storeId}/pause`, {
      order_types: ['collection'],
      minutes: 5,
      until: '2026-11-17T15:00:00Z',
    });
    expect(both.statusCode).toBe(400);
    const past = await admin('POST', `/api/admin/stores/${storeId}/pause`, {
      order_types: ['collection'],
      until: '2026-11-17T11:00:00Z',
    });
    expect(past.json()).toMatchObject({ status: 400, errors: { until: expect.any(String) } });
    // Its one pause (the two refused changed nothing) and its resume.
    expect(await auditRows('store.pause')).toHaveLength(1);
    expect(await auditRows('store.resume')).toHaveLength(1);
  });

  it('busy mode moves ASAP and the first slot by the extra minutes, until closing', async () => {
    const { storeId, cook, admin, auditRows, timings } = await openServiceShop(service.ctx);
    const calm = await timings();
    const res = await admin('POST', `/api/admin/stores/${storeId}/busy`, { extra_minutes: 30 });
    expect(res.statusCode).toBe(200);
    // Open 11:00 to 22:00 (London is on GMT in November): busy until tonight's closing.
    expect(res.json().data).toMatchObject({
      busy_extra_minutes: 30,
      busy_until: '2026-11-17T22:00:00.000Z',
    });
    const busy = await timings();
    expect(busy.asap.minutes).toBe(calm.asap.minutes! + 30);
    const first = (t: AvailableTimings) => new Date(t.days[0]!.slots[0]!.at).getTime();
    expect(first(busy) - first(calm)).toBe(30 * 60_000);
    const [row] = await auditRows('store.busy');
    expect(row!.after).toEqual({ busy_extra_minutes: 30, busy_until: '2026-11-17T22:00:00.000Z' });

    // At closing the Service screen shows it off; the next day's lunch is not slowed down,
    // though nobody set it back.
    service.setClock('2026-11-17T22:00:00Z');
    const stores = (await admin('GET', '/api/admin/stores')).json().data as ServiceStore[];
    expect(stores.find((s) => s.id === storeId)).toMatchObject({
      busy_extra_minutes: 0,
      busy_until: null,
    });
    service.setClock('2026-11-18T11:30:00Z');
    expect((await timings()).asap.minutes).toBe(calm.asap.minutes);
    service.setClock('2026-11-17T12:00:00Z');

    // Ended by hand.
    const off = await admin('POST', `/api/admin/stores/${storeId}/busy`, { extra_minutes: 0 });
    expect(off.json().data).toMatchObject({ busy_extra_minutes: 0, busy_until: null });
    expect((await timings()).asap.minutes).toBe(calm.asap.minutes);
    // Staff run the desk, not the service controls.
    const cookTry = await admin(
      'POST',
      `/api/admin/stores/${storeId}/busy`,
      { extra_minutes: 5 },
      cook,
    );
    expect(cookTry.statusCode).toBe(403);
  });

  it('busy mode for chosen minutes or until a time; a bad end is refused and changes nothing', async () => {
    const { storeId, admin, auditRows, timings } = await openServiceShop(service.ctx);
    const calm = await timings();
    const hour = await admin('POST', `/api/admin/stores/${storeId}/busy`, {
      extra_minutes: 20,
      minutes: 60,
    });
    expect(hour.json().data.busy_until).toBe('2026-11-17T13:00:00.000Z');
    service.setClock('2026-11-17T12:59:00Z');
    expect((await timings()).asap.minutes).toBe(calm.asap.minutes! + 20);
    service.setClock('2026-11-17T13:00:00Z');
    expect((await timings()).asap.minutes).toBe(calm.asap.minutes);
    service.setClock('2026-11-17T12:00:00Z');

    const until = await admin('POST', `/api/admin/stores/${storeId}/busy`, {
      extra_minutes: 10,
      until: '2026-11-17T14:30:00Z',
    });
    expect(until.json().data).toMatchObject({
      busy_extra_minutes: 10,
      busy_until: '2026-11-17T14:30:00.000Z',
    });
    const refusals = [
      { extra_minutes: 10, until: '2026-11-17T11:00:00Z' },
      { extra_minutes: 10, until: '2026-11-19T12:00:00Z' },
      { extra_minutes: 10, minutes: 30, until: '2026-11-17T14:00:00Z' },
      { extra_minutes: 10, minutes: 0 },
    ];
    for (const body of refusals) {
      const refused = await admin('POST', `/api/admin/stores/${storeId}/busy`, body);
      expect(refused.statusCode).toBe(400);
      expect(Object.keys(refused.json().errors)).toEqual([
        'until' in body && !('minutes' in body) ? 'until' : 'minutes',
      ]);
    }
    // The refused ones changed nothing: still +10 until 2:30 PM.
    expect((await timings()).asap.minutes).toBe(calm.asap.minutes! + 10);
    expect(await auditRows('store.busy')).toHaveLength(2);
  });
});

describe('last orders (walk item 28)', () => {
  it('names the last moment the checkout takes an order, busy mode included', async () => {
    const { storeId, get, admin, order, naan, timings } = await openServiceShop(service.ctx);
    const store = async () => (await get(`/api/stores/${storeId}`)).json().data as StoreSummary;
    // Open 11:00 to 22:00: last orders are closing less the kitchen's time.
    const { last_order_at: last, preparation_minutes: cooking } = await store();
    expect(last).toBe(
      new Date(Date.parse('2026-11-17T22:00:00Z') - cooking * 60_000).toISOString(),
    );

    service.setClock(last!);
    expect((await timings()).asap.available).toBe(true);
    expect((await order([naan()])).statusCode).toBe(200);
    service.setClock(new Date(Date.parse(last!) + 60_000).toISOString());
    expect((await timings()).asap.available).toBe(false);
    expect((await order([naan()])).json()).toMatchObject({
      status: 422,
      errors: { when: expect.stringContaining('too soon for a new order') },
    });

    // Busy +20 until closing: last orders 20 minutes sooner, as the checkout takes them.
    service.setClock('2026-11-17T12:00:00Z');
    await admin('POST', `/api/admin/stores/${storeId}/busy`, { extra_minutes: 20 });
    const busyLast = (await store()).last_order_at!;
    expect(Date.parse(last!) - Date.parse(busyLast)).toBe(20 * 60_000);
    service.setClock(busyLast);
    expect((await timings()).asap.available).toBe(true);
    service.setClock(new Date(Date.parse(busyLast) + 60_000).toISOString());
    expect((await timings()).asap.available).toBe(false);

    // Closed: no last orders.
    service.setClock('2026-11-17T22:00:00Z');
    expect((await store()).last_order_at).toBeNull();
  });
});
