import type { OrderType } from '@servery/contract/menu';
import type { PaymentMethod } from '@servery/contract/order';
import { FieldProblem, describedBy } from './field-message.tsx';
import { CHOICE, RADIO } from './styles.ts';

/** Card, or cash where the store takes it ("Cash on collection" or "Cash on delivery"). */
export function PaymentChoice({
  value,
  onChange,
  cashAccepted,
  orderType,
  error,
}: {
  value: PaymentMethod;
  onChange: (method: PaymentMethod) => void;
  cashAccepted: boolean;
  orderType: OrderType;
  error?: string | null;
}) {
  return (
    <fieldset aria-describedby={describedBy(error && 'payment-error')}>
      <legend className="text-xl font-semibold">Payment</legend>
      <div className="mt-3 grid gap-2 sm:grid-cols-2">
        <label className={CHOICE}>
          <input
            type="radio"
            name="payment_method"
            className={RADIO}
            checked={value === 'card'}
            onChange={() => onChange('card')}
          />
          <span>
            <span className="block font-semibold">Card</span>
            <span className="block text-sm text-stone-700">Pay now, on the next page</span>
          </span>
        </label>
        {cashAccepted ? (
          <label className={CHOICE}>
            <input
              type="radio"
              name="payment_method"
              className={RADIO}
              checked={value === 'cash'}
              onChange={() => onChange('cash')}
            />
            <span>
              <span className="block font-semibold">
                Cash on {orderType === 'delivery' ? 'delivery' : 'collection'}
              </span>
              <span className="block text-sm text-stone-700">
                Pay when you {orderType === 'delivery' ? 'receive' : 'collect'} your order
              </span>
            </span>
          </label>
        ) : null}
      </div>
      <FieldProblem id="payment-error" message={error} />
    </fieldset>
  );
}
