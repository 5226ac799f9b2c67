import type {
  Catalogue,
  MenuItemRow,
  MenuItemStoreRow,
} from '../catalogue/catalogue.repository.ts';

/**
 * A dish as one store sells it (issue 28, docs/decisions/0035): the store's own price when it
 * has one, and the store's sold-out and hidden switches on top of the dish's own (which a tenant
 * document may still set for every store at once).
 */
export interface ItemAtStore {
  listed: boolean;
  price: number;
  soldOut: boolean;
  soldOutUntil: Date | null;
  hidden: boolean;
}

const byPair = new WeakMap<Catalogue, Map<string, MenuItemStoreRow>>();

/** The catalogue's per-store rows by "item|store", worked out once per cached catalogue. */
function storeRows(catalogue: Catalogue): Map<string, MenuItemStoreRow> {
  let rows = byPair.get(catalogue);
  if (!rows) {
    rows = new Map(catalogue.itemStores.map((row) => [`${row.itemId}|${row.storeId}`, row]));
    byPair.set(catalogue, rows);
  }
  return rows;
}

export function storeRowOf(catalogue: Catalogue, itemId: string, storeId: string) {
  return storeRows(catalogue).get(`${itemId}|${storeId}`);
}

const later = (a: Date | null, b: Date | null) =>
  a && b ? (a.getTime() > b.getTime() ? a : b) : (a ?? b);

export function itemAtStore(
  catalogue: Catalogue,
  item: MenuItemRow,
  storeId: string | null,
): ItemAtStore {
  const row = storeId ? storeRowOf(catalogue, item.id, storeId) : undefined;
  return {
    listed: row?.listed ?? true,
    price: row?.price ?? item.price,
    soldOut: item.soldOut || (row?.soldOut ?? false),
    soldOutUntil: later(item.soldOutUntil, row?.soldOutUntil ?? null),
    hidden: item.hidden || (row?.hidden ?? false),
  };
}

/**
 * The store a dish's page speaks for when the request names none: the shop's main store when
 * it sells the dish, else the first store whose menu lists it (null: none does).
 */
export function defaultStoreOf(
  catalogue: Catalogue,
  stores: readonly { id: string; menuId: string | null }[],
  mainStoreId: string | undefined,
  itemId: string,
): string | null {
  const categories = new Set(
    catalogue.links.filter((link) => link.itemId === itemId).map((link) => link.categoryId),
  );
  const menus = new Set(
    catalogue.categories.filter((c) => categories.has(c.id)).map((c) => c.menuId),
  );
  const selling = stores.filter(
    (s) => s.menuId && menus.has(s.menuId) && storeRowOf(catalogue, itemId, s.id)?.listed !== false,
  );
  return (selling.find((s) => s.id === mainStoreId) ?? selling[0])?.id ?? null;
}
