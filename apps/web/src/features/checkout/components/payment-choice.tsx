import type { OrderType } from '@servery/contract/menu';
import type { PaymentMethod } from '@servery/contract/order';
import { Choice } from '../../../components/ui/choice.tsx';
import { FieldError } from '../../../components/ui/field-error.tsx';
import { describedBy } from './field-message.tsx';

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
    <fieldset aria-describedby={describedBy(error && 'payment-error')} data-field="payment_method">
      <legend className="text-xl font-semibold">Payment</legend>
      <div className="mt-3 grid gap-2 sm:grid-cols-2">
        <Choice name="payment_method" checked={value === 'card'} onChange={() => onChange('card')}>
          <span className="block font-semibold">Card</span>
          <span className="block text-sm text-stone-700">Pay now, on the next page</span>
        </Choice>
        {cashAccepted ? (
          <Choice
            name="payment_method"
            checked={value === 'cash'}
            onChange={() => onChange('cash')}
          >
            <span className="block font-semibold">
              Cash on {orderType === 'delivery' ? 'delivery' : 'collection'}
            </span>
            <span className="block text-sm text-stone-700">
              Pay when you {orderType === 'delivery' ? 'receive' : 'collect'} your order
            </span>
          </Choice>
        ) : null}
      </div>
      <FieldError id="payment-error" message={error} />
    </fieldset>
  );
}
