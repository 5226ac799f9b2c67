import { Controller, useForm, useWatch } from 'react-hook-form';
import type { DeskOrder } from '@servery/contract/desk';
import { REJECT_REASONS, type RejectReason } from '@servery/contract/desk-moves';
import { buttonClass } from '../../components/ui/button.tsx';
import { inputClass } from '../../components/ui/input.tsx';
import { ProblemLine } from '../../components/ui/problem.tsx';
import {
  ZCancelForm,
  ZRejectForm,
  type CancelValues,
  type MoveBody,
  type RejectValues,
} from './move-forms.ts';
import { formResolver } from '../../lib/plain-words.ts';

interface PanelProps {
  order: DeskOrder;
  busy: boolean;
  problem: string;
  onSend: (body: MoveBody) => void;
  onKeep: () => void;
}

/** Why the kitchen cannot make a new order: the reason the customer reads, checked before sending. */
export function RejectPanel({ order, busy, problem, onSend, onKeep }: PanelProps) {
  const form = useForm<RejectValues, unknown, MoveBody>({
    resolver: formResolver(ZRejectForm),
    defaultValues: { reason: '', note: '' },
  });
  const values = useWatch({ control: form.control }) as RejectValues;
  const ready = ZRejectForm.safeParse(values).success;
  return (
    <div
      role="group"
      aria-label={`Reject order ${order.number}`}
      className="space-y-3 rounded-xl bg-red-50 p-4"
    >
      <fieldset>
        <legend className="font-semibold">Why can you not make it? The customer reads this.</legend>
        {/* Radios named per order: two cards' questions are two groups. */}
        <Controller
          control={form.control}
          name="reason"
          render={({ field }) => (
            <>
              {(Object.keys(REJECT_REASONS) as RejectReason[]).map((key) => (
                <label key={key} className="mt-2 flex min-h-12 items-center gap-3">
                  <input
                    type="radio"
                    name={`reason-${order.id}`}
                    className="size-5 shrink-0"
                    checked={field.value === key}
                    onChange={() => field.onChange(key)}
                  />
                  {REJECT_REASONS[key]}
                </label>
              ))}
            </>
          )}
        />
      </fieldset>
      <label className="block font-medium">
        In your words {values.reason === 'other' ? '(needed)' : '(optional)'}
        <input className={inputClass({ size: 'lg' })} maxLength={200} {...form.register('note')} />
      </label>
      <ProblemLine message={problem} />
      <div className="flex flex-wrap gap-2">
        <button
          type="button"
          className={buttonClass({ variant: 'danger', size: 'lg' })}
          disabled={!ready || busy}
          onClick={() => void form.handleSubmit(onSend)()}
        >
          Yes, reject order #{order.number}
        </button>
        <button
          type="button"
          className={buttonClass({ variant: 'outline', size: 'lg' })}
          onClick={onKeep}
        >
          Keep it
        </button>
      </div>
    </div>
  );
}

/** Cancelling an accepted order: the customer is told, with the kitchen's words if it gives some. */
export function CancelPanel({ order, onSend, onKeep }: Omit<PanelProps, 'busy' | 'problem'>) {
  const form = useForm<CancelValues, unknown, MoveBody>({
    resolver: formResolver(ZCancelForm),
    defaultValues: { note: '' },
  });
  return (
    <div
      role="group"
      aria-label={`Cancel order ${order.number}`}
      className="flex flex-wrap items-center gap-2 rounded-xl bg-red-50 p-3"
    >
      <span className="font-medium">
        Cancel #{order.number}? The customer is told and not charged.
      </span>
      <label className="block w-full font-medium">
        Why, in your words (optional). The customer reads this.
        <input className={inputClass({ size: 'lg' })} maxLength={200} {...form.register('note')} />
      </label>
      <button
        type="button"
        className={buttonClass({ variant: 'danger', size: 'lg' })}
        onClick={() => void form.handleSubmit(onSend)()}
      >
        Yes, cancel
      </button>
      <button
        type="button"
        className={buttonClass({ variant: 'outline', size: 'lg' })}
        onClick={onKeep}
      >
        Keep it
      </button>
    </div>
  );
}
