import { lazy, Suspense, useState } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { Navigate } from 'react-router';
import { useGetAddressesQuery } from '../../features/account/addresses-api.ts';
import {
  cartCleared,
  lineRemoved,
  selectCartLines,
  selectCartStoreId,
} from '../../features/cart/cart-slice.ts';
import { CheckoutPage } from '../../features/checkout/components/checkout-page.tsx';
import { useGetStoresQuery } from '../../features/menu/api.ts';
import type { RootState } from '../app-state.ts';
import { rememberedPostcode } from '../../lib/delivery-postcode.ts';
import { useRehydrated } from './use-rehydrated.ts';
import { buttonClass } from '../../components/ui/button.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';

// The address form is checked by the contract's schema (zod): it arrives when a new address is
// asked for, not with the page, whose first screen has a JavaScript budget (docs/decisions/0048).
const AddressForm = lazy(() =>
  import('../../features/account/components/address-form.tsx').then((m) => ({
    default: m.AddressForm,
  })),
);

/**
 * /checkout: the basket (cart), its store (menu) and the saved addresses with their form
 * (account) meet here. An empty basket has nothing to check out: back to the menu.
 */
export function CheckoutRoute() {
  const dispatch = useDispatch();
  const rehydrated = useRehydrated();
  const lines = useSelector((state: RootState) => selectCartLines(state));
  const storeId = useSelector((state: RootState) => selectCartStoreId(state));
  const stores = useGetStoresQuery();
  const addresses = useGetAddressesQuery();
  // Set once an order took the basket: its emptying is not a reason to go to the menu.
  const [ordered, setOrdered] = useState(false);

  if (!rehydrated) return null;
  if (lines.length === 0) return ordered ? null : <Navigate to="/menu" replace />;
  if (!stores.data && stores.isError) {
    return (
      <div className="mx-auto w-full max-w-3xl px-4 py-12" role="alert">
        <h1 className="text-3xl font-bold">Checkout</h1>
        <p className="mt-4">The stores could not be loaded.</p>
        <button
          type="button"
          onClick={() => void stores.refetch()}
          className={buttonClass({ variant: 'outline', className: 'mt-3' })}
        >
          Try again
        </button>
      </div>
    );
  }
  const store = stores.data ? (stores.data.find((s) => s.id === storeId) ?? null) : undefined;
  return (
    <CheckoutPage
      lines={lines}
      store={store}
      addresses={addresses.data}
      addressesFailed={addresses.isError && !addresses.data}
      onRetryAddresses={() => void addresses.refetch()}
      renderAddressForm={(props) => (
        // About the form's height, so nothing below it moves when it arrives.
        <Suspense fallback={<Skeleton className="h-[30rem]" />}>
          <AddressForm
            idPrefix="checkout-address"
            title="New delivery address"
            headingLevel={2}
            submitLabel="Save and deliver here"
            // Deliveries go near the store: its town, and the postcode checked on the menu.
            suggested={{ city: store?.city ?? '', postcode: rememberedPostcode() ?? '' }}
            {...props}
          />
        </Suspense>
      )}
      onRemoveLine={(id) => dispatch(lineRemoved(id))}
      onCashOrderPlaced={() => {
        setOrdered(true);
        dispatch(cartCleared());
      }}
    />
  );
}
