import type { SalesFigures } from '@servery/contract/back-office-shapes';
import { refundBands, vatBands, type VatBand } from '@servery/contract/pricing';

// The rule of decision 81 lives in the contract beside vatBands: a refunded order's VAT invoice
// takes VAT back by it too (orders/vat-invoice.ts).
export { refundBands };

/** An order as a report counts it: what it cost, how it was paid, and its lines. */
export interface SaleOrder {
  createdAt: Date;
  total: number;
  discount: number;
  deliveryFee: number;
  method: 'card' | 'cash';
  lines: { name: string; quantity: number; line_total: number; vat_rate: number }[];
}
/** Money given back in the period (by when it was given back, not when the order was placed). */
export interface SaleRefund {
  amount: number;
  method: 'card' | 'cash';
  /** The refunded order's invoice bands: the refund takes VAT back in their proportions. */
  bands: readonly VatBand[];
}

/** The orders a report counts: taken by the shop and not rejected or cancelled. */
export const SOLD_STATUSES = [
  'accepted',
  'preparing',
  'ready',
  'out_for_delivery',
  'completed',
] as const;

/** A period's orders added up by the hour of the shop's clock they were placed in. */
export interface HourSums {
  hour: number;
  orders: number;
  gross: number;
  discounts: number;
  delivery_fees: number;
  cash: number;
}
/** The VAT bands of a period's invoices added up by rate: gross (VAT inclusive) and VAT. */
export type RateSums = VatBand;
/** What a dish sold in a period. */
export type ItemSums = SalesFigures['top_items'][number];
/** A period's orders added up (by SQL, reports.repository.ts; or by sumsOfOrders). */
export interface PeriodSums {
  hours: HourSums[];
  vat: RateSums[];
  items: ItemSums[];
}

const TOP_ITEMS = 10;

/** The hour of the day on the shop's clock (a 25-hour day counts its repeated hour once). */
function hourOf(timeZone: string) {
  const format = new Intl.DateTimeFormat('en-GB', { timeZone, hour: 'numeric', hourCycle: 'h23' });
  return (at: Date) => Number(format.format(at));
}

/** Each order's own invoice bands (vatBands), added up by rate. */
export function vatOfOrders(
  orders: readonly Pick<SaleOrder, 'lines' | 'deliveryFee' | 'discount'>[],
): RateSums[] {
  const vat = new Map<number, RateSums>();
  for (const order of orders) {
    for (const band of vatBands(order.lines, order.deliveryFee, order.discount)) {
      const kept = vat.get(band.rate) ?? { rate: band.rate, gross: 0, vat: 0 };
      kept.gross += band.gross;
      kept.vat += band.vat;
      vat.set(band.rate, kept);
    }
  }
  return [...vat.values()];
}

/** Two sets of VAT sums as one (the stored bands and those worked out from lines). */
export function addRates(a: readonly RateSums[], b: readonly RateSums[]): RateSums[] {
  const vat = new Map<number, RateSums>();
  for (const band of [...a, ...b]) {
    const kept = vat.get(band.rate) ?? { rate: band.rate, gross: 0, vat: 0 };
    vat.set(band.rate, { ...kept, gross: kept.gross + band.gross, vat: kept.vat + band.vat });
  }
  return [...vat.values()];
}

/** The rule the report's SQL follows, order by order: the reference its tests hold it to. */
export function sumsOfOrders(orders: readonly SaleOrder[], timeZone: string): PeriodSums {
  const hour = hourOf(timeZone);
  const hours = new Map<number, HourSums>();
  const items = new Map<string, ItemSums>();
  for (const order of orders) {
    const h = hour(order.createdAt);
    const slot = hours.get(h) ?? {
      hour: h,
      ...{ orders: 0, gross: 0, discounts: 0, delivery_fees: 0, cash: 0 },
    };
    slot.orders += 1;
    slot.gross += order.total;
    slot.discounts += order.discount;
    slot.delivery_fees += order.deliveryFee;
    if (order.method === 'cash') slot.cash += order.total;
    hours.set(h, slot);
    for (const line of order.lines) {
      const kept = items.get(line.name) ?? { name: line.name, quantity: 0, gross: 0 };
      kept.quantity += line.quantity;
      kept.gross += line.line_total;
      items.set(line.name, kept);
    }
  }
  return { hours: [...hours.values()], vat: vatOfOrders(orders), items: [...items.values()] };
}

const add = <T>(rows: readonly T[], of: (row: T) => number) =>
  rows.reduce((sum, row) => sum + of(row), 0);

/**
 * A period's figures from its sums, each the sum of its orders to the penny (issue 29 point
 * 1): gross is what the orders cost; VAT by rate is each order's own invoice bands added up,
 * less what the period's refunds took back of each rate; net is gross less the refunds given in
 * the period; cash and card are each method's takings
 * less its refunds, so cash + card = net and the till is checked against `cash`.
 */
export function salesFigures(
  range: { from: string; to: string },
  sums: PeriodSums,
  refunds: readonly SaleRefund[],
): SalesFigures {
  const byHour = Array.from({ length: 24 }, (_, h) => {
    const slot = sums.hours.find((s) => s.hour === h);
    return { hour: h, orders: slot?.orders ?? 0, gross: slot?.gross ?? 0 };
  });
  const orders = add(sums.hours, (h) => h.orders);
  const gross = add(sums.hours, (h) => h.gross);
  const cash = add(sums.hours, (h) => h.cash);
  const refunded = {
    cash: add(
      refunds.filter((r) => r.method === 'cash'),
      (r) => r.amount,
    ),
    card: add(
      refunds.filter((r) => r.method === 'card'),
      (r) => r.amount,
    ),
  };
  const refundTotal = refunded.cash + refunded.card;
  const takenBack = refunds
    .flatMap((r) => refundBands(r.amount, r.bands))
    .map((band) => ({ rate: band.rate, gross: -band.gross, vat: -band.vat }));
  return {
    from: range.from,
    to: range.to,
    orders,
    gross,
    vat: addRates(sums.vat, takenBack)
      .map((band) => ({ rate: band.rate, net: band.gross - band.vat, vat: band.vat }))
      .sort((a, b) => b.rate - a.rate),
    discounts: add(sums.hours, (h) => h.discounts),
    delivery_fees: add(sums.hours, (h) => h.delivery_fees),
    refunds: refundTotal,
    net: gross - refundTotal,
    cash: cash - refunded.cash,
    card: gross - cash - refunded.card,
    average: orders ? Math.round(gross / orders) : 0,
    by_hour: byHour,
    top_items: [...sums.items]
      .sort((a, b) => b.quantity - a.quantity || b.gross - a.gross || a.name.localeCompare(b.name))
      .slice(0, TOP_ITEMS),
  };
}
