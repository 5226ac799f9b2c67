import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import type { DiaryBooking } from '@servery/contract/diary';
import { buttonClass } from '../../components/ui/button.tsx';
import { FieldError } from '../../components/ui/field-error.tsx';
import { inputClass } from '../../components/ui/input.tsx';
import {
  reasonForm,
  ZConfirmForm,
  type BookingMoveBody,
  type ConfirmValues,
  type ReasonValues,
} from './booking-move-forms.ts';
import { formResolver } from '../../lib/plain-words.ts';

interface PanelProps {
  booking: DiaryBooking;
  busy: boolean;
  /** Sends the move the form checked; the card says a refusal under it. */
  onSend: (body: BookingMoveBody) => Promise<void>;
  onBack: () => void;
}

/** The box's error under it, tied to the box for a screen reader. */
function boxProps(message: string | undefined, id: string) {
  return message ? { 'aria-invalid': true, 'aria-describedby': id } : {};
}

/** Confirming a request: how many people, for sure (the slot then counts them). */
export function ConfirmPanel({ booking, busy, onSend, onBack }: PanelProps) {
  const form = useForm<ConfirmValues, unknown, BookingMoveBody>({
    resolver: formResolver(ZConfirmForm),
    defaultValues: { people: '10' },
  });
  const errorId = `confirm-${booking.id}-people-error`;
  const error = form.formState.errors.people?.message;
  return (
    <form
      noValidate
      className="mt-3 space-y-3 rounded-xl bg-stone-100 p-3 print:hidden"
      onSubmit={(event) => void form.handleSubmit(onSend)(event)}
    >
      <label className="block font-semibold">
        How many people, for sure?
        <input
          className={inputClass({ size: 'lg' })}
          type="number"
          inputMode="numeric"
          min={1}
          max={100}
          {...form.register('people')}
          {...boxProps(error, errorId)}
        />
      </label>
      <FieldError id={errorId} message={error} />
      <div className="flex flex-wrap gap-2">
        <button type="submit" className={buttonClass({ size: 'lg' })} disabled={busy}>
          Confirm and e-mail the guest
        </button>
        <button
          type="button"
          className={buttonClass({ variant: 'outline', size: 'lg' })}
          onClick={onBack}
        >
          Back
        </button>
      </div>
    </form>
  );
}

/** Declining a request or cancelling a booking, with the reason the guest reads. */
export function ReasonPanel({
  booking,
  busy,
  onSend,
  onBack,
  status,
}: PanelProps & { status: 'declined' | 'cancelled' }) {
  const schema = useMemo(() => reasonForm(status), [status]);
  const form = useForm<ReasonValues, unknown, BookingMoveBody>({
    resolver: formResolver(schema),
    defaultValues: { reason: '' },
  });
  const declining = status === 'declined';
  const errorId = `${status}-${booking.id}-reason-error`;
  const error = form.formState.errors.reason?.message;
  return (
    <form
      noValidate
      className="mt-3 space-y-3 rounded-xl bg-red-50 p-3 print:hidden"
      onSubmit={(event) => void form.handleSubmit(onSend)(event)}
    >
      <label className="block font-semibold">
        {declining ? 'Why can you not take it?' : 'Why is it cancelled?'} The guest reads this.
        <input
          className={inputClass({ size: 'lg' })}
          maxLength={200}
          {...form.register('reason')}
          {...boxProps(error, errorId)}
        />
      </label>
      <FieldError id={errorId} message={error} />
      <div className="flex flex-wrap gap-2">
        <button
          type="submit"
          className={buttonClass({ variant: 'danger', size: 'lg' })}
          disabled={busy}
        >
          {declining ? 'Decline and e-mail the guest' : 'Cancel the booking'}
        </button>
        <button
          type="button"
          className={buttonClass({ variant: 'outline', size: 'lg' })}
          onClick={onBack}
        >
          Keep it
        </button>
      </div>
    </form>
  );
}
