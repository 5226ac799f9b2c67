import { Controller, type Control, type FieldValues, type Path } from 'react-hook-form';
import { MAX_PARTY } from '@servery/contract/diary';
import { CountStepper } from '../../components/ui/count-stepper.tsx';
import { FieldError } from '../../components/ui/field-error.tsx';

/**
 * A party's size on the diary's forms: the refund form's big − and + (no number box a scroll
 * wheel or a small spinner turns), from 1 to the largest party one booking seats, as the
 * contract bounds a phone booking and a change. The server's word on it shows under it.
 */
export function PartyStepper<T extends FieldValues, B extends FieldValues>({
  id,
  control,
  name,
  error,
}: {
  /** Names the label (`${id}-label`) and the error (`${id}-error`). */
  id: string;
  control: Control<T, unknown, B>;
  name: Path<T>;
  error: string | undefined;
}) {
  return (
    <div>
      <p id={`${id}-label`} className="font-semibold">
        People
      </p>
      <Controller
        control={control}
        name={name}
        render={({ field }) => (
          <div className="mt-1">
            <CountStepper
              value={field.value as number}
              min={1}
              max={MAX_PARTY}
              labelledBy={`${id}-label`}
              describedBy={error ? `${id}-error` : undefined}
              fewerLabel="One person fewer"
              moreLabel="One person more"
              onChange={field.onChange}
            />
          </div>
        )}
      />
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}
