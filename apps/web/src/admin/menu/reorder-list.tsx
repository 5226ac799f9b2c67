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
import type { ReactNode } from 'react';
import { Button } from '../../components/ui/button.tsx';

interface Row {
  id: string;
  name: string;
}

interface RowProps<T extends Row> {
  row: T;
  index: number;
  count: number;
  disabled: boolean;
  /** A move is being saved: the arrows wait for it (their row's version is about to change). */
  busy: boolean;
  onMove: (position: number) => void;
  children: ReactNode;
}

const WAITING = 'aria-disabled:cursor-wait aria-disabled:opacity-60';

/** One row: a drag handle, what the caller draws, and move up / move down for the keyboard. */
function ReorderRow<T extends Row>({
  row,
  index,
  count,
  disabled,
  busy,
  onMove,
  children,
}: RowProps<T>) {
  const {
    setNodeRef: dragRef,
    transform,
    listeners,
    attributes,
  } = useDraggable({ id: row.id, disabled: disabled || busy });
  // While a move is saved the arrows stay where the finger and the focus are, marked
  // aria-disabled rather than disabled (a disabled button would drop the keyboard's focus), and a
  // second tap does nothing: two quick taps move once, never with a stale version (walk 2, 14).
  const move = (position: number) => {
    if (!busy) onMove(position);
  };
  const { setNodeRef: dropRef, isOver } = useDroppable({ id: row.id });
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
          className="min-h-12 min-w-12 cursor-grab rounded-lg bg-stone-100 text-xl disabled:cursor-not-allowed disabled:opacity-50"
          aria-label={`Drag ${row.name}`}
          {...listeners}
          {...attributes}
          disabled={disabled}
        >
          ⠿
        </button>
        {children}
        <Button
          variant="outline"
          size="lg"
          aria-label={`Move ${row.name} up`}
          className={WAITING}
          disabled={disabled || index === 0}
          aria-disabled={busy || undefined}
          onClick={() => move(index - 1)}
        >
          ↑
        </Button>
        <Button
          variant="outline"
          size="lg"
          aria-label={`Move ${row.name} down`}
          className={WAITING}
          disabled={disabled || index === count - 1}
          aria-disabled={busy || undefined}
          onClick={() => move(index + 1)}
        >
          ↓
        </Button>
      </div>
    </li>
  );
}

/**
 * A list put in order by dragging a row onto another's place, or, from the keyboard (and for
 * anyone who cannot drag), with each row's move up and move down buttons (issue 28).
 */
export function ReorderList<T extends Row>({
  label,
  rows,
  onMove,
  render,
  disabled = () => false,
  busy = false,
}: {
  label: string;
  rows: readonly T[];
  onMove: (row: T, position: number) => void;
  render: (row: T) => ReactNode;
  /** Rows the person may not move (a dish another store sells too, for a one-store manager). */
  disabled?: (row: T) => boolean;
  /** A move is being saved and the list read again: moves wait (one at a time). */
  busy?: boolean;
}) {
  const sensors = useSensors(useSensor(PointerSensor), useSensor(KeyboardSensor));
  const onDragEnd = (event: DragEndEvent) => {
    const from = rows.find((r) => r.id === event.active.id);
    const to = rows.findIndex((r) => r.id === event.over?.id);
    if (!busy && from && to >= 0 && from.id !== event.over?.id) onMove(from, to);
  };
  return (
    <DndContext sensors={sensors} onDragEnd={onDragEnd}>
      <ol className="space-y-2" aria-label={label}>
        {rows.map((row, index) => (
          <ReorderRow
            key={row.id}
            row={row}
            index={index}
            count={rows.length}
            disabled={disabled(row)}
            busy={busy}
            onMove={(position) => onMove(row, position)}
          >
            {render(row)}
          </ReorderRow>
        ))}
      </ol>
    </DndContext>
  );
}
