import type { DishesNow } from '../../lib/dishes-and-orders-api.ts';
import { describe, expect, it } from 'vitest';
import type { Address } from '@servery/contract/address';
import type { CartLine } from '@servery/contract/cart';
import type { StoreSummary } from '@servery/contract/menu';
import { testDish, testOption } from '@servery/contract/menu.test-support';
import { formatMoney, orderTotals } from '@servery/contract/pricing';
import { quoteCheckout } from './checkout-quote.ts';

const money = (minor: number) => formatMoney(minor, { sign: '£' });

const store = {
  id: 'store-1',
  name: 'Tandoor Lane Shoreditch',
  order_types: ['delivery', 'collection'],
  minimum_order: 1000,
  delivery_zones: [
    { district: 'E1', fee: 199, minimum_order: 1200 },
    { district: 'E14', fee: 349, minimum_order: 1800 },
  ],
} as StoreSummary;

function line(
  itemId: string,
  unit: number,
  quantity: number,
  more: Partial<CartLine> = {},
): CartLine {
  return {
    id: `${itemId}||`,
    item_id: itemId,
    store_id: store.id,
    name: itemId,
    image: null,
    unit_price: unit,
    quantity,
    modifiers: [],
    modifier_names: [],
    note: '',
    ...more,
  };
}

const address = (district: string) =>
  ({ id: 'a1', district, postcode: `${district} 1AA` }) as Address;

const curry = testDish('curry', 750, {
  vat_rate: 20,
  modifier_groups: [
    {
      id: 'sauce',
      name: 'Sauce',
      min: 1,
      max: 1,
      required: true,
      options: [testOption('mild', 'Mild'), testOption('hot', 'Hot', 100)],
    },
  ],
});
const salad = testDish('salad', 400, { vat_rate: 0 });
const catalogue: DishesNow = { items: { curry, salad }, onMenu: ['curry', 'salad'] };

describe('the checkout quote', () => {
  it('prices delivery with the zone’s fee and the promo as the server does (orderTotals)', () => {
    const lines = [
      line('curry', 850, 2, { modifiers: [{ group_id: 'sauce', option_ids: ['hot'] }] }),
      line('salad', 400, 1),
    ];
    const promo = {
      code: 'WELCOME10',
      description: '',
      kind: 'percent' as const,
      value: 10,
      minimum_order: 1500,
      ends_at: null,
    };
    const quote = quoteCheckout({
      lines,
      catalogue,
      store,
      orderType: 'delivery',
      address: address('E1'),
      promo,
      money,
    });
    expect(quote.zone).toEqual(store.delivery_zones[0]);
    expect(quote.totals).toEqual(
      orderTotals(
        [
          { line_total: 1700, vat_rate: 20 },
          { line_total: 400, vat_rate: 0 },
        ],
        199,
        promo,
      ),
    );
    expect(quote.totals).toMatchObject({ subtotal: 2100, discount: 210, total: 2089 });
    expect([quote.addressProblem, quote.minimumProblem, quote.promoProblem]).toEqual([
      null,
      null,
      null,
    ]);
  });

  it('uses today’s price and says what it was in the basket', () => {
    const quote = quoteCheckout({
      lines: [line('salad', 350, 2)],
      catalogue,
      store,
      orderType: 'collection',
      address: null,
      promo: null,
      money,
    });
    expect(quote.lines[0]).toMatchObject({ unit_price: 400, line_total: 800, was: 350 });
    expect(quote.totals.total).toBe(800);
  });

  it('refuses an address outside the zones in the server’s words, and no fee is charged', () => {
    const quote = quoteCheckout({
      lines: [line('salad', 400, 5)],
      catalogue,
      store,
      orderType: 'delivery',
      address: address('SW1A'),
      promo: null,
      money,
    });
    expect(quote.addressProblem).toBe('Tandoor Lane Shoreditch does not deliver to SW1A.');
    expect(quote.zone).toBeNull();
    expect(quote.totals.delivery_fee).toBe(0);
  });

  it('names the shortfall to each minimum: the zone’s for delivery, the store’s for collection', () => {
    const input = { lines: [line('salad', 400, 2)], catalogue, store, promo: null, money };
    expect(
      quoteCheckout({ ...input, orderType: 'delivery', address: address('E14') }).minimumProblem,
    ).toBe('The minimum order for delivery to E14 is £18.00. Add £10.00 more.');
    const collection = quoteCheckout({ ...input, orderType: 'collection', address: null });
    expect(collection.shortfall).toBe(200);
    expect(collection.minimumProblem).toBe(
      'The minimum order for collection is £10.00. Add £2.00 more.',
    );
  });

  it('refuses a code below its minimum, and then takes nothing off', () => {
    const quote = quoteCheckout({
      lines: [line('salad', 400, 3)],
      catalogue,
      store,
      orderType: 'collection',
      address: null,
      promo: {
        code: 'FEAST5',
        description: '',
        kind: 'fixed',
        value: 500,
        minimum_order: 4000,
        ends_at: null,
      },
      money,
    });
    expect(quote.promoProblem).toBe('FEAST5 needs an order of at least £40.00.');
    expect(quote.totals.discount).toBe(0);
  });

  it('flags dishes gone from the menu, sold out, or with choices no longer valid; they do not count', () => {
    const quote = quoteCheckout({
      lines: [
        line('gone', 500, 1, { name: 'Old special' }),
        line('salad', 400, 1),
        line('curry', 750, 1),
        line('curry', 750, 1, {
          id: 'x',
          modifiers: [{ group_id: 'sauce', option_ids: ['mild'] }],
        }),
      ],
      catalogue: {
        items: { ...catalogue.items, gone: null, salad: { ...salad, sold_out: true } },
        onMenu: ['curry', 'salad'],
      },
      store,
      orderType: 'collection',
      address: null,
      promo: null,
      money,
    });
    expect(quote.lines.map((l) => l.problem)).toEqual([
      'Old special is no longer on the menu.',
      'salad is sold out.',
      'curry: Sauce: choose 1.',
      null,
    ]);
    expect(quote.totals.subtotal).toBe(750);
    // A dish the shop still has but this store's menu does not list.
    const offMenu = quoteCheckout({
      lines: [line('salad', 400, 1)],
      catalogue: { items: catalogue.items, onMenu: ['curry'] },
      store,
      orderType: 'collection',
      address: null,
      promo: null,
      money,
    });
    expect(offMenu.lines[0]!.problem).toBe('salad is no longer on the menu.');
  });
});
