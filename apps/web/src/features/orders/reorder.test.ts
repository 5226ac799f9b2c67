import type { DishesNow } from '../../lib/dishes-and-orders-api.ts';
import { describe, expect, it } from 'vitest';
import { cartLineId } from '@servery/contract/cart';
import type { MenuItemDetail } from '@servery/contract/menu';
import type { Order, OrderLine } from '@servery/contract/order';
import { formatMoney } from '@servery/contract/pricing';
import { reorderLines } from './reorder.ts';

const money = (minor: number) => formatMoney(minor, { sign: '£' });
const none = { contains: [], may_contain: [] };

const curry: MenuItemDetail = {
  id: 'curry',
  name: 'Curry lunch box',
  description: '',
  price: 750,
  image: 'curry.svg',
  kcal: null,
  allergens: none,
  dietary: [],
  sold_out: false,
  vat_rate: 20,
  modifier_groups: [
    {
      id: 'curry',
      name: 'Choose your curry',
      min: 1,
      max: 1,
      required: true,
      options: [
        { id: 'tikka', name: 'Tikka masala', price_delta: 0, allergens: none, sold_out: false },
        { id: 'rogan', name: 'Lamb rogan josh', price_delta: 100, allergens: none, sold_out: true },
      ],
    },
    {
      id: 'extras',
      name: 'Extras',
      min: 0,
      max: 2,
      required: false,
      options: [{ id: 'raita', name: 'Raita', price_delta: 150, allergens: none, sold_out: false }],
    },
  ],
};
const naan: MenuItemDetail = {
  ...curry,
  id: 'naan',
  name: 'Garlic naan',
  price: 350,
  modifier_groups: [],
};

function orderLine(item: string, name: string, more: Partial<OrderLine> = {}): OrderLine {
  return {
    item_id: item,
    name,
    quantity: 1,
    unit_price: 350,
    line_total: 350,
    modifiers: [],
    modifier_names: [],
    note: '',
    vat_rate: 20,
    ...more,
  };
}

const order = (lines: OrderLine[]) =>
  ({ store: { id: 'store-1', name: 'Tandoor Lane Shoreditch', phone: '' }, lines }) as Order;

describe('reordering', () => {
  it('puts the same dishes, choices, notes and quantities back, at today’s prices', () => {
    const menu: DishesNow = { items: { curry, naan }, onMenu: ['curry', 'naan'] };
    const modifiers = [
      { group_id: 'curry', option_ids: ['tikka'] },
      { group_id: 'extras', option_ids: ['raita'] },
    ];
    const result = reorderLines(
      order([
        orderLine('curry', 'Curry lunch box', {
          quantity: 2,
          unit_price: 900,
          modifiers,
          note: 'Hot',
        }),
        orderLine('naan', 'Garlic naan', { unit_price: 300 }),
      ]),
      menu,
      money,
    );
    expect(result.refused).toEqual([]);
    expect(result.lines).toEqual([
      {
        id: cartLineId('curry', modifiers, 'Hot'),
        item_id: 'curry',
        store_id: 'store-1',
        name: 'Curry lunch box',
        image: 'curry.svg',
        unit_price: 900,
        quantity: 2,
        modifiers,
        modifier_names: ['Tikka masala', 'Raita'],
        note: 'Hot',
      },
      expect.objectContaining({ item_id: 'naan', unit_price: 350, quantity: 1 }),
    ]);
    expect(result.repriced).toEqual(['Garlic naan is now £3.50 (was £3.00).']);
  });

  it('says plainly what it leaves out: gone, off this store’s menu, sold out, choices no longer offered', () => {
    const menu: DishesNow = {
      items: {
        curry,
        naan: { ...naan, sold_out: true },
        samosa: null,
        bhaji: { ...naan, id: 'bhaji', name: 'Onion bhaji' },
      },
      onMenu: ['curry', 'naan'],
    };
    const result = reorderLines(
      order([
        orderLine('samosa', 'Samosas', { quantity: 2 }),
        orderLine('bhaji', 'Onion bhaji'),
        orderLine('naan', 'Garlic naan'),
        orderLine('curry', 'Curry lunch box', {
          modifiers: [{ group_id: 'curry', option_ids: ['rogan'] }],
        }),
      ]),
      menu,
      money,
    );
    expect(result.lines).toEqual([]);
    expect(result.refused).toEqual([
      '2 × Samosas: no longer on the menu at Tandoor Lane Shoreditch.',
      'Onion bhaji: no longer on the menu at Tandoor Lane Shoreditch.',
      'Garlic naan: sold out today.',
      'Curry lunch box: the choices you made are no longer offered (Lamb rogan josh is sold out).',
    ]);
  });

  it('adds nothing from a store that has no menu any more', () => {
    const result = reorderLines(
      order([orderLine('naan', 'Garlic naan')]),
      {
        items: { naan },
        onMenu: [],
      },
      money,
    );
    expect(result.lines).toEqual([]);
    expect(result.refused).toHaveLength(1);
  });
});
