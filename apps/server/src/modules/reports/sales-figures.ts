import type { SalesFigures } from '@servery/contract/back-office-shapes';
import { vatBands } from '@servery/contract/pricing';

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
}

/** The orders a report counts: taken by the shop and not rejected or cancelled. */
export const SOLD_STATUSES = [
  'accepted',
  'preparing',
  'ready',
  'out_for_delivery',
  'completed',
] as const;

const TOP_ITEMS = 10;

/** The hour of the day on the shop's clock (a 25-hour day counts its repeated hour once). */
function hourOf(timeZone: string) {
  const format = new Intl.DateTimeFormat('en-GB', { timeZone, hour: 'numeric', hourCycle: 'h23' });
  return (at: Date) => Number(format.format(at));
}

/**
 * A period's figures, each the sum of its orders to the penny (issue 29 point 1): gross is what
 * the orders cost; VAT by rate is each order's own VAT bands (the rule of its invoice) added up;
 * net is gross less the refunds given in the period; cash and card are each method's takings
 * less its refunds, so cash + card = net and the till is checked against `cash`.
 */
export function salesFigures(
  range: { from: string; to: string },
  orders: readonly SaleOrder[],
  refunds: readonly SaleRefund[],
  timeZone: string,
): SalesFigures {
  const hour = hourOf(timeZone);
  const byHour = Array.from({ length: 24 }, (_, h) => ({ hour: h, orders: 0, gross: 0 }));
  const vat = new Map<number, { rate: number; net: number; vat: number }>();
  const items = new Map<string, { name: string; quantity: number; gross: number }>();
  const sum = { gross: 0, discounts: 0, delivery: 0, cash: 0, card: 0 };
  for (const order of orders) {
    sum.gross += order.total;
    sum.discounts += order.discount;
    sum.delivery += order.deliveryFee;
    sum[order.method] += order.total;
    const slot = byHour[hour(order.createdAt)]!;
    slot.orders += 1;
    slot.gross += order.total;
    for (const band of vatBands(order.lines, order.deliveryFee, order.discount)) {
      const kept = vat.get(band.rate) ?? { rate: band.rate, net: 0, vat: 0 };
      kept.net += band.gross - band.vat;
      kept.vat += band.vat;
      vat.set(band.rate, kept);
    }
    for (const line of order.lines) {
      const kept = items.get(line.name) ?? { name: line.name, quantity: 0, gross: 0 };
      kept.quantity += line.quantity;
      kept.gross += line.line_total;
      items.set(line.name, kept);
    }
  }
  const refunded = { cash: 0, card: 0 };
  for (const refund of refunds) refunded[refund.method] += refund.amount;
  const refundTotal = refunded.cash + refunded.card;
  return {
    from: range.from,
    to: range.to,
    orders: orders.length,
    gross: sum.gross,
    vat: [...vat.values()].sort((a, b) => b.rate - a.rate),
    discounts: sum.discounts,
    delivery_fees: sum.delivery,
    refunds: refundTotal,
    net: sum.gross - refundTotal,
    cash: sum.cash - refunded.cash,
    card: sum.card - refunded.card,
    average: orders.length ? Math.round(sum.gross / orders.length) : 0,
    by_hour: byHour,
    top_items: [...items.values()]
      .sort((a, b) => b.quantity - a.quantity || b.gross - a.gross || a.name.localeCompare(b.name))
      .slice(0, TOP_ITEMS),
  };
}
