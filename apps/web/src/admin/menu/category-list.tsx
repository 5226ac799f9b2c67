import type { EditableCategory } from '@servery/contract/menu-editor';
import { Button } from '../../components/ui/button.tsx';
import { ReorderList } from './reorder-list.tsx';

/** The menu's categories: drag to reorder (or move up and down), open one, hide or show it. */
export function CategoryList({
  categories,
  brandName,
  selectedId,
  onSelect,
  onMove,
  onToggleHidden,
  busy,
}: {
  categories: EditableCategory[];
  brandName: (slug: string | null) => string | null;
  selectedId: string | undefined;
  onSelect: (id: string) => void;
  onMove: (category: EditableCategory, position: number) => void;
  onToggleHidden: (category: EditableCategory) => void;
  /** A move is being saved: the next waits for it. */
  busy: boolean;
}) {
  return (
    <ReorderList
      label="Categories"
      rows={categories}
      onMove={onMove}
      busy={busy}
      render={(category) => {
        const count = category.items.length;
        const brand = brandName(category.brand);
        return (
          <>
            <button
              type="button"
              aria-pressed={category.id === selectedId}
              className={`min-h-12 min-w-40 flex-1 rounded-lg px-3 text-left text-lg font-semibold ${category.id === selectedId ? 'bg-stone-900 text-white' : ''}`}
              onClick={() => onSelect(category.id)}
            >
              {category.name}
              {category.hidden ? ' (hidden)' : ''}
              <span className="block text-sm font-normal">
                {count} {count === 1 ? 'dish' : 'dishes'}
                {brand ? ` · ${brand} kitchen` : ''}
              </span>
            </button>
            <Button
              variant="ghost"
              size="lg"
              aria-label={`${category.hidden ? 'Show' : 'Hide'} ${category.name}`}
              onClick={() => onToggleHidden(category)}
            >
              {category.hidden ? 'Show' : 'Hide'}
            </Button>
          </>
        );
      }}
    />
  );
}
