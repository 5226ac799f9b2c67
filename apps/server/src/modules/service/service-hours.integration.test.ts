import { describe, expect, it } from 'vitest';
import type { StoreSummary } from '@servery/contract/menu';
import { daily, openServiceShop, useServiceApp } from '../../../test/service-shop.ts';

// Issue 15: every service control through the API, on a clock the test sets; each test has a
// shop of its own (openServiceShop).
const service = useServiceApp();

describe('opening hours and special days', () => {
  it('refuses overlapping ranges field by field', async () => {
    const { storeId, admin } = await openServiceShop(service.ctx);
    const res = await admin('PUT', `/api/admin/stores/${storeId}/hours`, {
      hours: {
        monday: [
          { opens: '11:00', closes: '15:00' },
          { opens: '14:30', closes: '22:00' },
        ],
        friday: [{ opens: '18:00', closes: '03:00' }],
        saturday: [{ opens: '02:00', closes: '10:00' }],
      },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      status: 400,
      errors: {
        'hours.monday.1': 'Overlaps Monday 11:00 AM – 3:00 PM',
        'hours.saturday.0': 'Overlaps Friday 6:00 PM – 3:00 AM',
      },
    });
  });

  it('saves several ranges a day and ranges past midnight', async () => {
    const { storeId, get, admin } = await openServiceShop(service.ctx);
    const hours = {
      monday: [daily],
      tuesday: [
        { opens: '11:30', closes: '14:30' },
        { opens: '17:00', closes: '01:00' },
      ],
      wednesday: [daily],
      thursday: [daily],
      friday: [daily],
      saturday: [daily],
      sunday: [daily],
    };
    const res = await admin('PUT', `/api/admin/stores/${storeId}/hours`, { hours });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.hours.tuesday).toEqual(hours.tuesday);
    const store = (await get(`/api/stores/${storeId}`)).json().data as StoreSummary;
    expect(store.opening_hours[1]).toEqual({
      day: 'Tuesday',
      hours: '11:30 AM - 2:30 PM, 5:00 PM - 1:00 AM',
    });
    service.setClock('2026-11-17T15:00:00Z'); // between the two ranges
    expect(((await get(`/api/stores/${storeId}`)).json().data as StoreSummary).is_open_now).toBe(
      false,
    );
    service.setClock('2026-11-18T00:30:00Z'); // Tuesday's late range, past midnight
    expect(((await get(`/api/stores/${storeId}`)).json().data as StoreSummary).is_open_now).toBe(
      true,
    );
    service.setClock('2026-11-17T12:00:00Z');
  });

  it('a special closed day removes its slots and refuses orders; other hours apply', async () => {
    const { storeId, admin, order, naan, timings } = await openServiceShop(service.ctx);
    const res = await admin('PUT', `/api/admin/stores/${storeId}/special-days`, {
      special_days: [
        { date: '2026-11-17', closed: true },
        { date: '2026-11-19', closed: false, hours: [{ opens: '16:00', closes: '20:00' }] },
        { date: '2026-11-01', closed: true },
      ],
    });
    expect(res.statusCode).toBe(200);
    // A day already past is dropped.
    expect(res.json().data.special_days.map((d: { date: string }) => d.date)).toEqual([
      '2026-11-17',
      '2026-11-19',
    ]);
    const t = await timings();
    expect(t.asap.available).toBe(false);
    expect(t.days.map((d) => d.date)).not.toContain('2026-11-17');
    const thursday = t.days.find((d) => d.date === '2026-11-19')!;
    expect(thursday.slots[0]!.label).toBe('4:30 PM');
    expect(thursday.slots.at(-1)!.label).toBe('8:00 PM');
    const refused = await order([naan()]);
    expect(refused.statusCode).toBe(422);
    expect(Object.keys(refused.json().errors)).toEqual(['when']);
    const scheduled = await order([naan()], { when: thursday.slots[0]!.at });
    expect(scheduled.statusCode).toBe(200);

    const dup = await admin('PUT', `/api/admin/stores/${storeId}/special-days`, {
      special_days: [
        { date: '2026-12-25', closed: true },
        { date: '2026-12-25', closed: false, hours: [daily] },
      ],
    });
    expect(dup.statusCode).toBe(400);
    expect(dup.json().errors).toHaveProperty(['special_days.1.date']);
    await admin('PUT', `/api/admin/stores/${storeId}/special-days`, { special_days: [] });
    expect((await timings()).asap.available).toBe(true);
  });

  it('ranges that touch are one opening: the slot right after the join is offered and taken', async () => {
    const { storeId, admin, order, naan, timings } = await openServiceShop(service.ctx);
    // Tuesday lunch to 15:00 and dinner from 15:00 to midnight; Wednesday from midnight to 02:00
    // and a special Thursday whose two ranges meet at 18:00.
    const hours = {
      tuesday: [
        { opens: '11:00', closes: '15:00' },
        { opens: '15:00', closes: '00:00' },
      ],
      wednesday: [{ opens: '00:00', closes: '02:00' }],
    };
    expect((await admin('PUT', `/api/admin/stores/${storeId}/hours`, { hours })).statusCode).toBe(
      200,
    );
    const special = await admin('PUT', `/api/admin/stores/${storeId}/special-days`, {
      special_days: [
        {
          date: '2026-11-19',
          closed: false,
          hours: [
            { opens: '12:00', closes: '18:00' },
            { opens: '18:00', closes: '21:00' },
          ],
        },
      ],
    });
    expect(special.statusCode).toBe(200);
    // Tuesday 12:00; the store prepares in 25 minutes.
    const t = await timings();
    const slotsOn = (date: string) => t.days.find((d) => d.date === date)!.slots;
    const labels = (date: string) => slotsOn(date).map((s) => s.label);
    expect(labels('2026-11-17')).toEqual(expect.arrayContaining(['3:00 PM', '3:15 PM', '3:30 PM']));
    expect(labels('2026-11-17').at(-1)).toBe('11:45 PM');
    expect(labels('2026-11-18').slice(0, 2)).toEqual(['12:00 AM', '12:15 AM']);
    expect(labels('2026-11-19')).toEqual(expect.arrayContaining(['6:00 PM', '6:15 PM']));
    // Each one quarter hour after the one before, from lunch to 02:00 on Wednesday.
    const night = [...slotsOn('2026-11-17'), ...slotsOn('2026-11-18')].map((s) => Date.parse(s.at));
    expect(night.slice(1).every((at, i) => at - night[i]! === 15 * 60_000)).toBe(true);

    const afterJoin = slotsOn('2026-11-17').find((s) => s.label === '3:15 PM')!;
    const placed = await order([naan()], { when: afterJoin.at });
    expect(placed.statusCode).toBe(200);
    expect(placed.json().data.order.scheduled_for).toBe('2026-11-17T15:15:00.000Z');
    const pastMidnight = slotsOn('2026-11-18').find((s) => s.label === '12:15 AM')!;
    expect((await order([naan()], { when: pastMidnight.at })).statusCode).toBe(200);
    const special18 = slotsOn('2026-11-19').find((s) => s.label === '6:15 PM')!;
    expect((await order([naan()], { when: special18.at })).statusCode).toBe(200);
  });
});
