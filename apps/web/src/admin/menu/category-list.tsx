import {
  DndContext,
  KeyboardSensor,
  PointerSensor,
  useDraggable,
  useDroppable,
  useSensor,
  useSensors,
  type DragEndEvent,
} from '@dnd-kit/core';
import type { EditableCategory } from '@servery/contract/menu-editor';
import { Button } from '../../components/ui/button.tsx';

interface RowProps {
  category: EditableCategory;
  index: number;
  count: number;
  selected: boolean;
  onSelect: () => void;
  onMove: (position: number) => void;
  onToggleHidden: () => void;
}

/** One category: a drag handle, its name (opens it), move up and down, hide or show. */
function CategoryRow({
  category,
  index,
  count,
  selected,
  onSelect,
  onMove,
  onToggleHidden,
}: RowProps) {
  const {
    setNodeRef: dragRef,
    transform,
    listeners,
    attributes,
  } = useDraggable({
    id: category.id,
  });
  const { setNodeRef: dropRef, isOver } = useDroppable({ id: category.id });
  const style = transform
    ? { transform: `translate3d(0, ${transform.y}px, 0)`, zIndex: 10 }
    : undefined;
  return (
    <li
      ref={dropRef}
      className={`rounded-xl border-2 bg-white ${isOver ? 'border-stone-900' : 'border-stone-200'}`}
    >
      <div ref={dragRef} style={style} className="flex flex-wrap items-center gap-2 p-2">
        <button
          type="button"
          className="min-h-12 min-w-12 cursor-grab rounded-lg bg-stone-100 text-xl"
          aria-label={`Drag ${category.name}`}
          {...listeners}
          {...attributes}
        >
          ⠿
        </button>
        <button
          type="button"
          aria-pressed={selected}
          className={`min-h-12 min-w-40 flex-1 rounded-lg px-3 text-left text-lg font-semibold ${selected ? 'bg-stone-900 text-white' : ''}`}
          onClick={onSelect}
        >
          {category.name}
          {category.hidden ? ' (hidden)' : ''}
          <span className="block text-sm font-normal">
            {category.items.length} {category.items.length === 1 ? 'dish' : 'dishes'}
          </span>
        </button>
        <Button
          variant="outline"
          size="lg"
          aria-label={`Move ${category.name} up`}
          disabled={index === 0}
          onClick={() => onMove(index - 1)}
        >
          ↑
        </Button>
        <Button
          variant="outline"
          size="lg"
          aria-label={`Move ${category.name} down`}
          disabled={index === count - 1}
          onClick={() => onMove(index + 1)}
        >
          ↓
        </Button>
        <Button variant="ghost" size="lg" onClick={onToggleHidden}>
          {category.hidden ? 'Show' : 'Hide'}
        </Button>
      </div>
    </li>
  );
}

/** The menu's categories: drag to reorder, or move with the buttons from the keyboard. */
export function CategoryList({
  categories,
  selectedId,
  onSelect,
  onMove,
  onToggleHidden,
}: {
  categories: EditableCategory[];
  selectedId: string | undefined;
  onSelect: (id: string) => void;
  onMove: (category: EditableCategory, position: number) => void;
  onToggleHidden: (category: EditableCategory) => void;
}) {
  const sensors = useSensors(useSensor(PointerSensor), useSensor(KeyboardSensor));
  const onDragEnd = (event: DragEndEvent) => {
    const from = categories.find((c) => c.id === event.active.id);
    const to = categories.findIndex((c) => c.id === event.over?.id);
    if (from && to >= 0 && from.id !== event.over?.id) onMove(from, to);
  };
  return (
    <DndContext sensors={sensors} onDragEnd={onDragEnd}>
      <ol className="space-y-2" aria-label="Categories">
        {categories.map((category, index) => (
          <CategoryRow
            key={category.id}
            category={category}
            index={index}
            count={categories.length}
            selected={category.id === selectedId}
            onSelect={() => onSelect(category.id)}
            onMove={(position) => onMove(category, position)}
            onToggleHidden={() => onToggleHidden(category)}
          />
        ))}
      </ol>
    </DndContext>
  );
}
