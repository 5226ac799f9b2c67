import { selectCartLines, type CartLine, type CartState } from './cart-slice.ts';

// Apart from the slice: only the menu's chunk needs it, not the shell (which has the slice).
let countsFor: CartLine[] | undefined;
let counts: ReadonlyMap<string, number> = new Map();

/** How many of each dish (by item id, all its choices together) the cart holds. */
export function selectItemCounts(state: { cartList: CartState }): ReadonlyMap<string, number> {
  const lines = selectCartLines(state);
  if (lines !== countsFor) {
    countsFor = lines;
    const next = new Map<string, number>();
    for (const line of lines) next.set(line.item_id, (next.get(line.item_id) ?? 0) + line.quantity);
    counts = next;
  }
  return counts;
}
