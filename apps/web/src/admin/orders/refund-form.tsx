import { useState } from 'react';
import { adminErrorMessage } from '../admin-api.ts';
import { Button, buttonClass } from '../../components/ui/button.tsx';
import { CARD_CLASS } from '../../components/ui/card.tsx';
import { Dialog } from '../../components/ui/dialog.tsx';
import { inputClass } from '../../components/ui/input.tsx';
import { money } from './orders-page.tsx';
import { useRefundOrderMutation, type OrderDetailOf } from './orders-api.ts';

type Way = 'whole' | 'lines' | 'amount';
const newKey = () => crypto.randomUUID();

/** Money back (issue 29 point 4): the whole order, some lines, or an amount; confirmed first. */
export function RefundForm({ order }: { order: OrderDetailOf }) {
  const [way, setWay] = useState<Way>('lines');
  const [counts, setCounts] = useState<number[]>(order.lines.map(() => 0));
  const [pounds, setPounds] = useState('');
  const [reason, setReason] = useState('');
  const [confirming, setConfirming] = useState(false);
  const [key, setKey] = useState(newKey);
  const [refund, state] = useRefundOrderMutation();
  const linesWorth = order.lines.reduce(
    (sum, line, i) => sum + Math.round((line.line_total * counts[i]!) / line.quantity),
    0,
  );
  const amount =
    way === 'whole'
      ? order.refundable
      : way === 'lines'
        ? Math.min(linesWorth, order.refundable)
        : Math.round(Number(pounds) * 100) || 0;
  const lines =
    way === 'lines'
      ? counts.flatMap((quantity, index) => (quantity ? [{ index, quantity }] : []))
      : undefined;
  const ready = amount > 0 && amount <= order.refundable && reason.trim().length > 0;
  async function confirm() {
    const done = await refund({
      id: order.id,
      key,
      amount,
      reason: reason.trim(),
      ...(lines ? { lines } : {}),
    });
    setConfirming(false);
    if ('data' in done) {
      setKey(newKey());
      setCounts(order.lines.map(() => 0));
      setPounds('');
      setReason('');
    }
  }
  if (order.refundable === 0)
    return <p className={`${CARD_CLASS} mt-4`}>Nothing is left to refund on this order.</p>;
  return (
    <form
      className={`${CARD_CLASS} mt-4 space-y-4`}
      aria-labelledby="refund-heading"
      onSubmit={(e) => {
        e.preventDefault();
        if (ready) setConfirming(true);
      }}
    >
      <h2 id="refund-heading" className="text-xl font-bold">
        Refund (up to {money(order.refundable)})
      </h2>
      <fieldset className="flex gap-2">
        <legend className="mb-1 font-medium">What to give back</legend>
        {(['lines', 'amount', 'whole'] as const).map((w) => (
          <button
            key={w}
            type="button"
            aria-pressed={way === w}
            className={buttonClass({ variant: way === w ? 'primary' : 'outline', size: 'lg' })}
            onClick={() => setWay(w)}
          >
            {w === 'lines' ? 'Some dishes' : w === 'amount' ? 'An amount' : 'Whole order'}
          </button>
        ))}
      </fieldset>
      {way === 'lines' && (
        <ul className="space-y-2">
          {order.lines.map((line, i) => (
            <li key={i} className="flex items-center justify-between gap-4">
              <label htmlFor={`refund-line-${i}`}>
                {line.quantity} × {line.name} ({money(line.line_total)})
              </label>
              <input
                id={`refund-line-${i}`}
                type="number"
                min={0}
                max={line.quantity}
                className={`${inputClass({ size: 'lg' })} max-w-24 shrink-0`}
                value={counts[i]}
                onChange={(e) =>
                  setCounts((c) =>
                    c.map((n, j) =>
                      j === i
                        ? Math.min(Math.max(Number(e.target.value) || 0, 0), line.quantity)
                        : n,
                    ),
                  )
                }
              />
            </li>
          ))}
        </ul>
      )}
      {way === 'amount' && (
        <label className="block font-medium">
          Amount in pounds
          <input
            type="number"
            min="0.01"
            step="0.01"
            inputMode="decimal"
            className={inputClass({ size: 'lg' })}
            value={pounds}
            onChange={(e) => setPounds(e.target.value)}
          />
        </label>
      )}
      <label className="block font-medium">
        Reason (the customer is told the amount)
        <input
          className={inputClass({ size: 'lg' })}
          value={reason}
          maxLength={200}
          onChange={(e) => setReason(e.target.value)}
        />
      </label>
      {state.error && (
        <p role="alert" className="text-red-700">
          {adminErrorMessage(state.error)}
        </p>
      )}
      {state.isSuccess && <p role="status">Refund made: the customer has been told.</p>}
      <Button type="submit" size="lg" variant="danger" disabled={!ready}>
        Refund {money(amount)}
      </Button>
      <Dialog open={confirming} onClose={() => setConfirming(false)} labelledBy="refund-confirm">
        <h2 id="refund-confirm" className="text-xl font-bold">
          Give back {money(amount)} {order.payment.method === 'card' ? 'to the card' : 'in cash'}?
        </h2>
        <p className="mt-2">Order #{order.number}. A refund cannot be undone.</p>
        <div className="mt-4 flex gap-3">
          <Button
            size="lg"
            variant="danger"
            disabled={state.isLoading}
            onClick={confirm}
            data-autofocus
          >
            Yes, refund {money(amount)}
          </Button>
          <Button size="lg" variant="outline" onClick={() => setConfirming(false)}>
            Keep the money
          </Button>
        </div>
      </Dialog>
    </form>
  );
}
