import { describe, expect, it } from 'vitest';
import { priceOrderLines } from './line-pricing.ts';
import { broken } from './broken-rule.test-support.ts';
import { testDish, testOption } from '@servery/contract/menu.test-support';

const curry = testDish('curry', 1095, {
  name: 'Lamb Rogan Josh',
  vat_rate: 20,
  allergens: { contains: ['milk'], may_contain: [] },
  modifier_groups: [
    {
      id: 'rice',
      name: 'Rice',
      min: 0,
      max: 1,
      required: false,
      options: [
        testOption('pilau', 'Pilau rice', 250, {
          allergens: { contains: ['mustard'], may_contain: [] },
        }),
      ],
    },
  ],
});
const water = testDish('water', 100, { name: 'Still water', vat_rate: 0 });
const menu = new Map([
  [curry.id, curry],
  [water.id, water],
  ['gone', testDish('gone', 500, { name: 'Samosa', sold_out: true })],
]);
const line = (item_id: string, quantity: number, more = {}) => ({
  item_id,
  quantity,
  modifiers: [],
  note: '',
  ...more,
});

describe('order step 3: the lines', () => {
  it('prices each line from the menu with its options, and keeps what the kitchen reads', () => {
    const priced = priceOrderLines(menu, [
      line('curry', 2, { modifiers: [{ group_id: 'rice', option_ids: ['pilau'] }], note: 'Hot' }),
      line('water', 3),
    ]);
    expect(priced.food).toBe(2 * 1345 + 300);
    expect(priced.lines[0]).toEqual({
      item_id: 'curry',
      name: 'Lamb Rogan Josh',
      quantity: 2,
      unit_price: 1345,
      line_total: 2690,
      modifiers: [{ group_id: 'rice', option_ids: ['pilau'] }],
      modifier_names: ['Pilau rice'],
      note: 'Hot',
      vat_rate: 20,
      allergens: { contains: ['milk', 'mustard'], may_contain: [] },
    });
    expect(priced.lines[1]).toMatchObject({ unit_price: 100, line_total: 300, vat_rate: 0 });
    expect(priced.priceChanges).toEqual([]);
  });

  it('tells the price the basket saw from the price now', () => {
    const priced = priceOrderLines(menu, [line('curry', 1, { unit_price: 995 })]);
    expect(priced.priceChanges).toEqual([
      { item_id: 'curry', name: 'Lamb Rogan Josh', was: 995, now: 1095 },
    ]);
  });

  it('refuses a line off the menu or sold out, naming the line', () => {
    expect(broken(() => priceOrderLines(menu, [line('water', 1), line('nope', 1)]))).toEqual({
      status: 422,
      message: 'Line 2 is no longer on the menu.',
      fields: ['lines.1'],
    });
    expect(broken(() => priceOrderLines(menu, [line('gone', 1)])).message).toBe(
      'Samosa is sold out.',
    );
    expect(broken(() => priceOrderLines(undefined, [line('water', 1)])).message).toBe(
      'Line 1 is no longer on the menu.',
    );
  });
});
