import { cartLineId, type CartLine } from '@servery/contract/cart';
import type { Order } from '@servery/contract/order';
import { selectionProblems, unitPrice } from '@servery/contract/pricing';
import type { DishesNow } from '../../lib/dishes-and-orders-api.ts';

export interface Reorder {
  /** The lines to put back in the basket, at today's prices. */
  lines: CartLine[];
  /** What could not be added, and why, in the customer's words. */
  refused: string[];
  /** Dishes added at another price than the order's. */
  repriced: string[];
}

type Money = (minor: number) => string;

/**
 * An order's lines back into the basket as the shop has them now: each dish must still be on
 * the store's menu, not sold out, and its choices must still be offered (the same rules the
 * order endpoint applies), else it is left out and the customer told why.
 */
export function reorderLines(order: Order, menu: DishesNow, money: Money): Reorder {
  const lines: CartLine[] = [];
  const refused: string[] = [];
  const repriced: string[] = [];
  for (const line of order.lines) {
    const item = menu.items[line.item_id] ?? null;
    const quantity = line.quantity > 1 ? `${line.quantity} × ` : '';
    if (!item || (menu.onMenu && !menu.onMenu.includes(item.id))) {
      refused.push(`${quantity}${line.name}: no longer on the menu at ${order.store.name}.`);
      continue;
    }
    if (item.sold_out) {
      refused.push(`${quantity}${item.name}: sold out today.`);
      continue;
    }
    const problems = Object.values(selectionProblems(item, line.modifiers));
    if (problems.length) {
      refused.push(
        `${quantity}${item.name}: the choices you made are no longer offered (${problems.join('; ')}).`,
      );
      continue;
    }
    const unit = unitPrice(item, line.modifiers);
    if (unit !== line.unit_price) {
      repriced.push(`${item.name} is now ${money(unit)} (was ${money(line.unit_price)}).`);
    }
    const names = item.modifier_groups.flatMap((group) => {
      const chosen = line.modifiers.find((s) => s.group_id === group.id)?.option_ids ?? [];
      return group.options.filter((o) => chosen.includes(o.id)).map((o) => o.name);
    });
    lines.push({
      id: cartLineId(item.id, line.modifiers, line.note),
      item_id: item.id,
      store_id: order.store.id,
      name: item.name,
      image: item.image,
      unit_price: unit,
      quantity: line.quantity,
      modifiers: line.modifiers,
      modifier_names: names,
      note: line.note,
    });
  }
  return { lines, refused, repriced };
}
