import { useEffect, useMemo, useRef, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useNavigate } from 'react-router';
import type { Address } from '@servery/contract/address';
import type { CartLine } from '@servery/contract/cart';
import type { OrderType, StoreSummary } from '@servery/contract/menu';
import { applyServerErrors } from '../../lib/form-errors.ts';
import { useMoney } from '../../lib/money.ts';
import { useShopConfig } from '../../lib/shop-config.ts';
import { shopClockTime, useShopTimeZone } from '../../lib/shop-time.ts';
import { toast } from '../../lib/toast.ts';
import { useDishesNowQuery } from '../../lib/dishes-and-orders-api.ts';
import { usePlaceOrderMutation, useTimingsQuery } from './api.ts';
import {
  CHECKOUT_FIELDS,
  addressFor,
  checkoutBlockers,
  checkoutResolver,
  orderLinesOf,
  orderTypeFor,
  type CheckoutContext,
  type CheckoutField,
  type CheckoutSubmission,
  type CheckoutValues,
} from './checkout-form.ts';
import {
  readOrderType,
  readSelectedAddressId,
  readWhen,
  saveOrderType,
  saveSelectedAddress,
  saveWhen,
} from './checkout-preferences.ts';
import { quoteCheckout } from './checkout-quote.ts';
import type { PaymentHandOver } from './payment-hand-over.ts';
import { createAttempts } from './idempotency.ts';
import { revealField, revealSoon } from './reveal.ts';
import { useDeliveryContact } from './use-delivery-contact.ts';
import { usePromoCheck } from './use-promo-check.ts';
import { resolveWhen } from './when.ts';

export interface CheckoutFormOptions {
  lines: CartLine[];
  store: StoreSummary;
  addresses: Address[] | undefined;
  onRetryAddresses: () => void;
  /** A cash order is placed: the basket has been ordered. */
  onCashOrderPlaced: () => void;
}

/**
 * The checkout's state on react-hook-form: the choices, what they resolve to now (the quote,
 * the time, the address), every rule the page can know before sending (`blockers`), and one
 * `placeOrder` that goes to the first problem when it cannot go on (issue 20) and places each
 * refusal from the server on its field, its line or above the button (applyServerErrors).
 */
export function useCheckoutForm({
  lines,
  store,
  addresses,
  onRetryAddresses,
  onCashOrderPlaced,
}: CheckoutFormOptions) {
  const navigate = useNavigate();
  const money = useMoney();
  const config = useShopConfig();
  const timeZone = useShopTimeZone();
  const [rule, setRule] = useState<string | null>(null);
  const [lineErrors, setLineErrors] = useState<Record<number, string>>({});
  const [tried, setTried] = useState(false);
  const [announcement, setAnnouncement] = useState({ text: '', count: 0 });
  const attempts = useRef(createAttempts());
  /** A second click while the first is on its way does nothing (the key would match anyway). */
  const inFlight = useRef(false);

  const [initial] = useState<CheckoutValues>(() => ({
    order_type: readOrderType(),
    address_id: readSelectedAddressId(),
    when: readWhen(),
    promo_code: null,
    notes: '',
    payment_method: 'card',
    first_name: '',
    phone: '',
  }));
  // What the choices resolve to, set below on every render, read when the form is checked.
  const context = useRef<CheckoutContext | undefined>(undefined);
  const form = useForm<CheckoutValues, CheckoutContext, CheckoutSubmission>({
    defaultValues: initial,
    resolver: (formValues, _context, options) =>
      checkoutResolver(formValues, context.current, options),
    shouldFocusError: false,
  });
  const values = { ...initial, ...useWatch({ control: form.control }) } as CheckoutValues;
  const contact = useDeliveryContact(form);

  const orderType = orderTypeFor(values.order_type, store);
  /** Addresses the customer picked on this page (one remembered from before may be far away). */
  const [chosenHere, setChosenHere] = useState<ReadonlySet<string>>(() => new Set());
  const address = addressFor(addresses, values.address_id, store, chosenHere);
  const itemIds = useMemo(() => [...new Set(lines.map((line) => line.item_id))].sort(), [lines]);
  const catalogue = useDishesNowQuery({ storeId: store.id, itemIds });
  const timings = useTimingsQuery(
    // A delivery's times count its zone's minutes on the road (issue 28).
    {
      storeId: store.id,
      orderType,
      postcode: orderType === 'delivery' ? address?.postcode : undefined,
    },
    { pollingInterval: 60_000, refetchOnMountOrArgChange: true },
  );
  const promoCheck = usePromoCheck(values.promo_code, store.id, lines);
  const [sendOrder, placing] = usePlaceOrderMutation();

  // The times of the way chosen now (RTK's `data` would still hold the other way's for a moment
  // after a switch); till they arrive nothing can be placed, as while a code is checked.
  const times = timings.currentData;
  const timesLoading = !times && !timings.isError;
  const when = times ? resolveWhen(values.when, times) : null;
  const lostSlot =
    times && values.when && values.when !== 'asap' && when !== values.when
      ? `The time you chose (${shopClockTime(values.when, timeZone)}) is no longer available. Please check the time.`
      : null;
  const promo = promoCheck.state.status === 'valid' ? promoCheck.state.promo : null;
  const promoRefusal = promoCheck.state.status === 'refused' ? promoCheck.state.message : null;
  const promoChecking = promoCheck.state.status === 'checking';
  const paymentMethod = store.accepts_cash ? values.payment_method : 'card';
  const delivery = orderType === 'delivery';
  // A collection always shows them, filled from the profile (issue 30); a delivery when lacking.
  const askContact = !delivery || contact.ask;

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

  const closedReason =
    config?.IsShopClosed === 1
      ? config.ShopClosedMessage
      : store.is_closed
        ? `${store.name} is not taking orders at the moment.`
        : null;

  const blockers = checkoutBlockers({
    store,
    orderType,
    closedReason,
    noTimes: Boolean(times) && !when,
    quote,
    promoRefusal,
    catalogueFailed: catalogue.isError,
  });

  const resolved: CheckoutContext = {
    store,
    orderType,
    address,
    when,
    paymentMethod,
    askContact,
    lines: orderLinesOf(quote),
  };
  // Read by the resolver when the form is checked, always after this render has committed.
  useEffect(() => {
    context.current = resolved;
  });

  /** A choice changed: its error and the general one go. */
  const choose = <F extends CheckoutField>(field: F, value: CheckoutValues[F]) => {
    form.setValue(field, value as never);
    form.clearErrors(field);
    setRule(null);
  };
  const choices = {
    orderType: (type: OrderType) => {
      choose('order_type', type);
      form.clearErrors('when');
      saveOrderType(type);
    },
    address: (chosen: Address) => {
      setChosenHere((ids) => new Set(ids).add(chosen.id));
      choose('address_id', chosen.id);
      saveSelectedAddress(chosen);
    },
    when: (value: string) => {
      choose('when', value);
      saveWhen(value);
    },
    promo: (code: string | null) => {
      if (code && code === values.promo_code) promoCheck.recheck();
      choose('promo_code', code);
    },
    payment: (method: CheckoutValues['payment_method']) => choose('payment_method', method),
  };

  /** Moves the screen and focus to the first field in error, and says what is wrong. */
  const goToFirstError = (fields: readonly string[], messageOf: (field: string) => string) => {
    const first = CHECKOUT_FIELDS.find((field) => fields.includes(field));
    if (!first) return false;
    setAnnouncement((now) => ({ text: messageOf(first), count: now.count + 1 }));
    revealField(first);
    return true;
  };

  const handleRefusal = (error: unknown, fields: readonly CheckoutField[] = CHECKOUT_FIELDS) => {
    const placed = applyServerErrors(error, form.setError, {
      fields,
      rowsName: 'lines',
      toast: 'unplaced',
      focus: false,
    });
    const status = (error as { status?: unknown }).status;
    if (placed.fields.includes('first_name') || placed.fields.includes('phone')) {
      contact.askedByServer();
    }
    if (placed.fields.includes('when')) void timings.refetch();
    if (status === 404) onRetryAddresses();
    setLineErrors(placed.lines);
    setRule(placed.rule);
    const said = (error as { data?: { errors?: Record<string, string> } }).data?.errors ?? {};
    if (goToFirstError(placed.fields, (field) => said[field] ?? '')) return;
    if (Object.keys(placed.lines).length) revealSoon('summary-title');
    else if (placed.rule) revealSoon('checkout-problems');
  };

  const place = async ({ body, contact: asked }: CheckoutSubmission) => {
    inFlight.current = true;
    try {
      const refused = asked && contact.changes(asked) ? await contact.save(asked) : null;
      if (refused) return handleRefusal(refused, ['first_name', 'phone']);
      const result = await sendOrder({ body, key: attempts.current.keyFor(body) });
      if ('error' in result) return handleRefusal(result.error);
      attempts.current.reset();
      const created = result.data.data;
      if (created.payment.provider === 'cash') {
        onCashOrderPlaced();
        toast.success(result.data.message);
        navigate(`/orders/${created.order.id}`, {
          state: { placed: true, price_changes: created.price_changes },
        });
      } else {
        const handOver: PaymentHandOver = {
          payment: created.payment,
          price_changes: created.price_changes,
        };
        navigate(`/payment?order=${created.order.id}`, { state: handOver });
      }
    } finally {
      inFlight.current = false;
    }
  };

  const placeOrder = async () => {
    // A code being checked has no figure yet: the total on the button would not be the total;
    // times still on their way have no time to send yet.
    if (inFlight.current || !quote || promoChecking || timesLoading) return;
    setTried(true);
    setRule(null);
    setLineErrors({});
    // What the customer cannot type away comes first: it is listed beside the button.
    if (blockers.length) return revealSoon('checkout-problems');
    await form.handleSubmit(place, (errors) => {
      const message = (field: string) => errors[field as CheckoutField]?.message ?? '';
      if (goToFirstError(Object.keys(errors), message)) return;
      // A rule of the order on no field of the form: said above the button, never silently.
      setRule(errors.root?.message ?? null);
      revealSoon('checkout-problems');
    })();
  };

  return {
    form,
    values: { ...values, orderType, address, when, paymentMethod },
    choices,
    errors: form.formState.errors,
    askContact,
    quote,
    catalogue,
    timings,
    promoCheck,
    promoRefusal,
    closedReason,
    lostSlot,
    storeName: store.name,
    problems: rule ? [rule, ...blockers] : blockers,
    lineErrors,
    tried,
    announcement,
    busy: placing.isLoading || contact.saving,
    ready: Boolean(quote) && !promoChecking && !timesLoading,
    placeOrder,
  };
}
export type CheckoutFormState = ReturnType<typeof useCheckoutForm>;
