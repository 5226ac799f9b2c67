import type { Selection } from './pricing.ts';

/**
 * One line of the cart (product.md §3 cartList.cart_list_data.cartData). The cart lives in the
 * browser; the server re-prices every order from its own data (architecture.md "Cart"), so the names
 * and prices here are what the customer saw when adding, for showing only.
 */
export interface CartLine {
  /** Same dish, same choices and same note: one line. Other choices: another line. */
  id: string;
  item_id: string;
  store_id: string;
  name: string;
  image: string | null;
  /** The dish's price with its chosen options, in minor units (pricing.ts unitPrice). */
  unit_price: number;
  quantity: number;
  modifiers: Selection[];
  /** The chosen options' names, in group order, for the cart and receipts. */
  modifier_names: string[];
  note: string;
}

export const CART_NOTE_MAX_LENGTH = 200;

/** The line id for a dish with these choices and note (stable whatever order they came in). */
export function cartLineId(itemId: string, modifiers: readonly Selection[], note: string): string {
  const choices = [...modifiers]
    .filter((s) => s.option_ids.length > 0)
    .sort((a, b) => a.group_id.localeCompare(b.group_id))
    .map((s) => `${s.group_id}=${[...s.option_ids].sort().join('+')}`)
    .join(';');
  return `${itemId}|${choices}|${note.trim()}`;
}
