import fc from 'fast-check';
import { vatBands } from '@servery/contract/pricing';
import { describe, expect, it } from 'vitest';
import {
  refundBands,
  salesFigures,
  sumsOfOrders,
  type SaleOrder,
  type SaleRefund,
} from './sales-figures.ts';

// Issue 29 point 1: every figure equals the sum of its orders to the penny.
const DAY_START = Date.parse('2026-10-25T00:00:00+01:00'); // London: a 25-hour day (BST ends)
const DAY_END = Date.parse('2026-10-26T00:00:00Z');

const line = fc.record({
  name: fc.constantFrom('Dal', 'Naan', 'Korma', 'Lassi', 'Samosa', 'Rice'),
  quantity: fc.integer({ min: 1, max: 5 }),
  unit: fc.integer({ min: 1, max: 3000 }),
  vat_rate: fc.constantFrom(0, 5, 20),
});
const order: fc.Arbitrary<SaleOrder> = fc
  .record({
    at: fc.integer({ min: DAY_START, max: DAY_END - 1 }),
    lines: fc.array(line, { minLength: 1, maxLength: 6 }),
    deliveryFee: fc.constantFrom(0, 0, 199, 250),
    discountShare: fc.double({ min: 0, max: 1, noNaN: true }),
    method: fc.constantFrom<'card' | 'cash'>('card', 'cash'),
  })
  .map((o) => {
    const lines = o.lines.map((l) => ({ ...l, line_total: l.unit * l.quantity }));
    const food = lines.reduce((sum, l) => sum + l.line_total, 0);
    const discount = Math.floor(food * o.discountShare * 0.5);
    return {
      createdAt: new Date(o.at),
      lines,
      deliveryFee: o.deliveryFee,
      discount,
      total: food - discount + o.deliveryFee,
      method: o.method,
    };
  });
const refund: fc.Arbitrary<SaleRefund> = fc
  .record({
    amount: fc.integer({ min: 1, max: 5000 }),
    method: fc.constantFrom<'card' | 'cash'>('card', 'cash'),
    rates: fc.uniqueArray(fc.constantFrom(0, 5, 20), { minLength: 1, maxLength: 3 }),
    gross: fc.integer({ min: 1, max: 5000 }),
  })
  .map((r) => ({
    amount: r.amount,
    method: r.method,
    bands: vatBands(
      r.rates.map((rate, i) => ({ line_total: r.gross + i, vat_rate: rate })),
      0,
      0,
    ),
  }));
const sum = <T>(rows: readonly T[], of: (row: T) => number) =>
  rows.reduce((total, row) => total + of(row), 0);
const range = { from: '2026-10-25', to: '2026-10-25' };

describe('salesFigures of sumsOfOrders', () => {
  it('adds up to the penny: gross, VAT by rate, discounts, fees, refunds, cash, card, hours, dishes', () => {
    fc.assert(
      fc.property(
        fc.array(order, { maxLength: 40 }),
        fc.array(refund, { maxLength: 5 }),
        (orders, refunds) => {
          const f = salesFigures(range, sumsOfOrders(orders, 'Europe/London'), refunds);
          expect(f.orders).toBe(orders.length);
          expect(f.gross).toBe(sum(orders, (o) => o.total));
          expect(f.discounts).toBe(sum(orders, (o) => o.discount));
          expect(f.delivery_fees).toBe(sum(orders, (o) => o.deliveryFee));
          expect(f.refunds).toBe(sum(refunds, (r) => r.amount));
          expect(f.net).toBe(f.gross - f.refunds);
          expect(f.cash + f.card).toBe(f.net);
          const cashOrders = orders.filter((o) => o.method === 'cash');
          const cashRefunds = refunds.filter((r) => r.method === 'cash');
          expect(f.cash).toBe(sum(cashOrders, (o) => o.total) - sum(cashRefunds, (r) => r.amount));
          // VAT by rate: each order's own invoice bands, added up, less what the refunds took
          // back of each; net + VAT is the gross less the refunds.
          const orderVat = sum(orders, (o) =>
            sum(vatBands(o.lines, o.deliveryFee, o.discount), (b) => b.vat),
          );
          const refundVat = sum(refunds, (r) => sum(refundBands(r.amount, r.bands), (b) => b.vat));
          expect(sum(f.vat, (b) => b.vat)).toBe(orderVat - refundVat);
          expect(sum(f.vat, (b) => b.net + b.vat)).toBe(f.net);
          expect(sum(f.by_hour, (h) => h.orders)).toBe(orders.length);
          expect(sum(f.by_hour, (h) => h.gross)).toBe(f.gross);
          expect(sum(f.top_items, (i) => i.quantity)).toBe(
            sum(orders, (o) => sum(o.lines, (l) => l.quantity)),
          );
          expect(f.average).toBe(orders.length ? Math.round(f.gross / orders.length) : 0);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('counts a 25-hour day by the shop clock: 01:00 to 02:00 happens twice and falls in one hour', () => {
    const at = (iso: string): SaleOrder => ({
      createdAt: new Date(iso),
      total: 1000,
      discount: 0,
      deliveryFee: 0,
      method: 'cash',
      lines: [{ name: 'Dal', quantity: 1, line_total: 1000, vat_rate: 20 }],
    });
    const orders = [
      at('2026-10-25T00:30:00Z'),
      at('2026-10-25T01:30:00Z'),
      at('2026-10-25T23:30:00Z'),
    ];
    const f = salesFigures(range, sumsOfOrders(orders, 'Europe/London'), []);
    expect(f.by_hour[1]).toEqual({ hour: 1, orders: 2, gross: 2000 });
    expect(f.by_hour[23]).toEqual({ hour: 23, orders: 1, gross: 1000 });
    // Each order's invoice rounds its own VAT (166.67 → 167): the report adds the invoices up.
    expect(f.vat).toEqual([{ rate: 20, net: 2499, vat: 501 }]);
  });

  it('takes a refund’s VAT back from the rates of the order it refunds (walk 2, finding 17)', () => {
    // A refund of £12.00 on an order of £10.00 at 20% and £5.00 at 0%: £8.00 and £4.00 back.
    const bands = [
      { rate: 20, gross: 1000, vat: 167 },
      { rate: 0, gross: 500, vat: 0 },
    ];
    expect(refundBands(1200, bands)).toEqual([
      { rate: 20, gross: 800, vat: 133 },
      { rate: 0, gross: 400, vat: 0 },
    ]);
    const sold = [{ rate: 20, gross: 2400, vat: 400 }];
    const f = salesFigures(range, { hours: [], vat: sold, items: [] }, [
      { amount: 1200, method: 'card', bands: [{ rate: 20, gross: 1200, vat: 200 }] },
    ]);
    expect(f.vat).toEqual([{ rate: 20, net: 1000, vat: 200 }]);
    // A day with only refunds of earlier orders gives VAT back: negative, as the net is.
    const refundsOnly = salesFigures(range, { hours: [], vat: [], items: [] }, [
      { amount: 3484, method: 'card', bands: [{ rate: 20, gross: 3484, vat: 581 }] },
    ]);
    expect(refundsOnly.vat).toEqual([{ rate: 20, net: -2903, vat: -581 }]);
    expect(refundsOnly.net).toBe(-3484);
  });
});
