/**
 * A count chosen with − and + buttons and shown between them, as the basket's quantities are: a
 * number input's spinners are small targets and a scroll wheel passing over one changes it.
 * 48 px buttons (the staff application's size); each is a real button, so Tab reaches it and
 * Enter or Space presses it. At an end a button is marked `aria-disabled` rather than disabled,
 * so the keyboard's focus stays on it instead of falling back to the page's start. The count
 * is an `<output>`, read out when it changes.
 */
export function CountStepper({
  value,
  min = 0,
  max,
  labelledBy,
  describedBy,
  fewerLabel,
  moreLabel,
  onChange,
}: {
  value: number;
  min?: number;
  max: number;
  /** The id of what the count is of: the group's name. */
  labelledBy: string;
  /** The id of what is wrong with the count, while something is. */
  describedBy?: string | undefined;
  fewerLabel: string;
  moreLabel: string;
  onChange: (value: number) => void;
}) {
  return (
    <div
      role="group"
      aria-labelledby={labelledBy}
      aria-describedby={describedBy}
      className="flex shrink-0 items-center gap-2"
    >
      <button
        type="button"
        className={STEP}
        aria-disabled={value <= min}
        aria-label={fewerLabel}
        onClick={() => value > min && onChange(value - 1)}
      >
        −
      </button>
      <output className="w-10 text-center text-xl font-semibold tabular-nums">{value}</output>
      <button
        type="button"
        className={STEP}
        aria-disabled={value >= max}
        aria-label={moreLabel}
        onClick={() => value < max && onChange(value + 1)}
      >
        +
      </button>
    </div>
  );
}

const STEP =
  'grid h-12 w-12 place-items-center rounded-full border-2 border-stone-400 bg-white text-2xl font-semibold outline-offset-2 hover:bg-stone-100 focus-visible:outline-3 focus-visible:outline-primary aria-disabled:cursor-not-allowed aria-disabled:opacity-40 aria-disabled:hover:bg-white';
