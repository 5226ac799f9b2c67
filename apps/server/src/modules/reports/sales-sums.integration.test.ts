import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { addDays } from '@servery/contract/clock';
import { vatBands } from '@servery/contract/pricing';
import { describe, expect, it } from 'vitest';
import { orders } from '../../db/schema.ts';
import { useBackOfficeShop } from '../../../test/back-office-shop.ts';
import { insertCustomer } from '../customers/customers.repository.ts';
import { insertOrderWithPayment } from '../orders/orders.repository.ts';
import { tradingDayStartOf as dayStart } from '../../lib/trading-day.ts';
import { salesFigures, sumsOfOrders, type SaleOrder } from './sales-figures.ts';

// Issue 29 points 1 and 6: the report adds its orders up in SQL (reports.repository.ts); the
// figures are those of the rule applied order by order (sumsOfOrders, held to the penny by
// sales-figures.test.ts), on generated orders around London's 25-hour day.
const s = useBackOfficeShop();
const TZ = 'Europe/London';

const line = fc.record({
  name: fc.constantFrom('Dal', 'Naan', 'Korma', 'Lassi'),
  quantity: fc.integer({ min: 1, max: 4 }),
  unit: fc.integer({ min: 1, max: 2500 }),
  vat_rate: fc.constantFrom(0, 5, 20),
});
const generated = fc.record({
  share: fc.double({ min: 0, max: 1, noNaN: true, maxExcluded: true }),
  lines: fc.array(line, { minLength: 1, maxLength: 4 }),
  deliveryFee: fc.constantFrom(0, 199, 250),
  discountShare: fc.constantFrom(0, 0, 0.1, 0.37),
  method: fc.constantFrom<'card' | 'cash'>('card', 'cash'),
  status: fc.constantFrom('accepted', 'completed', 'completed', 'rejected'),
  /** An order placed before orders kept their VAT bands: the report works them out. */
  unbanded: fc.boolean(),
});
type Generated = (typeof generated extends fc.Arbitrary<infer T> ? T : never) & { at: Date };

async function insert(o: Generated, customerId: string): Promise<SaleOrder> {
  const lines = o.lines.map((l) => ({
    item_id: randomUUID(),
    name: l.name,
    quantity: l.quantity,
    unit_price: l.unit,
    line_total: l.unit * l.quantity,
    modifiers: [],
    modifier_names: [],
    note: '',
    vat_rate: l.vat_rate,
  }));
  const food = lines.reduce((sum, l) => sum + l.line_total, 0);
  const discount = Math.floor(food * o.discountShare);
  const total = food - discount + o.deliveryFee;
  const vat = vatBands(lines, o.deliveryFee, discount).reduce((sum, b) => sum + b.vat, 0);
  const id = randomUUID();
  await insertOrderWithPayment(
    s.ctx.db,
    {
      ...{ id, tenantId: s.tenantId, customerId, storeId: s.main.storeId },
      ...{ storeName: s.main.storeName, storePhone: '020 7946 0001', orderType: 'collection' },
      ...{ address: null, asap: true, scheduledFor: o.at, lines, subtotal: food },
      ...{ deliveryFee: o.deliveryFee, discount, total, vat, currency: 'GBP' },
      ...{ promoId: null, promoCode: null, notes: '', status: o.status as 'completed' },
      ...{ statusHistory: [], createdAt: o.at, updatedAt: o.at },
    },
    {
      ...{ method: o.method, provider: o.method === 'cash' ? 'cash' : 'demo' },
      ...{ status: o.method === 'cash' ? 'pay_on_collection' : 'succeeded', amount: total },
      ...{ currency: 'GBP', intentId: null, clientSecret: null, stripeAccount: null },
    },
  );
  if (o.unbanded) await s.ctx.db.update(orders).set({ vatBands: null }).where(eq(orders.id, id));
  return { createdAt: o.at, total, discount, deliveryFee: o.deliveryFee, method: o.method, lines };
}

describe('the sales report on generated orders', () => {
  it('equals the orders added up one by one: hours, VAT by rate (stored or worked out), dishes', async () => {
    const customer = await insertCustomer(s.ctx.db, {
      tenantId: s.tenantId,
      firstName: 'Lena',
      lastName: 'Sums',
      referralCode: 'SUMS0001',
    });
    let run = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(generated, { maxLength: 12 }), async (drafts) => {
        // A trading day of its own for each run, from 20 October: the 24th's (to 4:00 AM on the
        // 25th) has 25 hours in London.
        const day = addDays('2026-10-20', run++);
        const start = dayStart(day, TZ).getTime();
        const length = dayStart(addDays(day, 1), TZ).getTime() - start;
        const sold: SaleOrder[] = [];
        for (const draft of drafts) {
          const at = new Date(start + Math.floor(draft.share * length));
          const order = await insert({ ...draft, at }, customer.id);
          if (draft.status !== 'rejected') sold.push(order);
        }
        const res = await s.ctx.app.inject({
          method: 'GET',
          url: `/api/admin/reports/sales?from=${day}&to=${day}&store_id=${s.main.storeId}`,
          headers: s.manager.headers,
        });
        expect(res.statusCode).toBe(200);
        const {
          previous: _previous,
          store_id: _store,
          time_zone: _tz,
          currency: _c,
          ...figures
        } = res.json().data;
        expect(figures).toEqual(salesFigures({ from: day, to: day }, sumsOfOrders(sold, TZ), []));
      }),
      { numRuns: 10 },
    );
  });
});
