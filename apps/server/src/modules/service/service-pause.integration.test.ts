import { describe, expect, it } from 'vitest';
import type { StoreSummary } from '@servery/contract/menu';
import type { AvailableTimings } from '@servery/contract/order';
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

  it('busy mode moves ASAP and the first slot by the extra minutes', async () => {
    const { storeId, cook, admin, timings } = await openServiceShop(service.ctx);
    const calm = await timings();
    const res = await admin('POST', `/api/admin/stores/${storeId}/busy`, { extra_minutes: 30 });
    expect(res.json().data.busy_extra_minutes).toBe(30);
    const busy = await timings();
    expect(busy.asap.minutes).toBe(calm.asap.minutes! + 30);
    const first = (t: AvailableTimings) => new Date(t.days[0]!.slots[0]!.at).getTime();
    expect(first(busy) - first(calm)).toBe(30 * 60_000);
    await admin('POST', `/api/admin/stores/${storeId}/busy`, { extra_minutes: 0 });
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
});
