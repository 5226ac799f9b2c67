import { useCallback, useState, type ReactNode } from 'react';
import type { Address } from '@servery/contract/address';
import { deliveryTerms } from '@servery/contract/delivery-terms';
import type { StoreSummary } from '@servery/contract/menu';
import type { MoneyFormatter } from '../../../lib/money.ts';
import type { CheckoutFormState } from '../use-checkout-form.ts';
import { ContactFields } from './contact-fields.tsx';
import { AddressField } from './fulfilment-fields.tsx';

export type AddressFormRenderer = (props: {
  onSaved: (address: Address) => void;
  onCancel?: () => void;
  /** The customer asked for the form: it takes focus. */
  focusOnOpen: boolean;
  /** A postcode the store does not deliver to is refused before saving, collection offered. */
  outsideArea: {
    refusal: (postcode: string) => string | null;
    onCollect?: () => void;
  };
}) => ReactNode;

/** Why `store` cannot deliver to `postcode`, with collection offered when it collects. */
export function outsideAreaRefusal(store: StoreSummary, postcode: string): string | null {
  const problem = deliveryTerms(store, 'delivery', postcode).problem;
  if (!problem) return null;
  return store.order_types.includes('collection')
    ? `${problem} You can collect your order instead.`
    : problem;
}

/**
 * Where a delivery goes (a saved address, or a new one in the account feature's form) and, when
 * the profile lacks them, who to hand it to.
 */
export function DeliverySection({
  checkout,
  store,
  addresses,
  addressesFailed,
  onRetryAddresses,
  renderAddressForm,
  money,
}: {
  checkout: CheckoutFormState;
  store: StoreSummary;
  addresses: Address[] | undefined;
  addressesFailed: boolean;
  onRetryAddresses: () => void;
  renderAddressForm: AddressFormRenderer;
  money: MoneyFormatter;
}) {
  const [adding, setAdding] = useState(false);
  /** A new address, focused once the list shows it. */
  const [newAddressId, setNewAddressId] = useState<string | null>(null);
  const focusNewAddress = useCallback((radio: HTMLInputElement | null) => radio?.focus(), []);
  return (
    <>
      <AddressField
        store={store}
        addresses={addresses}
        loadFailed={addressesFailed}
        onRetry={onRetryAddresses}
        selectedId={checkout.values.address?.id ?? null}
        onSelect={checkout.choices.address}
        focus={{ id: newAddressId, ref: focusNewAddress }}
        adding={adding || addresses?.length === 0}
        onAdd={() => setAdding(true)}
        form={renderAddressForm({
          onSaved: (saved) => {
            setAdding(false);
            checkout.choices.address(saved);
            setNewAddressId(saved.id);
          },
          onCancel: addresses?.length ? () => setAdding(false) : undefined,
          focusOnOpen: adding,
          outsideArea: {
            refusal: (postcode) => outsideAreaRefusal(store, postcode),
            onCollect: store.order_types.includes('collection')
              ? () => {
                  checkout.choices.orderType('collection');
                  // The collection choice, now checked, keeps the customer's place.
                  requestAnimationFrame(() =>
                    document
                      .querySelector<HTMLInputElement>('input[name="order_type"]:checked')
                      ?.focus(),
                  );
                }
              : undefined,
          },
        })}
        error={checkout.errors.address_id?.message}
        money={money}
      />
      {checkout.askContact ? (
        <ContactFields
          orderType="delivery"
          register={checkout.form.register}
          errors={checkout.errors}
        />
      ) : null}
    </>
  );
}
