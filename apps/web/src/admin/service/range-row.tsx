import type { UseFormRegisterReturn } from 'react-hook-form';
import { buttonClass } from '../../components/ui/button.tsx';

/** A time input sized to its value, so a range fits on one line of a phone. */
const TIME =
  'min-h-12 rounded-xl border-2 border-stone-400 bg-white px-3 text-base outline-none focus:border-primary focus:ring-4 focus:ring-primary/30 aria-[invalid=true]:border-red-700';

/** What is wrong with one range: the range itself (an overlap), or one of its times. */
export interface RangeErrors {
  message?: string;
  opens?: { message?: string };
  closes?: { message?: string };
}
export const rangeMessage = (errors: RangeErrors | undefined) =>
  errors?.message ?? errors?.opens?.message ?? errors?.closes?.message;

/** One opening range: two time inputs and a remove button, with what is wrong with it. */
export function RangeRow({
  name,
  opens,
  closes,
  error,
  onRemove,
}: {
  name: string;
  opens: UseFormRegisterReturn;
  closes: UseFormRegisterReturn;
  error: string | undefined;
  onRemove: () => void;
}) {
  return (
    <div className="flex flex-wrap items-center gap-2">
      <input
        type="time"
        aria-label={`${name} opens`}
        aria-invalid={Boolean(error)}
        className={TIME}
        {...opens}
      />
      <span aria-hidden="true">to</span>
      <input
        type="time"
        aria-label={`${name} closes`}
        aria-invalid={Boolean(error)}
        className={TIME}
        {...closes}
      />
      <button
        type="button"
        className={buttonClass({ variant: 'outline', size: 'lg' })}
        onClick={onRemove}
      >
        Remove
      </button>
      {error && <p className="w-full text-red-700">{error}</p>}
    </div>
  );
}
