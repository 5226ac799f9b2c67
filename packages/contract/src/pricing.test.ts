import { describe, expect, it } from 'vitest';
import {
  formatMoney,
  groupRule,
  orderTotals,
  vatBands,
  promoDiscount,
  selectionProblems,
  subtotal,
  unitPrice,
  type PricedItem,
} from './pricing.ts';

const curry: PricedItem = {
  price: 995,
  modifier_groups: [
    {
      id: 'spice',
      name: 'Spice level',
      min: 1,
      max: 1,
      options: [
        { id: 'mild', name: 'Mild', price_delta: 0, sold_out: false },
        { id: 'hot', name: 'Hot', price_delta: 0, sold_out: false },
      ],
    },
    {
      id: 'protein',
      name: 'Protein',
      min: 1,
      max: 1,
      options: [
        { id: 'chicken', name: 'Chicken', price_delta: 0, sold_out: false },
        { id: 'lamb', name: 'Lamb', price_delta: 150, sold_out: false },
        { id: 'prawn', name: 'King prawn', price_delta: 250, sold_out: true },
      ],
    },
    {
      id: 'extras',
      name: 'Extras',
      min: 0,
      max: 2,
      options: [
        { id: 'paneer', name: 'Extra paneer', price_delta: 120, sold_out: false },
        { id: 'egg', name: 'Boiled egg', price_delta: 80, sold_out: false },
        { id: 'cashew', name: 'Cashew sauce', price_delta: 100, sold_out: false },
      ],
    },
  ],
};

describe('modifier rules', () => {
  it('accepts a complete choice', () => {
    expect(
      selectionProblems(curry, [
        { group_id: 'spice', option_ids: ['hot'] },
        { group_id: 'protein', option_ids: ['lamb'] },
        { group_id: 'extras', option_ids: ['paneer', 'egg'] },
      ]),
    ).toEqual({});
  });

  it('names each required group left empty', () => {
    expect(selectionProblems(curry, [])).toEqual({
      spice: 'Spice level: choose 1',
      protein: 'Protein: choose 1',
    });
  });

  it('refuses more than the maximum, repeats, sold-out and unknown options or groups', () => {
    expect(
      selectionProblems(curry, [
        { group_id: 'spice', option_ids: ['mild', 'hot'] },
        { group_id: 'protein', option_ids: ['prawn'] },
        { group_id: 'extras', option_ids: ['egg', 'egg'] },
        { group_id: 'sauce', option_ids: ['x'] },
      ]),
    ).toEqual({
      spice: 'Spice level: choose 1',
      protein: 'King prawn is sold out',
      extras: 'An option is chosen twice',
      sauce: 'This choice is no longer offered',
    });
    expect(
      selectionProblems(curry, [
        { group_id: 'spice', option_ids: ['mild'] },
        { group_id: 'protein', option_ids: ['duck'] },
        { group_id: 'extras', option_ids: ['paneer', 'egg', 'cashew'] },
      ]),
    ).toEqual({
      protein: 'An option is no longer offered',
      extras: 'Extras: choose up to 2',
    });
  });

  it('describes each rule as the customer reads it', () => {
    expect(groupRule({ min: 1, max: 1 })).toBe('Choose 1');
    expect(groupRule({ min: 0, max: 3 })).toBe('Choose up to 3');
    expect(groupRule({ min: 1, max: 2 })).toBe('Choose 1 to 2');
  });
});

describe('prices', () => {
  it('adds the chosen options to the dish and multiplies by quantity', () => {
    const unit = unitPrice(curry, [
      { group_id: 'spice', option_ids: ['hot'] },
      { group_id: 'protein', option_ids: ['lamb'] },
      { group_id: 'extras', option_ids: ['paneer', 'egg'] },
    ]);
    expect(unit).toBe(995 + 150 + 120 + 80);
    expect(
      subtotal([
        { unit_price: unit, quantity: 2 },
        { unit_price: 250, quantity: 3 },
      ]),
    ).toBe(2 * 1345 + 750);
  });

  it('never goes below zero', () => {
    const discounted: PricedItem = {
      price: 100,
      modifier_groups: [
        {
          id: 'size',
          name: 'Size',
          min: 1,
          max: 1,
          options: [{ id: 'kids', name: 'Kids', price_delta: -200, sold_out: false }],
        },
      ],
    };
    expect(unitPrice(discounted, [{ group_id: 'size', option_ids: ['kids'] }])).toBe(0);
  });

  it('formats minor units with the currency sign', () => {
    expect(formatMoney(1095, { sign: '£' })).toBe('£10.95');
    expect(formatMoney(5, { sign: '£' })).toBe('£0.05');
    expect(formatMoney(-150, { sign: '£' })).toBe('-£1.50');
    expect(formatMoney(0, { sign: '€' })).toBe('€0.00');
  });
});

describe('order totals', () => {
  it('adds delivery, takes the discount off the food and works out the VAT inside', () => {
    const totals = orderTotals(
      [
        { line_total: 2400, vat_rate: 20 },
        { line_total: 600, vat_rate: 0 },
      ],
      250,
      { kind: 'percent', value: 10 },
    );
    expect(totals).toEqual({
      subtotal: 3000,
      delivery_fee: 250,
      discount: 300,
      total: 2950,
      // 2400 - 240 = 2160 at 20% holds 360; 540 at 0% holds 0; 250 at 20% holds 42.
      vat: 360 + 0 + 42,
    });
  });

  it('never takes off more than the food costs', () => {
    expect(promoDiscount({ kind: 'fixed', value: 1500 }, 1000)).toBe(1000);
    expect(
      orderTotals([{ line_total: 1000, vat_rate: 20 }], 0, { kind: 'fixed', value: 1500 }),
    ).toMatchObject({ discount: 1000, total: 0, vat: 0 });
  });
});

describe('vatBands', () => {
  it('gives each rate its gross and the VAT inside it; delivery is at the standard rate', () => {
    // £24.00 of hot food (20%), £6.00 of cold food (0%), £2.50 delivery, £3.00 off.
    const bands = vatBands(
      [
        { line_total: 2400, vat_rate: 20 },
        { line_total: 600, vat_rate: 0 },
      ],
      250,
      300,
    );
    // The £3.00 comes off in proportion: £2.40 off the hot food, £0.60 off the cold.
    expect(bands).toEqual([
      { rate: 20, gross: 2160 + 250, vat: 402 },
      { rate: 0, gross: 540, vat: 0 },
    ]);
    expect(bands.reduce((sum, b) => sum + b.gross, 0)).toBe(3000 - 300 + 250);
  });

  it('spreads a discount in whole pence that add up to it, and agrees with orderTotals', () => {
    const lines = [
      { line_total: 333, vat_rate: 20 },
      { line_total: 333, vat_rate: 5 },
      { line_total: 334, vat_rate: 0 },
    ];
    const bands = vatBands(lines, 0, 100);
    expect(bands.map((b) => b.gross)).toEqual([300, 300, 300]);
    expect(bands.map((b) => b.vat)).toEqual([50, 14, 0]);
    const totals = orderTotals(lines, 0, { kind: 'fixed', value: 100 });
    expect(totals.vat).toBe(64);
    expect(totals.total).toBe(900);
  });

  it('has no delivery band without a fee, and no discount share on a free order', () => {
    expect(vatBands([{ line_total: 0, vat_rate: 5 }], 0, 0)).toEqual([
      { rate: 5, gross: 0, vat: 0 },
    ]);
  });
});
