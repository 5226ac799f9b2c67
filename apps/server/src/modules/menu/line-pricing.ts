import type { OrderRequest } from '@servery/contract/order';
import type { MenuItemDetail } from '@servery/contract/menu';
import { selectionProblems, unitPrice } from '@servery/contract/pricing';

type LineRequest = OrderRequest['lines'][number];

/** A basket line as the order sees it: its dish and unit price, or why it cannot be ordered. */
export type PricedLine =
  | { item: MenuItemDetail; unit: number; problem: null }
  | { item: MenuItemDetail | null; unit: null; problem: string };

/**
 * One basket line against the dishes a store's menu offers (orderableItemsOf): on the menu, not
 * sold out, its choices within each group's rules, priced from the catalogue with them. The
 * order refuses a line with a problem in these words; the promo check leaves it out.
 */
export function priceLine(
  orderable: ReadonlyMap<string, MenuItemDetail> | undefined,
  line: LineRequest,
  index: number,
): PricedLine {
  const item = orderable?.get(line.item_id) ?? null;
  if (!item) return { item, unit: null, problem: `Line ${index + 1} is no longer on the menu.` };
  if (item.sold_out) return { item, unit: null, problem: `${item.name} is sold out.` };
  const problems = Object.values(selectionProblems(item, line.modifiers));
  if (problems.length) {
    return { item, unit: null, problem: `${item.name}: ${problems.join('; ')}.` };
  }
  return { item, unit: unitPrice(item, line.modifiers), problem: null };
}
