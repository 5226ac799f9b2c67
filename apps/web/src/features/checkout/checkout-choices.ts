import type { Address } from '@servery/contract/address';
import type { OrderType } from '@servery/contract/menu';
import type { CheckoutField, CheckoutValues } from './checkout-form.ts';
import type { CheckoutForm } from './checkout-form-state.ts';
import { saveOrderType, saveSelectedAddress, saveWhen } from './checkout-preferences.ts';

interface ChoicesInput {
  form: CheckoutForm;
  values: CheckoutValues;
  /** Asks the server about the code again (the same code applied twice). */
  recheckPromo: () => void;
  /** An address picked on this page. */
  onAddressChosen: (id: string) => void;
  /** Any choice takes away the error said above the button. */
  clearRule: () => void;
}

/**
 * The checkout's choices: each sets its value, takes its error and the general one away, and
 * the way, the address and the time are remembered for the next visit.
 */
export function checkoutChoices({
  form,
  values,
  recheckPromo,
  onAddressChosen,
  clearRule,
}: ChoicesInput) {
  const choose = <F extends CheckoutField>(field: F, value: CheckoutValues[F]) => {
    form.setValue(field, value as never);
    form.clearErrors(field);
    clearRule();
  };
  return {
    orderType: (type: OrderType) => {
      choose('order_type', type);
      // What was said of the other way goes with it: the address a delivery lacked, and the name
      // and phone asked in its words; the next tap asks again what this way needs, in its own.
      for (const field of ['when', 'address_id', 'first_name', 'phone'] as const) {
        form.clearErrors(field);
      }
      saveOrderType(type);
    },
    address: (chosen: Address) => {
      onAddressChosen(chosen.id);
      choose('address_id', chosen.id);
      saveSelectedAddress(chosen);
    },
    when: (value: string) => {
      choose('when', value);
      saveWhen(value);
    },
    promo: (code: string | null) => {
      if (code && code === values.promo_code) recheckPromo();
      choose('promo_code', code);
    },
    payment: (method: CheckoutValues['payment_method']) => choose('payment_method', method),
  };
}
