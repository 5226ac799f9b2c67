import type { Address } from '@servery/contract/address';
import type { CartLine } from '@servery/contract/cart';
import type { DeliveryZone, OrderType, StoreSummary } from '@servery/contract/menu';
import type { PublicPromo } from '@servery/contract/promo';
import {
  deliveryTerms,
  minimumOrderProblem,
  minimumShortfall,
  zoneOf,
} from '@servery/contract/delivery-terms';
import {
  orderTotals,
  selectionProblems,
  unitPrice,
  type OrderTotals,
} from '@servery/contract/pricing';
import type { DishesNow } from '../../lib/dishes-and-orders-api.ts';

export interface QuotedLine {
  line: CartLine;
  /** The price now, with the chosen options (the server's own pricing). */
  unit_price: number;
  line_total: number;
  vat_rate: number;
  /** The price in the basket when it differs from the price now. */
  was: number | null;
  /** Why this line cannot be ordered, in the server's words. */
  problem: string | null;
}

export interface CheckoutQuote {
  lines: QuotedLine[];
  /** The delivery zone of the address, for delivery. */
  zone: DeliveryZone | null;
  addressProblem: string | null;
  minimum: number;
  /** How much more food it takes to reach the minimum order (0 when reached). */
  shortfall: number;
  minimumProblem: string | null;
  promoProblem: string | null;
  totals: OrderTotals;
}

type Money = (minor: number) => string;

/** The zone a store delivers to for this address, if any. */
export const zoneFor = (store: StoreSummary, district: string): DeliveryZone | null =>
  zoneOf(store, district);

/** One line priced as the server will price it, or the rule it breaks. */
function quoteLine(line: CartLine, catalogue: DishesNow): QuotedLine {
  const item = catalogue.items[line.item_id] ?? null;
  const offered = item && (!catalogue.onMenu || catalogue.onMenu.includes(item.id));
  if (!item || !offered) {
    return {
      line,
      unit_price: line.unit_price,
      line_total: line.unit_price * line.quantity,
      vat_rate: 20,
      was: null,
      problem: `${line.name} is no longer on the menu.`,
    };
  }
  const unit = unitPrice(item, line.modifiers);
  const problems = Object.values(selectionProblems(item, line.modifiers));
  return {
    line,
    unit_price: unit,
    line_total: unit * line.quantity,
    vat_rate: item.vat_rate,
    was: unit === line.unit_price ? null : line.unit_price,
    problem: item.sold_out
      ? `${item.name} is sold out.`
      : problems.length
        ? `${item.name}: ${problems.join('; ')}.`
        : null,
  };
}

/**
 * The checkout's figures and every rule POST /api/order applies that the browser can know:
 * each dish (still offered, in stock, its choices valid), the delivery district and its fee,
 * the minimum order, and the applied promo code's minimum (its terms as POST /api/promos/check
 * answered them, so a basket that shrinks below it shows at once). Money comes from pricing.ts,
 * the code the server prices with, so what the customer sees is what the order costs.
 */
export function quoteCheckout(input: {
  lines: readonly CartLine[];
  catalogue: DishesNow;
  store: StoreSummary;
  orderType: OrderType;
  address: Address | null;
  promo: PublicPromo | null;
  money: Money;
}): CheckoutQuote {
  const { store, orderType, address, promo, money } = input;
  const lines = input.lines.map((line) => quoteLine(line, input.catalogue));
  // Only the dishes that can be ordered count: the others must go before the order can.
  const orderable = lines.filter((line) => !line.problem);
  const food = orderable.reduce((sum, line) => sum + line.line_total, 0);

  // The server's own delivery terms: the district's zone, its fee and the minimum order.
  const terms = deliveryTerms(
    store,
    orderType,
    orderType === 'delivery' && address ? address.district : null,
  );
  const { zone, minimum, problem: addressProblem } = terms;
  const shortfall = minimumShortfall(terms, food);
  const minimumProblem = addressProblem ? null : minimumOrderProblem(terms, food, money);
  const promoProblem =
    promo && food < promo.minimum_order
      ? `${promo.code} needs an order of at least ${money(promo.minimum_order)}.`
      : null;

  const totals = orderTotals(orderable, terms.fee, promo && !promoProblem ? promo : null);
  return { lines, zone, addressProblem, minimum, shortfall, minimumProblem, promoProblem, totals };
}
