import { useEffect, useState } from 'react';
import type { Address } from '@servery/contract/address';
import type { CartLine } from '@servery/contract/cart';
import type { StoreSummary } from '@servery/contract/menu';
import { checkoutChoices } from './checkout-choices.ts';
import { useCheckoutRefusals } from './use-checkout-refusals.ts';
import { useCheckoutResolution } from './use-checkout-resolution.ts';
import { useCheckoutValues } from './use-checkout-values.ts';
import { useDeliveryContact } from './use-delivery-contact.ts';
import { usePlaceOrder } from './use-place-order.ts';

export interface CheckoutFormOptions {
  lines: CartLine[];
  store: StoreSummary;
  addresses: Address[] | undefined;
  /** The saved addresses could not be loaded: nothing to wait for. */
  addressesFailed: boolean;
  onRetryAddresses: () => void;
  /** A cash order is placed: the basket has been ordered. */
  onCashOrderPlaced: () => void;
}

/**
 * The checkout's state (use-checkout-values.ts): the choices, what they
 * resolve to now (use-checkout-resolution.ts: the quote, the time, the address, and every rule
 * the page can know before sending), and one `placeOrder` (use-place-order.ts) that goes to the
 * first problem when it cannot go on (issue 20) and places each refusal from the server on its
 * field, its line or above the button (use-checkout-refusals.ts).
 */
export function useCheckoutForm({
  lines,
  store,
  addresses,
  addressesFailed,
  onRetryAddresses,
  onCashOrderPlaced,
}: CheckoutFormOptions) {
  const { form, values, errors, contextRef } = useCheckoutValues();
  const contact = useDeliveryContact(form);
  /** Addresses the customer picked on this page (one remembered from before may be far away). */
  const [chosenHere, setChosenHere] = useState<ReadonlySet<string>>(() => new Set());
  const now = useCheckoutResolution({
    lines,
    store,
    addresses,
    addressesFailed,
    values,
    chosenHere,
    contactLacking: contact.ask,
  });
  // Read by the resolver when the form is checked, always after this render has committed.
  useEffect(() => {
    contextRef.current = now.context;
  });
  const refusals = useCheckoutRefusals({
    form,
    onContactAsked: contact.askedByServer,
    onWhenRefused: () => void now.timings.refetch(),
    onRetryAddresses,
  });
  const ready = Boolean(now.quote) && !now.waiting;
  const placing = usePlaceOrder({
    form,
    contact,
    refusals,
    blockers: now.blockers,
    ready,
    total: now.quote?.totals.total ?? null,
    values,
    onCashOrderPlaced,
  });
  const { rule } = refusals;
  const { orderType, address, when, paymentMethod, askContact } = now.context;

  return {
    form,
    values: { ...values, orderType, address, when, paymentMethod },
    choices: checkoutChoices({
      form,
      values,
      recheckPromo: now.promoCheck.recheck,
      onAddressChosen: (id) => setChosenHere((ids) => new Set(ids).add(id)),
      clearRule: () => refusals.setRule(null),
    }),
    errors,
    askContact,
    quote: now.quote,
    catalogue: now.catalogue,
    timings: now.timings,
    promoCheck: now.promoCheck,
    promoRefusal: now.promoRefusal,
    closedReason: now.closedReason,
    pausedReason: now.paused,
    closingSoon: now.closingSoon,
    lostSlot: now.lostSlot,
    storeName: store.name,
    problems: rule ? [rule, ...now.blockers] : now.blockers,
    lineErrors: refusals.lineErrors,
    tried: placing.tried,
    announcement: refusals.announcement,
    busy: placing.placing || contact.saving,
    ready,
    placeOrder: placing.placeOrder,
  };
}
export type CheckoutFormState = ReturnType<typeof useCheckoutForm>;
