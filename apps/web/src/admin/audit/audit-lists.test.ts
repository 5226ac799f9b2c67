import { describe, expect, it } from 'vitest';
import { formatMoney } from '@servery/contract/pricing';
import { entryChanges } from './audit-fields.ts';

const context = {
  timeZone: 'Europe/London',
  money: (pence: number) => formatMoney(pence, { sign: '£' }),
  stores: [],
};

type Entry = { action: string; entity: string; before: unknown; after: unknown };
/** Each changed field as the log shows it: its lines, or its value before and after. */
const changesOf = (entry: Entry) =>
  Object.fromEntries(
    entryChanges(entry, context).map((change) => [
      change.label,
      change.lines
        ? change.lines.map((line) => line.text)
        : `${change.before?.text ?? '(none)'} → ${change.after?.text ?? '(none)'}`,
    ]),
  );

// A list changed says what was added, removed and changed in it, not the list twice. The
// shapes are the ones the recordAudit calls write (store-settings and store-controls services,
// the menu editor's auditedItem, shopSwitchesOf).
describe('an audit entry’s lists', () => {
  const range = (opens: string, closes: string) => ({ opens, closes });
  const zone = (area: string, fee: number, minimum: number, minutes: number | null = null) => ({
    area,
    fee,
    minimum_order: minimum,
    travel_minutes: minutes,
  });

  it('reads a store’s weekly hours by day, and only the days that changed', () => {
    const before = {
      monday: [range('12:00', '14:30'), range('17:00', '22:00')],
      tuesday: [range('12:00', '22:00')],
      wednesday: [range('12:00', '22:00')],
    };
    const after = {
      monday: [range('12:00', '14:30'), range('17:00', '22:00')],
      wednesday: [range('12:00', '23:00')],
      saturday: [range('12:00', '20:00')],
      sunday: [range('12:00', '20:00')],
    };
    expect(changesOf({ action: 'store.hours', entity: 'store', before, after })).toEqual({
      'Opening hours': [
        'Tue: 12:00–22:00 → closed',
        'Wed: 12:00–22:00 → 12:00–23:00',
        'Sat, Sun: closed → 12:00–20:00',
      ],
    });
    // The same week written in another order is no change.
    const reordered = {
      wednesday: before.wednesday,
      tuesday: before.tuesday,
      monday: before.monday,
    };
    expect(changesOf({ action: 'store.hours', entity: 'store', before, after: reordered })).toEqual(
      {},
    );
  });

  it('reads special days by date: added, removed, and other hours', () => {
    const before = [
      { date: '2026-12-25', closed: true, hours: [] },
      { date: '2026-12-31', closed: false, hours: [range('12:00', '18:00')] },
    ];
    const after = [
      { date: '2026-12-31', closed: false, hours: [range('12:00', '01:00')] },
      { date: '2027-01-01', closed: true, hours: [] },
    ];
    expect(changesOf({ action: 'store.special_days', entity: 'store', before, after })).toEqual({
      'Special days': [
        'Removed 25 Dec 2026 closed',
        '31 Dec 2026: 12:00–18:00 → 12:00–01:00',
        'Added 1 Jan 2027 closed',
      ],
    });
  });

  it('reads delivery zones in pounds, zones on the same terms as one', () => {
    const before = {
      store_name: 'Camden',
      zones: [zone('E1', 250, 1500), zone('E2', 250, 1500), zone('E3', 299, 1500)],
      version: 3,
    };
    const after = {
      store_name: 'Camden',
      zones: [zone('E1', 300, 1500), zone('E2', 300, 1500), zone('E8', 250, 2000, 25)],
      version: 4,
    };
    expect(changesOf({ action: 'store.zones', entity: 'store', before, after })).toEqual({
      'Delivery zones': [
        'Removed E3 · £2.99 · min £15.00',
        'E1, E2: £2.50 → £3.00',
        'Added E8 · £2.50 · min £20.00 · 25 min on the road',
      ],
      Version: '3 → 4',
    });
    const first = { zones: [zone('E1', 250, 1500), zone('E2', 250, 1500, 30)] };
    expect(
      changesOf({ action: 'store.zones', entity: 'store', before: { zones: [] }, after: first }),
    ).toEqual({
      'Delivery zones': [
        'Added E1 · £2.50 · min £15.00',
        'Added E2 · £2.50 · min £15.00 · 30 min on the road',
      ],
    });
    const swapped = { zones: [...first.zones].reverse() };
    expect(
      changesOf({ action: 'store.zones', entity: 'store', before: first, after: swapped }),
    ).toEqual({
      'Delivery zones': ['The same, in a new order'],
    });
    const own = { zones: [zone('E1', 250, 1500), zone('E2', 250, 1500)] };
    expect(
      changesOf({ action: 'store.zones', entity: 'store', before: first, after: own }),
    ).toEqual({
      'Delivery zones': ['E2: 30 min on the road → the store’s minutes'],
    });
  });

  it('reads a dish’s option groups, their choices, stores and allergens as the editor names them', () => {
    const spice = {
      id: 'spice',
      name: 'Spice',
      min: 1,
      max: 1,
      options: [
        { id: 'mild', name: 'Mild', price_delta: 0, allergens: { contains: [], may_contain: [] } },
        { id: 'hot', name: 'Hot', price_delta: 50, allergens: { contains: [], may_contain: [] } },
      ],
    };
    const extras = {
      id: 'extras',
      name: 'Extras',
      min: 0,
      max: 3,
      options: [
        {
          id: 'paneer',
          name: 'Paneer',
          price_delta: 150,
          allergens: { contains: ['milk'], may_contain: [] },
        },
      ],
    };
    const dish = {
      name: 'Tikka',
      price: 895,
      allergens: { contains: ['milk'], may_contain: [] },
      option_groups: [spice],
      stores: [{ store: 'Camden', price: null, hidden: false, sold_out: false }],
    };
    // A dish made: everything it has is added.
    expect(
      changesOf({ action: 'item.create', entity: 'menu_item', before: null, after: dish }),
    ).toEqual({
      Name: '(none) → Tikka',
      Price: '(none) → £8.95',
      Allergens: '(none) → contains milk',
      'Option groups': ['Added Spice (choose 1): Mild, Hot +£0.50'],
      Stores: ['Added Camden at the dish price'],
    });
    const edited = {
      ...dish,
      allergens: { contains: ['milk', 'mustard'], may_contain: ['peanuts'] },
      option_groups: [
        {
          ...spice,
          name: 'Spice level',
          max: 2,
          options: [
            { ...spice.options[1]!, price_delta: 75 },
            {
              id: 'extra',
              name: 'Extra hot',
              price_delta: 100,
              allergens: spice.options[0]!.allergens,
            },
          ],
        },
        extras,
      ],
      stores: [
        { store: 'Camden', price: 950, hidden: false, sold_out: 'today' },
        { store: 'Islington', price: null, hidden: true, sold_out: false },
      ],
    };
    expect(
      changesOf({ action: 'item.update', entity: 'menu_item', before: dish, after: edited }),
    ).toEqual({
      Allergens: 'contains milk → contains milk, mustard; may contain peanuts',
      'Option groups': [
        'Spice level: was Spice; choose 1 → choose 1 to 2; removed Mild; Hot +£0.50 → +£0.75; added Extra hot +£1.00',
        'Added Extras (optional, up to 3): Paneer +£1.50 (contains milk)',
      ],
      Stores: [
        'Camden: the dish price → £9.50; available → out today',
        'Added Islington at the dish price, hidden',
      ],
    });
    // An availability change writes the stores' names as text: shown as it is.
    expect(
      changesOf({
        action: 'item.availability',
        entity: 'menu_item',
        before: { stores: 'Camden', hidden: false },
        after: { stores: 'Camden', hidden: true },
      }),
    ).toEqual({ Hidden: 'no → yes' });
  });

  it('reads the shop’s booking settings setting by setting, its times day by day', () => {
    const booking = {
      hours: { friday: [range('18:00', '22:00')] },
      stepMinutes: 30,
      coversPerSlot: 20,
      daysAllowed: 30,
      whatsappShare: false,
      whatsappNumber: '',
      reminders: true,
    };
    const after = {
      ...booking,
      hours: { friday: [range('18:00', '23:00')], saturday: [range('18:00', '23:00')] },
      coversPerSlot: 24,
      reminders: false,
    };
    const switches = { IsShopClosed: 0, allowBooking: 1 };
    expect(
      changesOf({
        action: 'shop.update',
        entity: 'shop',
        before: { ...switches, booking },
        after: { ...switches, booking: after },
      }),
    ).toEqual({
      'Booking settings': [
        'Booking times Fri: 18:00–22:00 → 18:00–23:00',
        'Booking times Sat: closed → 18:00–23:00',
        'Covers per booking time: 20 → 24',
        'Reminder e-mails the day before: yes → no',
      ],
    });
    expect(
      changesOf({
        action: 'shop.update',
        entity: 'shop',
        before: { booking: null },
        after: { booking },
      })['Booking settings'],
    ).toContain('Covers per booking time: none → 20');
  });
});
