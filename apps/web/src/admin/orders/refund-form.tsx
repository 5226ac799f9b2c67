import { useMemo, useState } from 'react';
import { Controller, useForm, useWatch, type Control, type UseFormRegister } from 'react-hook-form';
import { REFUND_REASON_MAX } from '@servery/contract/back-office';
import type { OrderDetail } from '@servery/contract/back-office-shapes';
import { adminErrorMessage } from '../admin-api.ts';
import { Button, buttonClass } from '../../components/ui/button.tsx';
import { CARD_CLASS } from '../../components/ui/card.tsx';
import { ConfirmDialog } from '../../components/ui/confirm-dialog.tsx';
import { CountStepper } from '../../components/ui/count-stepper.tsx';
import { inputClass } from '../../components/ui/input.tsx';
import { ProblemLine } from '../../components/ui/problem.tsx';
import { money } from './orders-page.tsx';
import { useRefundOrderMutation } from './orders-api.ts';
import {
  blankRefund,
  REFUND_WAYS,
  refundAmount,
  refundButtonLabel,
  refundFormSchema,
  whyNothingToRefund,
  whyNotReady,
  type RefundBody,
  type RefundFormValues,
  type RefundWay,
} from './refund-form-schema.ts';
import { formResolver } from '../../lib/plain-words.ts';

const newKey = () => crypto.randomUUID();
const WAY_LABELS = { lines: 'Some dishes', amount: 'An amount', whole: 'Whole order' } as const;

/**
 * Money back (issue 29 point 4): the whole order, some lines, or an amount; confirmed first.
 * react-hook-form with the contract's schema (refund-form-schema.ts): the button stays off
 * until the body would pass it.
 */
export function RefundForm({ order }: { order: OrderDetail }) {
  const schema = useMemo(() => refundFormSchema(order), [order]);
  const form = useForm<RefundFormValues, unknown, RefundBody>({
    resolver: formResolver(schema),
    defaultValues: blankRefund(order),
  });
  const values = useWatch({ control: form.control }) as RefundFormValues;
  const [asking, setAsking] = useState<RefundBody | null>(null);
  const [key, setKey] = useState(newKey);
  // The form is drawn anew (keyed by what is left) when the refunded order comes back; the
  // refund's answer is kept under the order's id so "Refund made" outlives that redraw.
  const [refund, state] = useRefundOrderMutation({ fixedCacheKey: `refund-${order.id}` });
  const amount = refundAmount(order, values);
  const refunded = new Map(order.refunded_lines.map((l) => [l.index, l.quantity]));
  const notReady = whyNotReady(order, values, schema);

  async function confirm(body: RefundBody) {
    const done = await refund({ id: order.id, key, ...body });
    setAsking(null);
    if ('data' in done) {
      setKey(newKey());
      form.reset(blankRefund(order, values.way));
    }
  }
  if (order.refundable === 0)
    return (
      <p className={`${CARD_CLASS} mt-4`} data-testid="no-refund">
        {whyNothingToRefund(order, money)}
      </p>
    );
  return (
    <form
      className={`${CARD_CLASS} mt-4 space-y-4`}
      aria-labelledby="refund-heading"
      onSubmit={form.handleSubmit(setAsking)}
    >
      <h2 id="refund-heading" className="text-xl font-bold">
        Refund (up to {money(order.refundable)})
      </h2>
      <WayChoice way={values.way} onChoose={(way) => form.setValue('way', way)} />
      {values.way === 'lines' && (
        <ul className="space-y-2">
          {order.lines.map((line, i) => (
            <RefundLine
              key={i}
              index={i}
              line={line}
              refunded={refunded.get(i) ?? 0}
              control={form.control}
            />
          ))}
        </ul>
      )}
      {values.way === 'amount' && <PoundsField register={form.register} />}
      <label className="block font-medium">
        Reason (the customer is told the amount)
        <input
          className={inputClass({ size: 'lg' })}
          maxLength={REFUND_REASON_MAX}
          {...form.register('reason')}
        />
      </label>
      {state.error && <ProblemLine message={adminErrorMessage(state.error)} />}
      {state.isSuccess && <p role="status">Refund made: the customer has been told.</p>}
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
        <Button
          type="submit"
          size="lg"
          variant="danger"
          disabled={notReady !== null}
          aria-describedby={notReady ? 'refund-not-ready' : undefined}
        >
          {refundButtonLabel(amount, money)}
        </Button>
        {notReady && (
          <p id="refund-not-ready" className="font-medium text-stone-700">
            {notReady}
          </p>
        )}
      </div>
      <RefundConfirm
        order={order}
        body={asking}
        busy={state.isLoading}
        onCancel={() => setAsking(null)}
        onConfirm={(body) => void confirm(body)}
      />
    </form>
  );
}

/** The question before the money goes: the amount and where it goes back to. */
function RefundConfirm({
  order,
  body,
  busy,
  onCancel,
  onConfirm,
}: {
  order: OrderDetail;
  body: RefundBody | null;
  busy: boolean;
  onCancel: () => void;
  onConfirm: (body: RefundBody) => void;
}) {
  const amount = money(body?.amount ?? 0);
  return (
    <ConfirmDialog
      open={body !== null}
      id="refund-confirm"
      title={`Give back ${amount} ${order.payment.method === 'card' ? 'to the card' : 'in cash'}?`}
      confirmLabel={`Yes, refund ${amount}`}
      cancelLabel="Keep the money"
      size="lg"
      busy={busy}
      onCancel={onCancel}
      onConfirm={() => body && onConfirm(body)}
    >
      Order #{order.number}. A refund cannot be undone.
    </ConfirmDialog>
  );
}

function WayChoice({ way, onChoose }: { way: RefundWay; onChoose: (way: RefundWay) => void }) {
  return (
    <fieldset className="flex flex-wrap gap-2">
      <legend className="mb-1 font-medium">What to give back</legend>
      {REFUND_WAYS.map((w) => (
        <button
          key={w}
          type="button"
          aria-pressed={way === w}
          className={buttonClass({ variant: way === w ? 'primary' : 'outline', size: 'lg' })}
          onClick={() => onChoose(w)}
        >
          {WAY_LABELS[w]}
        </button>
      ))}
    </fieldset>
  );
}

function PoundsField({ register }: { register: UseFormRegister<RefundFormValues> }) {
  return (
    <label className="block font-medium">
      Amount in pounds
      <input
        type="number"
        min="0.01"
        step="0.01"
        inputMode="decimal"
        className={inputClass({ size: 'lg' })}
        {...register('pounds')}
      />
    </label>
  );
}

/**
 * A dish's count to refund: from none to what is left of it after earlier refunds. A line
 * refunded in full says so and offers nothing (the server would refuse it with a 409).
 */
function RefundLine({
  index,
  line,
  refunded,
  control,
}: {
  index: number;
  line: OrderDetail['lines'][number];
  refunded: number;
  control: Control<RefundFormValues, unknown, RefundBody>;
}) {
  const left = Math.max(line.quantity - refunded, 0);
  const nameId = `refund-line-${index}`;
  return (
    <li className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2">
      <p id={nameId} className="min-w-0">
        {line.quantity} × {line.name} ({money(line.line_total)}){refunded > 0 && left > 0 && ' '}
        {refunded > 0 && left > 0 && (
          <span className="block text-sm text-stone-700">
            {refunded} refunded already, {left} left
          </span>
        )}
      </p>
      {left === 0 ? (
        <p className="font-semibold text-stone-700">
          {refunded === 1 ? 'Refunded' : `All ${refunded} refunded`}
        </p>
      ) : (
        <Controller
          control={control}
          name={`counts.${index}`}
          render={({ field }) => (
            <CountStepper
              value={field.value}
              max={left}
              labelledBy={nameId}
              fewerLabel={`Refund one fewer ${line.name}`}
              moreLabel={`Refund one more ${line.name}`}
              onChange={field.onChange}
            />
          )}
        />
      )}
    </li>
  );
}
