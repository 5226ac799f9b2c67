import { useRef, useState } from 'react';
import { checkoutResolver, type CheckoutContext, type CheckoutValues } from './checkout-form.ts';
import { useCheckoutFormState } from './checkout-form-state.ts';
import { readOrderType, readSelectedAddressId, readWhen } from './checkout-preferences.ts';

/** The choices remembered from the last visit; the rest blank. */
const rememberedValues = (): CheckoutValues => ({
  order_type: readOrderType(),
  address_id: readSelectedAddressId(),
  when: readWhen(),
  promo_code: null,
  notes: '',
  payment_method: 'card',
  first_name: '',
  phone: '',
});

/**
 * The checkout's form (checkout-form-state.ts) and its values now. Its resolver checks them
 * against what the choices resolve to (`contextRef`): the caller sets that after every render,
 * and the form is only ever checked after a render has committed.
 */
export function useCheckoutValues() {
  const [initial] = useState(rememberedValues);
  const contextRef = useRef<CheckoutContext | undefined>(undefined);
  const { form, values, errors } = useCheckoutFormState(initial, (formValues) =>
    checkoutResolver(formValues, contextRef.current),
  );
  return { form, values, errors, contextRef };
}
