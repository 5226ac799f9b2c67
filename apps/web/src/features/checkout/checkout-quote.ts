import type { Address } from '@servery/contract/address';
import type { CartLine } from '@servery/contract/cart';
import type { DeliveryZone, MenuItemDetail, OrderType, StoreSummary } from '@servery/contract/menu';
import type { PublicPromo } from '@servery/contract/promo';
import {
  orderTotals,
  selectionProblems,
  unitPrice,
  type OrderTotals,
} from '@servery/contract/pricing';

/** What the checkout knows of the dishes now: null for a dish the shop no longer has. */
export interface CatalogueNow {
  items: Record<string, MenuItemDetail | null>;
  /** Ids of the dishes on the store's menu (null when the menu could not be read). */
  onMenu: string[] | null;
}

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
export const zoneFor = (store: StoreSummary, district: string) =>
  store.delivery_zones.find((zone) => zone.district === district) ?? null;

/** One line priced as the server will price it, or the rule it breaks. */
function quoteLine(line: CartLine, catalogue: CatalogueNow): QuotedLine {
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
  catalogue: CatalogueNow;
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

  let zone: DeliveryZone | null = null;
  let addressProblem: string | null = null;
  let minimum = store.minimum_order;
  let minimumWhat = 'collection';
  if (orderType === 'delivery' && address) {
    zone = zoneFor(store, address.district);
    if (!zone) addressProblem = `${store.name} does not deliver to ${address.district}.`;
    else {
      minimum = zone.minimum_order;
      minimumWhat = `delivery to ${zone.district}`;
    }
  }
  const shortfall = Math.max(0, minimum - food);
  const minimumProblem =
    shortfall > 0 && !addressProblem
      ? `The minimum order for ${minimumWhat} is ${money(minimum)}. Add ${money(shortfall)} more.`
      : null;
  const promoProblem =
    promo && food < promo.minimum_order
      ? `${promo.code} needs an order of at least ${money(promo.minimum_order)}.`
      : null;

  const totals = orderTotals(orderable, zone?.fee ?? 0, promo && !promoProblem ? promo : null);
  return { lines, zone, addressProblem, minimum, shortfall, minimumProblem, promoProblem, totals };
}
