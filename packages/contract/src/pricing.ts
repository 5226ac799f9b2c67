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

/**
 * The order's breakdown. The discount comes off the food, spread over the lines in proportion
 * to their totals, and the VAT inside each part is worked out at that part's rate.
 */
export function orderTotals(
  lines: readonly { line_total: number; vat_rate: number }[],
  deliveryFee: number,
  promo: { kind: 'percent' | 'fixed'; value: number } | null,
): OrderTotals {
  const food = lines.reduce((sum, line) => sum + line.line_total, 0);
  const discount = promo ? promoDiscount(promo, food) : 0;
  let vat = Math.round((deliveryFee * DELIVERY_VAT_RATE) / (100 + DELIVERY_VAT_RATE));
  for (const line of lines) {
    const share = food === 0 ? 0 : (line.line_total / food) * discount;
    const paid = line.line_total - share;
    vat += Math.round((paid * line.vat_rate) / (100 + line.vat_rate));
  }
  return {
    subtotal: food,
    delivery_fee: deliveryFee,
    discount,
    total: food - discount + deliveryFee,
    vat,
  };
}
