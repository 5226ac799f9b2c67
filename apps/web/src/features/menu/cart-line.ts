import type { CartLine } from '@servery/contract/cart';
import { cartLineId } from '@servery/contract/cart';
import type { MenuItemDetail, MenuListItem } from '@servery/contract/menu';
import { unitPrice, type Selection } from '@servery/contract/pricing';

/**
 * Puts a line in the cart; answers whether it went in (the customer may keep a cart from
 * another store instead). The app gives the menu pages the cart's own implementation.
 */
export type AddToCart = (line: CartLine) => Promise<boolean>;

/** A dish with no choices, added straight from the menu list. */
export function plainLine(item: MenuListItem, storeId: string): CartLine {
  return {
    id: cartLineId(item.id, [], ''),
    item_id: item.id,
    store_id: storeId,
    name: item.name,
    image: item.image,
    unit_price: unitPrice({ price: item.price, modifier_groups: [] }, []),
    quantity: 1,
    modifiers: [],
    modifier_names: [],
    note: '',
  };
}

/** A dish with its chosen options, quantity and note, priced as the server will price it. */
export function chosenLine(
  item: MenuItemDetail,
  storeId: string,
  selections: Selection[],
  quantity: number,
  note: string,
): CartLine {
  const modifiers = selections.filter((s) => s.option_ids.length > 0);
  const names = item.modifier_groups.flatMap((group) => {
    const chosen = modifiers.find((s) => s.group_id === group.id)?.option_ids ?? [];
    return group.options.filter((o) => chosen.includes(o.id)).map((o) => o.name);
  });
  return {
    id: cartLineId(item.id, modifiers, note),
    item_id: item.id,
    store_id: storeId,
    name: item.name,
    image: item.image,
    unit_price: unitPrice(item, modifiers),
    quantity,
    modifiers,
    modifier_names: names,
    note: note.trim(),
  };
}
