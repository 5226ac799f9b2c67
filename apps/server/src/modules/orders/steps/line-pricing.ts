import type { MenuItemDetail } from '@servery/contract/menu';
import type { OrderCreated, OrderLine, OrderRequest } from '@servery/contract/order';
import { combineAllergens } from '@servery/contract/allergens';
import { priceLine } from '../../menu/line-pricing.ts';
import { rule } from './rule.ts';

export interface PricedLines {
  lines: OrderLine[];
  /** What the lines come to. */
  food: number;
  /** The dishes whose price moved since the basket saw it. */
  priceChanges: OrderCreated['price_changes'];
}

/**
 * Step 3, the lines: each from the catalogue (`orderable`, the store's menu now: visible, in
 * stock), its choices valid, priced by the server; the order keeps each line's names, VAT rate
 * and allergens as they were ordered.
 */
export function priceOrderLines(
  orderable: ReadonlyMap<string, MenuItemDetail> | undefined,
  requested: OrderRequest['lines'],
): PricedLines {
  const priceChanges: OrderCreated['price_changes'] = [];
  const lines: OrderLine[] = requested.map((line, index) => {
    const priced = priceLine(orderable, line, index);
    if (priced.problem !== null) throw rule(`lines.${index}`, priced.problem);
    const { item, unit } = priced;
    if (line.unit_price !== undefined && line.unit_price !== unit) {
      priceChanges.push({ item_id: item.id, name: item.name, was: line.unit_price, now: unit });
    }
    const options = item.modifier_groups.flatMap((group) => {
      const chosen = line.modifiers.find((s) => s.group_id === group.id)?.option_ids ?? [];
      return group.options.filter((o) => chosen.includes(o.id));
    });
    return {
      item_id: item.id,
      name: item.name,
      quantity: line.quantity,
      unit_price: unit,
      line_total: unit * line.quantity,
      modifiers: line.modifiers.filter((s) => s.option_ids.length > 0),
      modifier_names: options.map((o) => o.name),
      note: line.note,
      vat_rate: item.vat_rate,
      // The kitchen reads the allergens as they were ordered, not as the menu says later.
      allergens: combineAllergens([item.allergens, ...options.map((o) => o.allergens)]),
    };
  });
  const food = lines.reduce((sum, line) => sum + line.line_total, 0);
  return { lines, food, priceChanges };
}
