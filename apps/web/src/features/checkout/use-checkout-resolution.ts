import { useMemo } from 'react';
import type { Address } from '@servery/contract/address';
import type { CartLine } from '@servery/contract/cart';
import type { ShopConfig } from '@servery/contract/config';
import type { OrderType, StoreSummary } from '@servery/contract/menu';
import type { PromoCheck } from '@servery/contract/promo';
import { useDishesNowQuery } from '../../lib/dishes-and-orders-api.ts';
import { useMoney } from '../../lib/money.ts';
import { useShopConfig } from '../../lib/shop-config.ts';
import { shopClockTime, useShopTimeZone } from '../../lib/shop-time.ts';
import { useTimingsQuery } from './api.ts';
import {
  addressFor,
  checkoutBlockers,
  orderLinesOf,
  orderTypeFor,
  type CheckoutContext,
  type CheckoutValues,
} from './checkout-form.ts';
import { quoteCheckout } from './checkout-quote.ts';
import { usePromoCheck } from './use-promo-check.ts';
import { resolveWhen } from './when.ts';
import { closingSoonText } from './when-text.ts';
import { pauseText } from '../../lib/store-pause.ts';

/** Why nothing can be ordered from this store now, if so: the shop's switch, or the store's. */
export const closedReasonOf = (config: ShopConfig | null | undefined, store: StoreSummary) =>
  config?.IsShopClosed === 1
    ? config.ShopClosedMessage
    : store.is_closed
      ? `${store.name} is not taking orders at the moment.`
      : null;

/**
 * The times on offer for the way chosen now, and the chosen time against them. RTK's `data`
 * would still hold the other way's for a moment after a switch: `currentData` does not, and
 * till the times arrive nothing can be placed.
 */
function useCheckoutTimes(
  store: StoreSummary,
  orderType: OrderType,
  postcode: string | undefined,
  chosen: string | null,
) {
  const timeZone = useShopTimeZone();
  // A delivery's times count its zone's minutes on the road (issue 28).
  const timings = useTimingsQuery(
    { storeId: store.id, orderType, postcode },
    { pollingInterval: 60_000, refetchOnMountOrArgChange: true },
  );
  const times = timings.currentData;
  const when = times ? resolveWhen(chosen, times) : null;
  // Paused from the Service screen (issue 15): said once, in the menu's words, wherever the
  // checkout speaks of it (the time field and the rule above the button).
  const paused = times?.paused
    ? pauseText({ ...times.paused, ways: [orderType] }, timeZone, new Date())
    : null;
  // Open, but closing too soon for a new order: said in the closed case's words.
  const closingSoon = times ? closingSoonText(store.name, times, timeZone) : null;
  const lostSlot =
    times && chosen && chosen !== 'asap' && when !== chosen
      ? `The time you chose (${shopClockTime(chosen, timeZone)}) is no longer available. Please check the time.`
      : null;
  return {
    timings,
    when,
    paused,
    closingSoon,
    lostSlot,
    noTimes: Boolean(times) && !when,
    loading: !times && !timings.isError,
  };
}

/** The basket priced as the store sells its dishes now, for the way and the address chosen. */
function useCheckoutQuote({
  lines,
  store,
  orderType,
  address,
  promo,
}: {
  lines: CartLine[];
  store: StoreSummary;
  orderType: OrderType;
  address: Address | null;
  promo: PromoCheck | null;
}) {
  const money = useMoney();
  const itemIds = useMemo(() => [...new Set(lines.map((line) => line.item_id))].sort(), [lines]);
  const catalogue = useDishesNowQuery({ storeId: store.id, itemIds });
  const delivery = orderType === 'delivery';
  const quote = catalogue.data
    ? quoteCheckout({
        lines,
        catalogue: catalogue.data,
        store,
        orderType,
        address: delivery ? address : null,
        promo,
        money,
      })
    : null;
  return { catalogue, quote };
}

export interface ResolutionInput {
  lines: CartLine[];
  store: StoreSummary;
  addresses: Address[] | undefined;
  /** The saved addresses could not be loaded (the page offers to try again). */
  addressesFailed: boolean;
  values: CheckoutValues;
  /** Addresses the customer picked on this page (one remembered from before may be far away). */
  chosenHere: ReadonlySet<string>;
  /** The profile lacks the name or phone, or the server asked for them. */
  contactLacking: boolean;
}

/**
 * What the choices resolve to now: the way, the address, the time, the code's check, the quote,
 * and every rule the page can know before sending (`blockers`); `context` is what the form's
 * resolver checks the values against.
 */
export function useCheckoutResolution({
  lines,
  store,
  addresses,
  addressesFailed,
  values,
  chosenHere,
  contactLacking,
}: ResolutionInput) {
  const config = useShopConfig();
  const orderType = orderTypeFor(values.order_type, store);
  const delivery = orderType === 'delivery';
  const address = addressFor(addresses, values.address_id, store, chosenHere);
  const times = useCheckoutTimes(
    store,
    orderType,
    delivery ? address?.postcode : undefined,
    values.when,
  );
  const promoCheck = usePromoCheck(values.promo_code, store.id, lines);
  const { state } = promoCheck;
  const promoRefusal = state.status === 'refused' ? state.message : null;
  const promo = state.status === 'valid' ? state.promo : null;
  const { catalogue, quote } = useCheckoutQuote({ lines, store, orderType, address, promo });
  const closedReason = closedReasonOf(config, store);
  const blockers = checkoutBlockers({
    store,
    orderType,
    closedReason,
    noTimes: times.noTimes,
    pausedReason: times.paused,
    quote,
    promoRefusal,
    catalogueFailed: catalogue.isError,
  });
  const context: CheckoutContext = {
    store,
    orderType,
    address,
    when: times.when,
    paymentMethod: store.accepts_cash ? values.payment_method : 'card',
    // A collection always shows them, filled from the profile (issue 30); a delivery when lacking.
    askContact: !delivery || contactLacking,
    lines: orderLinesOf(quote),
  };
  // A delivery's saved addresses still on their way: a tap now would be told to choose one.
  const addressesLoading = delivery && addresses === undefined && !addressesFailed;
  const waiting = state.status === 'checking' || times.loading || addressesLoading;
  return {
    ...times,
    catalogue,
    promoCheck,
    promoRefusal,
    quote,
    closedReason,
    blockers,
    context,
    waiting,
  };
}
export type CheckoutResolution = ReturnType<typeof useCheckoutResolution>;
