import { describe, expect, it } from 'vitest';
import { availableTimings, isOfferedSlot, type TimingStore } from './timings.ts';

const LONDON = 'Europe/London';
const store: TimingStore = {
  id: 's1',
  isClosed: false,
  preparationMinutes: 20,
  deliveryMinutes: 25,
  busyExtraMinutes: 0,
  busyUntil: null,
  orderTypes: ['delivery', 'collection'],
  // Every day 17:00 to 23:00, and Saturday night until 01:00.
  hours: [1, 2, 3, 4, 5, 7]
    .map((weekday) => ({ weekday, opens: '17:00', closes: '23:00' }))
    .concat([{ weekday: 6, opens: '17:00', closes: '01:00' }]),
};

const labels = (timings: ReturnType<typeof availableTimings>, day = 0) =>
  timings.days[day]!.slots.map((s) => s.label);

describe('available timings', () => {
  it('collection: ready from opening plus preparation, every 15 minutes, until closing', () => {
    // Tuesday 17 November 2026, 12:00 GMT: closed now, so no ASAP.
    const t = availableTimings(
      store,
      'collection',
      new Date('2026-11-17T12:00:00Z'),
      LONDON,
      false,
    );
    expect(t.asap).toEqual({ available: false, at: null, minutes: null, closes_at: null });
    expect(t.days[0]!.label).toBe('Today');
    expect(labels(t)[0]).toBe('5:30 PM');
    expect(labels(t).at(-1)).toBe('11:00 PM');
    expect(t.days.map((d) => d.label)).toEqual([
      'Today',
      'Tomorrow',
      'Thursday 19 November',
      'Friday 20 November',
    ]);
  });

  it('never offers a slot sooner than now plus the lead time; ASAP while open', () => {
    // Tuesday 19:02: delivery lead is 20 + 25 = 45 minutes, so 19:47 and on.
    const t = availableTimings(store, 'delivery', new Date('2026-11-17T19:02:00Z'), LONDON, false);
    expect(t.asap).toEqual({
      available: true,
      at: '2026-11-17T19:47:00.000Z',
      minutes: 45,
      closes_at: null,
    });
    expect(labels(t)[0]).toBe('8:00 PM');
    // Delivered up to closing plus the journey: cooked by 23:00, at the door by 23:25.
    expect(labels(t).at(-1)).toBe('11:15 PM');
  });

  it('adds the busy time to ASAP and to the first slot, until busy mode ends', () => {
    const busy = { ...store, busyExtraMinutes: 30, busyUntil: new Date('2026-11-17T23:00:00Z') };
    const t = availableTimings(busy, 'collection', new Date('2026-11-17T19:00:00Z'), LONDON, false);
    expect(t.asap.minutes).toBe(50);
    expect(labels(t)[0]).toBe('8:00 PM'); // 19:50 at the earliest
    // The next day's lunch is not Tuesday night's rush: the extra has ended by itself.
    const wednesday = new Date('2026-11-18T18:00:00Z');
    expect(availableTimings(busy, 'collection', wednesday, LONDON, false).asap.minutes).toBe(20);
  });

  it('puts Saturday night’s slots after midnight on Sunday', () => {
    // Saturday 21 November 2026, 23:50.
    const t = availableTimings(
      store,
      'collection',
      new Date('2026-11-21T23:50:00Z'),
      LONDON,
      false,
    );
    expect(t.asap.available).toBe(true);
    expect(t.days[0]!.label).toBe('Tomorrow');
    expect(t.days[0]!.date).toBe('2026-11-22');
    expect(labels(t).slice(0, 3)).toEqual(['12:15 AM', '12:30 AM', '12:45 AM']);
    expect(labels(t)).toContain('1:00 AM');
  });

  it('skips the hour the clocks skip and keeps the repeated hour once per instant', () => {
    const lateSaturday = { ...store, hours: [{ weekday: 6, opens: '22:00', closes: '03:00' }] };
    // 28 March 2026 (Saturday) at 20:00 GMT; on Sunday 01:00 GMT becomes 02:00 BST.
    const spring = availableTimings(
      lateSaturday,
      'collection',
      new Date('2026-03-28T20:00:00Z'),
      LONDON,
      false,
    );
    const sunday = spring.days.find((d) => d.date === '2026-03-29')!.slots.map((s) => s.label);
    expect(sunday).toContain('12:45 AM');
    expect(sunday).not.toContain('1:30 AM');
    expect(sunday).toContain('2:00 AM');
    // 24 October 2026 (Saturday); on Sunday 02:00 BST becomes 01:00 GMT: 01:00–01:45 twice.
    const autumn = availableTimings(
      lateSaturday,
      'collection',
      new Date('2026-10-24T19:00:00Z'),
      LONDON,
      false,
    );
    const slots = autumn.days.find((d) => d.date === '2026-10-25')!.slots;
    const oneThirty = slots.filter((s) => s.label === '1:30 AM').map((s) => s.at);
    expect(oneThirty).toEqual(['2026-10-25T00:30:00.000Z']);
  });

  it('offers ASAP only when it is ready by closing time, or delivered by closing plus the ride', () => {
    // Tuesday 17 November 2026, closing at 23:00: collection takes 20 minutes, delivery 45.
    const at = (hhmm: string) => new Date(`2026-11-17T${hhmm}:00Z`);
    const asap = (type: 'collection' | 'delivery', now: Date, s = store) =>
      availableTimings(s, type, now, LONDON, false).asap;
    expect(asap('collection', at('22:40'))).toMatchObject({ available: true, minutes: 20 });
    expect(asap('collection', at('22:41'))).toEqual({
      available: false,
      at: null,
      minutes: null,
      closes_at: '2026-11-17T23:00:00.000Z',
    });
    // At the door by 23:25, cooked by 23:00: the last slot's rule.
    expect(asap('delivery', at('22:40')).available).toBe(true);
    expect(asap('delivery', at('22:41')).closes_at).toBe('2026-11-17T23:00:00.000Z');
    // The busy extra is kitchen time: it counts too.
    const busy = { ...store, busyExtraMinutes: 10, busyUntil: at('23:00') };
    expect(asap('collection', at('22:30'), busy).available).toBe(true);
    expect(asap('collection', at('22:31'), busy).available).toBe(false);
    // The slots agree: none left tonight, the first is tomorrow's.
    const t = availableTimings(store, 'collection', at('22:45'), LONDON, false);
    expect(t.days[0]!.label).toBe('Tomorrow');
  });

  it('ASAP past midnight keeps the night’s range, and a special day’s hours', () => {
    // Saturday night runs to 01:00 on Sunday: at 00:45 a collection (20 min) is too late.
    const sunday = (hhmm: string) => new Date(`2026-11-22T${hhmm}:00Z`);
    expect(
      availableTimings(store, 'collection', sunday('00:40'), LONDON, false).asap.available,
    ).toBe(true);
    expect(
      availableTimings(store, 'collection', sunday('00:45'), LONDON, false).asap.closes_at,
    ).toBe('2026-11-22T01:00:00.000Z');
    // Tuesday 17 November closing early at 20:00.
    const early = {
      ...store,
      specialDays: [
        { date: '2026-11-17', closed: false, hours: [{ opens: '17:00', closes: '20:00' }] },
      ],
    };
    const asap = availableTimings(
      early,
      'collection',
      new Date('2026-11-17T19:45:00Z'),
      LONDON,
      false,
    ).asap;
    expect(asap.closes_at).toBe('2026-11-17T20:00:00.000Z');
  });

  it('offers nothing when the store or the shop is closed, or the order type is not offered', () => {
    const at = new Date('2026-11-17T19:00:00Z');
    expect(
      availableTimings({ ...store, isClosed: true }, 'collection', at, LONDON, false).days,
    ).toEqual([]);
    expect(availableTimings(store, 'collection', at, LONDON, true).asap.available).toBe(false);
    const collectOnly = { ...store, orderTypes: ['collection' as const] };
    expect(availableTimings(collectOnly, 'delivery', at, LONDON, false).days).toEqual([]);
  });
});

describe('ranges that touch or overlap are one opening', () => {
  // Monday lunch to 15:00 and dinner from 15:00; Tuesday's night to midnight, Wednesday from 00:00.
  const joined: TimingStore = {
    ...store,
    hours: [
      { weekday: 1, opens: '11:00', closes: '15:00' },
      { weekday: 1, opens: '15:00', closes: '23:00' },
      { weekday: 2, opens: '17:00', closes: '00:00' },
      { weekday: 3, opens: '00:00', closes: '02:00' },
    ],
  };
  const slotsOn = (t: ReturnType<typeof availableTimings>, date: string) =>
    t.days.find((d) => d.date === date)?.slots.map((s) => s.label) ?? [];
  // Every quarter hour from `from` to `to`, as the checkout labels them.
  const quarters = (from: string, to: string) => {
    const out: string[] = [];
    for (let m = minutes(from); m <= minutes(to); m += 15) {
      const h = Math.floor(m / 60) % 24;
      out.push(
        `${h % 12 === 0 ? 12 : h % 12}:${String(m % 60).padStart(2, '0')} ${h < 12 ? 'AM' : 'PM'}`,
      );
    }
    return out;
  };
  const minutes = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3));

  it('collection: no gap at 15:00, the kitchen is open throughout', () => {
    // Monday 16 November 2026, 09:00.
    const t = availableTimings(
      joined,
      'collection',
      new Date('2026-11-16T09:00:00Z'),
      LONDON,
      false,
    );
    expect(slotsOn(t, '2026-11-16')).toEqual(quarters('11:30', '23:00'));
  });

  it('delivery: no gap after the join either, at the door up to closing plus the ride', () => {
    const t = availableTimings(joined, 'delivery', new Date('2026-11-16T09:00:00Z'), LONDON, false);
    // First at 11:00 + 20 + 25, then every quarter hour to 23:25: 3:30 PM is right after the join.
    expect(slotsOn(t, '2026-11-16')).toEqual(quarters('11:45', '23:15'));
  });

  it('across midnight: Tuesday night carries on into Wednesday’s range from 00:00', () => {
    const t = availableTimings(
      joined,
      'collection',
      new Date('2026-11-17T12:00:00Z'),
      LONDON,
      false,
    );
    expect(slotsOn(t, '2026-11-17')).toEqual(quarters('17:30', '23:45'));
    expect(slotsOn(t, '2026-11-18')).toEqual(quarters('00:00', '02:00'));
  });

  it('a special day’s hours join as the weekly ones do, overlapping too', () => {
    // New Year's Eve (a Thursday) to midnight, New Year's Day from 00:00; a kitchen taking 40
    // minutes, so the second range's own first slot would come 40 minutes after it opens.
    const newYear: TimingStore = {
      ...store,
      preparationMinutes: 40,
      hours: [],
      specialDays: [
        { date: '2026-12-31', closed: false, hours: [{ opens: '18:00', closes: '00:00' }] },
        {
          date: '2027-01-01',
          closed: false,
          hours: [
            { opens: '00:00', closes: '02:00' },
            // Overlapping the night's last minutes.
            { opens: '01:50', closes: '03:00' },
          ],
        },
      ],
    };
    const t = availableTimings(
      newYear,
      'collection',
      new Date('2026-12-31T12:00:00Z'),
      LONDON,
      false,
    );
    expect(slotsOn(t, '2026-12-31')).toEqual(quarters('18:45', '23:45'));
    expect(slotsOn(t, '2027-01-01')).toEqual(quarters('00:00', '03:00'));
  });
});

describe('checking one slot', () => {
  const every = (t: ReturnType<typeof availableTimings>) =>
    t.days.flatMap((d) => d.slots.map((s) => s.at));
  const cases: [string, TimingStore, string][] = [
    ['an ordinary Tuesday', store, '2026-11-17T12:00:00Z'],
    ['Saturday night past midnight', store, '2026-11-21T23:50:00Z'],
    [
      'the spring clock change',
      { ...store, hours: [{ weekday: 6, opens: '22:00', closes: '03:00' }] },
      '2026-03-28T20:00:00Z',
    ],
    [
      'the autumn clock change',
      { ...store, hours: [{ weekday: 6, opens: '22:00', closes: '03:00' }] },
      '2026-10-24T19:00:00Z',
    ],
    [
      'ranges joined at 15:00 and at midnight',
      {
        ...store,
        hours: [
          { weekday: 1, opens: '11:00', closes: '15:00' },
          { weekday: 1, opens: '15:00', closes: '23:00' },
          { weekday: 2, opens: '17:00', closes: '00:00' },
          { weekday: 3, opens: '00:00', closes: '02:00' },
        ],
      },
      '2026-11-16T09:00:00Z',
    ],
    [
      'a special day overlapping the night before',
      {
        ...store,
        preparationMinutes: 40,
        specialDays: [
          { date: '2026-11-22', closed: false, hours: [{ opens: '00:50', closes: '03:00' }] },
        ],
      },
      '2026-11-21T12:00:00Z',
    ],
  ];
  it.each(cases)(
    'agrees with the full list on %s, every quarter hour of four days',
    (_name, s, nowIso) => {
      const now = new Date(nowIso);
      for (const type of ['collection', 'delivery'] as const) {
        const offered = new Set(every(availableTimings(s, type, now, LONDON, false)));
        for (
          let t = now.getTime() - (now.getTime() % (15 * 60_000));
          t < now.getTime() + 4 * 86_400_000;
          t += 15 * 60_000
        ) {
          const at = new Date(t);
          expect([at.toISOString(), isOfferedSlot(s, type, at, now, LONDON)]).toEqual([
            at.toISOString(),
            offered.has(at.toISOString()),
          ]);
        }
      }
    },
  );
});
