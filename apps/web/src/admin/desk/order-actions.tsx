import { useState } from 'react';
import {
  ACCEPT_MINUTE_PRESETS,
  DELAY_MINUTE_PRESETS,
  REJECT_REASONS,
  type RejectReason,
} from '@servery/contract/desk-moves';
import type { DeskOrder } from '@servery/contract/desk';
import { adminErrorMessage } from '../admin-api.ts';
import { buttonClass } from '../../components/ui/button.tsx';
import { inputClass } from '../../components/ui/input.tsx';
import { useMoveOrderMutation } from './desk-api.ts';

const NEXT_LABELS: Record<string, string> = {
  preparing: 'Start preparing',
  ready: 'Ready',
  out_for_delivery: 'Out for delivery',
  completed: 'Completed',
  cancelled: 'Cancel order',
};

/** What the kitchen can do with one order now: only the moves the table allows. */
export function OrderActions({ order }: { order: DeskOrder }) {
  const [move, moving] = useMoveOrderMutation();
  const [mode, setMode] = useState<'idle' | 'reject' | 'cancel'>('idle');
  const [custom, setCustom] = useState('');
  const [reason, setReason] = useState<RejectReason | ''>('');
  const [note, setNote] = useState('');
  const [problem, setProblem] = useState('');

  async function send(body: Parameters<typeof move>[0]) {
    setProblem('');
    const result = await move(body);
    if ('error' in result) setProblem(adminErrorMessage(result.error));
    else setMode('idle');
  }

  if (order.status === 'placed') {
    if (mode === 'reject') {
      return (
        <div
          role="group"
          aria-label={`Reject order ${order.number}`}
          className="space-y-3 rounded-xl bg-red-50 p-4"
        >
          <fieldset>
            <legend className="font-semibold">
              Why can you not make it? The customer reads this.
            </legend>
            {(Object.keys(REJECT_REASONS) as RejectReason[]).map((key) => (
              <label key={key} className="mt-2 flex min-h-12 items-center gap-3">
                <input
                  type="radio"
                  name={`reason-${order.id}`}
                  className="size-5 shrink-0"
                  checked={reason === key}
                  onChange={() => setReason(key)}
                />
                {REJECT_REASONS[key]}
              </label>
            ))}
          </fieldset>
          <label className="block font-medium">
            In your words {reason === 'other' ? '(needed)' : '(optional)'}
            <input
              className={inputClass({ size: 'lg' })}
              value={note}
              maxLength={200}
              onChange={(e) => setNote(e.target.value)}
            />
          </label>
          {problem && (
            <p role="alert" className="text-red-700">
              {problem}
            </p>
          )}
          <div className="flex flex-wrap gap-2">
            <button
              type="button"
              className={buttonClass({ variant: 'danger', size: 'lg' })}
              disabled={!reason || (reason === 'other' && !note.trim()) || moving.isLoading}
              onClick={() =>
                reason &&
                void send({
                  id: order.id,
                  status: 'rejected',
                  reason,
                  ...(note.trim() ? { note: note.trim() } : {}),
                })
              }
            >
              Yes, reject order #{order.number}
            </button>
            <button
              type="button"
              className={buttonClass({ variant: 'outline', size: 'lg' })}
              onClick={() => setMode('idle')}
            >
              Keep it
            </button>
          </div>
        </div>
      );
    }
    return (
      <div className="space-y-3">
        <p className="font-semibold">Accept: ready in how many minutes?</p>
        <div className="flex flex-wrap gap-2">
          {ACCEPT_MINUTE_PRESETS.map((minutes) => (
            <button
              key={minutes}
              type="button"
              className={buttonClass({ size: 'lg' })}
              disabled={moving.isLoading}
              onClick={() => void send({ id: order.id, status: 'accepted', minutes })}
            >
              {minutes} min
            </button>
          ))}
        </div>
        <form
          className="flex flex-wrap items-end gap-2"
          onSubmit={(e) => {
            e.preventDefault();
            const minutes = Number(custom);
            if (Number.isInteger(minutes) && minutes >= 1 && minutes <= 240)
              void send({ id: order.id, status: 'accepted', minutes });
            else setProblem('Give the minutes as a whole number from 1 to 240.');
          }}
        >
          <label className="font-medium">
            Other minutes
            <input
              className={`${inputClass({ size: 'lg' })} w-28`}
              inputMode="numeric"
              value={custom}
              onChange={(e) => setCustom(e.target.value.replace(/\D/g, ''))}
            />
          </label>
          <button type="submit" className={buttonClass({ variant: 'outline', size: 'lg' })}>
            Accept
          </button>
          <button
            type="button"
            className={buttonClass({ variant: 'danger', size: 'lg' })}
            onClick={() => setMode('reject')}
          >
            Reject…
          </button>
        </form>
        {problem && (
          <p role="alert" className="text-red-700">
            {problem}
          </p>
        )}
      </div>
    );
  }

  const forward = order.next.filter((s) => s !== 'cancelled');
  return (
    <div className="space-y-3">
      <div className="flex flex-wrap gap-2">
        {forward.map((status) => (
          <button
            key={status}
            type="button"
            className={buttonClass({ size: 'lg' })}
            disabled={moving.isLoading}
            onClick={() => void send({ id: order.id, status })}
          >
            {NEXT_LABELS[status] ?? status}
          </button>
        ))}
        {['accepted', 'preparing'].includes(order.status) &&
          DELAY_MINUTE_PRESETS.map((minutes) => (
            <button
              key={minutes}
              type="button"
              className={buttonClass({ variant: 'outline', size: 'lg' })}
              disabled={moving.isLoading}
              onClick={() => void send({ id: order.id, status: 'delay', minutes })}
            >
              +{minutes} min
            </button>
          ))}
        {order.next.includes('cancelled') && mode !== 'cancel' && (
          <button
            type="button"
            className={buttonClass({ variant: 'outline', size: 'lg' })}
            onClick={() => setMode('cancel')}
          >
            Cancel…
          </button>
        )}
      </div>
      {mode === 'cancel' && (
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
            <input
              className={inputClass({ size: 'lg' })}
              value={note}
              maxLength={200}
              onChange={(e) => setNote(e.target.value)}
            />
          </label>
          <button
            type="button"
            className={buttonClass({ variant: 'danger', size: 'lg' })}
            onClick={() =>
              void send({
                id: order.id,
                status: 'cancelled',
                ...(note.trim() ? { note: note.trim() } : {}),
              })
            }
          >
            Yes, cancel
          </button>
          <button
            type="button"
            className={buttonClass({ variant: 'outline', size: 'lg' })}
            onClick={() => setMode('idle')}
          >
            Keep it
          </button>
        </div>
      )}
      {problem && (
        <p role="alert" className="text-red-700">
          {problem}
        </p>
      )}
    </div>
  );
}
