/** What a basket or order line holds: quantity, dish, chosen options and note. */
interface SummaryLine {
  quantity: number;
  name: string;
  modifier_names: readonly string[];
  note?: string | null;
}

/**
 * A line as the checkout and the order page list it: "2 × Dish", its options and note, and
 * its total on the right.
 */
export function LineSummary({ line, total }: { line: SummaryLine; total: string }) {
  return (
    <div className="flex justify-between gap-3">
      <p className="min-w-0">
        <span className="font-semibold">
          {line.quantity} × {line.name}
        </span>
        {line.modifier_names.length ? (
          <span className="block text-sm text-stone-700">{line.modifier_names.join(', ')}</span>
        ) : null}
        {line.note ? <span className="block text-sm text-stone-700">Note: {line.note}</span> : null}
      </p>
      <p className="shrink-0 font-semibold">{total}</p>
    </div>
  );
}
