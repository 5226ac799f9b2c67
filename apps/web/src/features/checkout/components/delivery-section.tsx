import { useCallback, useState, type ReactNode } from 'react';
import type { Address } from '@servery/contract/address';
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
}) => ReactNode;

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
