import type { EditableCategory, EditableItem } from '@servery/contract/menu-editor';
import { adminMoney as money } from '../admin-shop.ts';
import { ReorderList } from './reorder-list.tsx';

/**
 * "£8.95", or "£8.95 · Shoreditch £9.50" where a store charges its own price: in the shop's
 * currency, never in pence (walk 2, finding 26).
 */
function priceLine(item: EditableItem) {
  const own = item.stores
    .filter((s) => s.sells && s.price !== null)
    .map((s) => `${s.name} ${money(s.price!)}`);
  return [money(item.price), ...own].join(' · ');
}

/** What a person may not move: a dish another store sells too, unless they work there as well. */
export const sharedBeyond = (item: EditableItem) => item.stores.some((s) => s.sells && !s.editable);

/** A category's dishes in the storefront's order: open one, drag or move it up and down. */
export function DishList({
  category,
  onOpen,
  onMove,
  busy,
}: {
  category: EditableCategory;
  onOpen: (item: EditableItem) => void;
  onMove: (item: EditableItem, position: number) => void;
  /** A move is being saved: the next waits for it. */
  busy: boolean;
}) {
  if (category.items.length === 0) return <p>No dishes in {category.name} yet.</p>;
  return (
    <ReorderList
      label={`Dishes in ${category.name}`}
      rows={category.items}
      onMove={onMove}
      disabled={sharedBeyond}
      busy={busy}
      render={(item) => (
        <button
          type="button"
          className="flex min-h-12 min-w-40 flex-1 flex-col items-start px-2 text-left text-lg"
          onClick={() => onOpen(item)}
        >
          <span className="font-semibold">{item.name}</span>
          <span className="text-sm">{priceLine(item)}</span>
        </button>
      )}
    />
  );
}
