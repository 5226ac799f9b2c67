/**
 * Prices and choices, computed the same way in the browser (what the customer sees) and on the
 * server (what the order costs), so the two cannot drift. Zod-free; amounts are minor units.
 */

export const MAX_LINE_QUANTITY = 50;

/** The options chosen in one modifier group of a dish. */
export interface Selection {
  group_id: string;
  option_ids: string[];
}

interface PricedOption {
  id: string;
  name: string;
  price_delta: number;
  sold_out: boolean;
}
interface PricedGroup {
  id: string;
  name: string;
  min: number;
  max: number;
  options: PricedOption[];
}
/** What pricing needs of a dish (the API's MenuItemDetail has it all). */
export interface PricedItem {
  price: number;
  modifier_groups: PricedGroup[];
}

/** What a group asks for, as the customer reads it: "Choose 1", "Choose up to 3", "Choose 1 to 2". */
export function groupRule(group: { min: number; max: number }): string {
  if (group.min === group.max) return `Choose ${group.min}`;
  if (group.min === 0) return `Choose up to ${group.max}`;
  return `Choose ${group.min} to ${group.max}`;
}

/**
 * Every way the selections break the dish's rules, by group id (empty when they are complete):
 * unknown groups or options, repeats, sold-out options, too few or too many.
 */
export function selectionProblems(
  item: Pick<PricedItem, 'modifier_groups'>,
  selections: readonly Selection[],
): Record<string, string> {
  const problems: Record<string, string> = {};
  const byGroup = new Map<string, string[]>();
  for (const selection of selections) {
    if (byGroup.has(selection.group_id)) problems[selection.group_id] = 'Chosen twice';
    byGroup.set(selection.group_id, selection.option_ids);
  }
  for (const groupId of byGroup.keys()) {
    if (!item.modifier_groups.some((g) => g.id === groupId)) {
      problems[groupId] = 'This choice is no longer offered';
    }
  }
  for (const group of item.modifier_groups) {
    const chosen = byGroup.get(group.id) ?? [];
    const options = chosen.map((id) => group.options.find((o) => o.id === id));
    if (new Set(chosen).size !== chosen.length) problems[group.id] = 'An option is chosen twice';
    else if (options.some((o) => o === undefined)) {
      problems[group.id] = 'An option is no longer offered';
    } else if (options.some((o) => o!.sold_out)) {
      problems[group.id] = `${options.find((o) => o!.sold_out)!.name} is sold out`;
    } else if (chosen.length < group.min || chosen.length > group.max) {
      problems[group.id] = `${group.name}: ${groupRule(group).toLowerCase()}`;
    }
  }
  return problems;
}

/** The price of one dish with its chosen options (never below zero). */
export function unitPrice(item: PricedItem, selections: readonly Selection[]): number {
  let total = item.price;
  for (const selection of selections) {
    const group = item.modifier_groups.find((g) => g.id === selection.group_id);
    for (const id of selection.option_ids) {
      total += group?.options.find((o) => o.id === id)?.price_delta ?? 0;
    }
  }
  return Math.max(0, total);
}

export function linePrice(unit: number, quantity: number): number {
  return unit * quantity;
}

/** The sum of the lines: each line's unit price times its quantity. */
export function subtotal(lines: readonly { unit_price: number; quantity: number }[]): number {
  return lines.reduce((sum, line) => sum + linePrice(line.unit_price, line.quantity), 0);
}

/** 1095 and £ → "£10.95"; -150 → "-£1.50". */
export function formatMoney(minor: number, currency: { sign: string }): string {
  const sign = minor < 0 ? '-' : '';
  const abs = Math.abs(minor);
  return `${sign}${currency.sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** What a promo code takes off a subtotal (never more than the subtotal). */
export function promoDiscount(
  promo: { kind: 'percent' | 'fixed'; value: number },
  subtotalMinor: number,
): number {
  const off =
    promo.kind === 'percent' ? Math.round((subtotalMinor * promo.value) / 100) : promo.value;
  return Math.min(off, subtotalMinor);
}

/** VAT on delivery charges (standard rate). */
export const DELIVERY_VAT_RATE = 20;

export interface OrderTotals {
  subtotal: number;
  delivery_fee: number;
  discount: number;
  total: number;
  /** The VAT inside the total: UK prices include it. */
  vat: number;
}

/** One VAT rate of an order: what was paid at it (VAT included) and the VAT inside that. */
export interface VatBand {
  rate: number;
  gross: number;
  vat: number;
}

/**
 * The order's VAT, rate by rate (the one rule for the order's `vat` and for its VAT invoice).
 * The discount comes off the food, spread over the lines in proportion to their totals in whole
 * pence (the pence left over go to the lines with the largest remainders, so the parts add up
 * to the total); the delivery fee is at DELIVERY_VAT_RATE; the VAT inside each rate's gross is
 * worked out once per rate, as HMRC allows on an invoice. Highest rate first.
 */
export function vatBands(
  lines: readonly { line_total: number; vat_rate: number }[],
  deliveryFee: number,
  discount: number,
): VatBand[] {
  const food = lines.reduce((sum, line) => sum + line.line_total, 0);
  const exact = lines.map((line) => (food === 0 ? 0 : (line.line_total * discount) / food));
  const shares = exact.map(Math.floor);
  let left = discount - shares.reduce((sum, share) => sum + share, 0);
  const byRemainder = exact
    .map((value, index) => ({ index, remainder: value - Math.floor(value) }))
    .sort((a, b) => b.remainder - a.remainder || a.index - b.index);
  for (const { index } of byRemainder) {
    if (left <= 0) break;
    shares[index]! += 1;
    left -= 1;
  }
  const gross = new Map<number, number>();
  const add = (rate: number, amount: number) => gross.set(rate, (gross.get(rate) ?? 0) + amount);
  lines.forEach((line, index) => add(line.vat_rate, line.line_total - shares[index]!));
  if (deliveryFee > 0) add(DELIVERY_VAT_RATE, deliveryFee);
  return [...gross.entries()]
    .sort(([a], [b]) => b - a)
    .map(([rate, amount]) => ({
      rate,
      gross: amount,
      vat: Math.round((amount * rate) / (100 + rate)),
    }));
}

/**
 * What a refund takes back of each VAT rate (decision 81): its amount spread over its order's
 * invoice bands by their gross (the last band takes the pennies left), each part's VAT worked
 * out as an invoice works it out. A refund of a single-rate order is all of that rate.
 */
export function refundBands(amount: number, bands: readonly VatBand[]): VatBand[] {
  const total = bands.reduce((sum, band) => sum + band.gross, 0);
  if (total <= 0) return [];
  let left = amount;
  return bands.map((band, index) => {
    const gross = index === bands.length - 1 ? left : Math.round((amount * band.gross) / total);
    left -= gross;
    return { rate: band.rate, gross, vat: Math.round((gross * band.rate) / (100 + band.rate)) };
  });
}

/** The order's breakdown; its VAT is the sum of vatBands. */
export function orderTotals(
  lines: readonly { line_total: number; vat_rate: number }[],
  deliveryFee: number,
  promo: { kind: 'percent' | 'fixed'; value: number } | null,
): OrderTotals {
  const food = lines.reduce((sum, line) => sum + line.line_total, 0);
  const discount = promo ? promoDiscount(promo, food) : 0;
  return {
    subtotal: food,
    delivery_fee: deliveryFee,
    discount,
    total: food - discount + deliveryFee,
    vat: vatBands(lines, deliveryFee, discount).reduce((sum, band) => sum + band.vat, 0),
  };
}
