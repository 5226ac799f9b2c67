import { useCallback, useMemo, useRef, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import type { Address } from '@servery/contract/address';
import type { CartLine } from '@servery/contract/cart';
import type { ErrorEnvelope } from '@servery/contract/envelope';
import type { OrderType, StoreSummary } from '@servery/contract/menu';
import type { OrderCreated, OrderRequestInput, PaymentMethod } from '@servery/contract/order';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { toastServerError } from '../../../lib/api.ts';
import { useMoney } from '../../../lib/money.ts';
import { useShopConfig } from '../../../lib/shop-config.ts';
import { shopClockTime, useShopTimeZone } from '../../../lib/shop-time.ts';
import { toast } from '../../../lib/toast.ts';
import { useCheckoutCatalogueQuery, usePlaceOrderMutation, useTimingsQuery } from '../api.ts';
import {
  readOrderType,
  readSelectedAddressId,
  readWhen,
  saveOrderType,
  saveSelectedAddress,
  saveWhen,
} from '../checkout-preferences.ts';
import { quoteCheckout } from '../checkout-quote.ts';
import { createAttempts } from '../idempotency.ts';
import { usePromoCheck } from '../use-promo-check.ts';
import { resolveWhen } from '../when.ts';
import { CheckoutSummary } from './checkout-summary.tsx';
import { AddressField, CollectionStore, OrderTypeField } from './fulfilment-fields.tsx';
import { PaymentChoice } from './payment-choice.tsx';
import { PromoField } from './promo-field.tsx';
import { CARD, INPUT, OUTLINE, PRIMARY, PROBLEM } from './styles.ts';
import { TimeField } from './time-field.tsx';

type Field = 'order_type' | 'address_id' | 'when' | 'promo_code' | 'notes' | 'payment_method';
type FieldErrors = Partial<Record<Field, string>>;

/** Where each field's error is, so the first one can take focus. */
const FOCUS_OF: Record<Field, string> = {
  order_type: 'order-type-error',
  address_id: 'address-error',
  when: 'when-error',
  promo_code: 'promo-code',
  notes: 'order-notes',
  payment_method: 'payment-error',
};

const NOTES_MAX = 500;

/** What the page needs once placed: the payment page reads it from the history entry. */
export interface PaymentHandOver {
  payment: OrderCreated['payment'];
  price_changes: OrderCreated['price_changes'];
}

export interface CheckoutPageProps {
  lines: CartLine[];
  /** The basket's store; undefined while the stores load, null when it no longer exists. */
  store: StoreSummary | null | undefined;
  addresses: Address[] | undefined;
  addressesFailed: boolean;
  onRetryAddresses: () => void;
  /** The saved-address form (the account feature's), inline. */
  renderAddressForm: (props: {
    onSaved: (address: Address) => void;
    onCancel?: () => void;
    /** The customer asked for the form: it takes focus. */
    focusOnOpen: boolean;
  }) => ReactNode;
  onRemoveLine: (id: string) => void;
  /** A cash order is placed: the basket has been ordered. */
  onCashOrderPlaced: () => void;
}

const focusSoon = (id: string) => requestAnimationFrame(() => document.getElementById(id)?.focus());

/** Whether the store takes cash (its accepts_cash setting). */
const takesCash = (store: StoreSummary) => store.accepts_cash;

export function CheckoutPage(props: CheckoutPageProps) {
  const { store } = props;
  if (store === undefined) {
    return (
      <Frame>
        <div className="space-y-4" aria-busy="true">
          <Skeleton className="h-40" />
          <Skeleton className="h-64" />
        </div>
      </Frame>
    );
  }
  if (store === null) {
    return (
      <Frame>
        <p role="alert" className={PROBLEM}>
          The store your basket is from is no longer taking orders online. Please empty your basket
          and choose dishes from another store.
        </p>
      </Frame>
    );
  }
  return <Checkout {...props} store={store} />;
}

function Frame({ children, subtitle }: { children: ReactNode; subtitle?: ReactNode }) {
  return (
    <div className="mx-auto w-full max-w-5xl px-4 pt-6 pb-16">
      <h1 className="text-3xl font-bold">Checkout</h1>
      {subtitle}
      <div className="mt-6">{children}</div>
    </div>
  );
}

function Checkout({
  lines,
  store,
  addresses,
  addressesFailed,
  onRetryAddresses,
  renderAddressForm,
  onRemoveLine,
  onCashOrderPlaced,
}: CheckoutPageProps & { store: StoreSummary }) {
  const navigate = useNavigate();
  const money = useMoney();
  const config = useShopConfig();
  const timeZone = useShopTimeZone();

  const [chosenType, setChosenType] = useState<OrderType | null>(readOrderType);
  const orderType: OrderType =
    chosenType && store.order_types.includes(chosenType)
      ? chosenType
      : (store.order_types[0] ?? 'collection');
  const [chosenAddressId, setChosenAddressId] = useState<string | null>(readSelectedAddressId);
  const [adding, setAdding] = useState(false);
  const [chosenWhen, setChosenWhen] = useState<string | null>(readWhen);
  const [promoCode, setPromoCode] = useState<string | null>(null);
  const [notes, setNotes] = useState('');
  const cashAccepted = takesCash(store);
  const [chosenPayment, setChosenPayment] = useState<PaymentMethod>('card');
  const paymentMethod: PaymentMethod = cashAccepted ? chosenPayment : 'card';
  const [errors, setErrors] = useState<FieldErrors>({});
  const [lineErrors, setLineErrors] = useState<Record<number, string>>({});
  const [formProblem, setFormProblem] = useState<string | null>(null);
  const [tried, setTried] = useState(false);
  const attempts = useRef(createAttempts());
  /** A second click while the first is on its way does nothing (the key would match anyway). */
  const inFlight = useRef(false);
  /** A new address, focused once the list shows it. */
  const [newAddressId, setNewAddressId] = useState<string | null>(null);
  const focusNewAddress = useCallback((radio: HTMLInputElement | null) => radio?.focus(), []);

  const itemIds = useMemo(() => [...new Set(lines.map((line) => line.item_id))].sort(), [lines]);
  const catalogue = useCheckoutCatalogueQuery({ storeId: store.id, itemIds });
  const timings = useTimingsQuery(
    { storeId: store.id, orderType },
    { pollingInterval: 60_000, refetchOnMountOrArgChange: true },
  );
  const promoCheck = usePromoCheck(promoCode, store.id, lines);
  const [placeOrder, placing] = usePlaceOrderMutation();

  // The saved address: the one chosen (while it exists), else the default, else the first.
  const address =
    addresses?.find((a) => a.id === chosenAddressId) ??
    addresses?.find((a) => a.is_default) ??
    addresses?.[0] ??
    null;
  const when = timings.data ? resolveWhen(chosenWhen, timings.data) : null;
  const lostSlot =
    timings.data && chosenWhen && chosenWhen !== 'asap' && when !== chosenWhen
      ? `The time you chose (${shopClockTime(chosenWhen, timeZone)}) is no longer available. Please check the time.`
      : null;
  const promo = promoCheck.state.status === 'valid' ? promoCheck.state.promo : null;
  const promoRefusal = promoCheck.state.status === 'refused' ? promoCheck.state.message : null;
  const promoChecking = promoCheck.state.status === 'checking';

  const quote = catalogue.data
    ? quoteCheckout({
        lines,
        catalogue: catalogue.data,
        store,
        orderType,
        address: orderType === 'delivery' ? address : null,
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

  // Every rule the server applies that the page can know, before anything is sent.
  const blockers = [
    closedReason,
    timings.data && !when && !closedReason
      ? `${store.name} has no times left for ${orderType} in the coming days.`
      : null,
    quote?.lines.some((line) => line.problem)
      ? 'Remove the dishes that can no longer be ordered.'
      : null,
    orderType === 'delivery' ? quote?.addressProblem : null,
    quote?.minimumProblem,
    promoRefusal ?? quote?.promoProblem,
    catalogue.isError ? 'Your basket could not be checked against the menu.' : null,
  ].filter((problem): problem is string => Boolean(problem));

  const clearError = (field: Field) => {
    setErrors((current) => ({ ...current, [field]: undefined }));
    setFormProblem(null);
  };

  const handleOrderType = (type: OrderType) => {
    setChosenType(type);
    saveOrderType(type);
    clearError('order_type');
    clearError('when');
  };
  const handleAddress = (chosen: Address) => {
    setChosenAddressId(chosen.id);
    saveSelectedAddress(chosen);
    clearError('address_id');
  };
  const handleWhen = (value: string) => {
    setChosenWhen(value);
    saveWhen(value);
    clearError('when');
  };

  const showErrors = (next: FieldErrors) => {
    setErrors(next);
    const first = (Object.keys(FOCUS_OF) as Field[]).find((field) => next[field]);
    if (first) focusSoon(FOCUS_OF[first]);
  };

  const handlePlace = async () => {
    // A code being checked has no figure yet: the total on the button would not be the total.
    if (inFlight.current || !quote || promoChecking) return;
    setTried(true);
    setFormProblem(null);
    setLineErrors({});
    const missing: FieldErrors = {};
    if (orderType === 'delivery' && !address) {
      missing.address_id = 'Choose the address to deliver to';
    }
    if (!when && !closedReason) missing.when = 'Choose ASAP or a time from the list';
    if (Object.keys(missing).length) return showErrors(missing);
    if (blockers.length) return focusSoon('checkout-problems');

    const body: OrderRequestInput = {
      store_id: store.id,
      order_type: orderType,
      ...(orderType === 'delivery' && address ? { address_id: address.id } : {}),
      when: when!,
      lines: quote.lines.map(({ line, unit_price }) => ({
        item_id: line.item_id,
        quantity: line.quantity,
        modifiers: line.modifiers,
        note: line.note,
        unit_price,
      })),
      ...(promoCode ? { promo_code: promoCode } : {}),
      notes: notes.trim(),
      payment_method: paymentMethod,
    };
    inFlight.current = true;
    const result = await placeOrder({ body, key: attempts.current.keyFor(body) });
    inFlight.current = false;
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
  };

  /** A refusal lands where it belongs: on its field, on its line, or above the button. */
  const handleRefusal = (error: unknown) => {
    const status = (error as { status?: unknown }).status;
    const data = (error as { data?: Partial<ErrorEnvelope> }).data;
    if (typeof status !== 'number' || status === 401) return;
    // SPEC §8: an exception failure is a toast, 'Oops! Something went wrong.'.
    if (status >= 500) return toastServerError(error);
    const fieldErrors: FieldErrors = {};
    const onLines: Record<number, string> = {};
    let general: string | null = null;
    for (const [field, message] of Object.entries(data?.errors ?? {})) {
      const line = /^lines\.(\d+)/.exec(field);
      if (line) onLines[Number(line[1])] = message;
      else if (field in FOCUS_OF) fieldErrors[field as Field] = message;
      else general = message;
    }
    if (fieldErrors.when) void timings.refetch();
    if (status === 404) onRetryAddresses();
    if (!Object.keys(fieldErrors).length && !Object.keys(onLines).length) {
      general = data?.message ?? null;
    }
    if (!general && !Object.keys(fieldErrors).length && !Object.keys(onLines).length) {
      return toastServerError(error);
    }
    setLineErrors(onLines);
    setFormProblem(general);
    if (Object.keys(fieldErrors).length) showErrors(fieldErrors);
    else focusSoon(Object.keys(onLines).length ? 'summary-title' : 'checkout-problems');
  };

  const total = quote?.totals.total ?? 0;
  const shownProblems = formProblem ? [formProblem, ...blockers] : blockers;
  return (
    <Frame
      subtitle={
        <p className="mt-1 text-stone-800">
          Ordering from <span className="font-semibold">{store.name}</span>
        </p>
      }
    >
      <div className="grid gap-6 lg:grid-cols-[3fr_2fr] lg:items-start">
        <div className="space-y-6">
          <div className={CARD}>
            <OrderTypeField
              store={store}
              value={orderType}
              onChange={handleOrderType}
              error={errors.order_type}
            />
          </div>
          <div className={CARD}>
            {orderType === 'delivery' ? (
              <AddressField
                store={store}
                addresses={addresses}
                loadFailed={addressesFailed}
                onRetry={onRetryAddresses}
                selectedId={address?.id ?? null}
                onSelect={handleAddress}
                focus={{ id: newAddressId, ref: focusNewAddress }}
                adding={adding || addresses?.length === 0}
                onAdd={() => setAdding(true)}
                form={renderAddressForm({
                  onSaved: (saved) => {
                    setAdding(false);
                    handleAddress(saved);
                    setNewAddressId(saved.id);
                  },
                  onCancel: addresses?.length ? () => setAdding(false) : undefined,
                  focusOnOpen: adding,
                })}
                error={errors.address_id}
                money={money}
              />
            ) : (
              <CollectionStore store={store} />
            )}
          </div>
          <div className={CARD}>
            <TimeField
              store={store}
              orderType={orderType}
              timings={timings.data}
              loadFailed={timings.isError && !timings.data}
              value={when}
              onChange={handleWhen}
              closedReason={closedReason}
              error={errors.when}
              notice={lostSlot}
            />
          </div>
          <div className={`${CARD} space-y-6`}>
            <PromoField
              check={promoCheck.state}
              discount={quote?.totals.discount ?? 0}
              onApply={(code) => {
                if (code === promoCode) promoCheck.recheck();
                setPromoCode(code);
                clearError('promo_code');
              }}
              onRemove={() => {
                setPromoCode(null);
                clearError('promo_code');
              }}
              onRecheck={promoCheck.recheck}
              error={errors.promo_code ?? promoRefusal ?? quote?.promoProblem}
              money={money}
            />
            <div>
              <label htmlFor="order-notes" className="block text-xl font-semibold">
                Notes for the shop (optional)
              </label>
              <p id="order-notes-hint" className="text-sm text-stone-700">
                Such as: please don’t ring the bell. For allergies, call the shop on {store.phone}.
              </p>
              <textarea
                id="order-notes"
                rows={3}
                maxLength={NOTES_MAX}
                value={notes}
                onChange={(event) => {
                  setNotes(event.target.value);
                  clearError('notes');
                }}
                aria-invalid={Boolean(errors.notes)}
                aria-describedby={`order-notes-hint${errors.notes ? ' notes-error' : ''}`}
                className={INPUT}
              />
              {errors.notes ? (
                <p id="notes-error" className="mt-2 text-sm font-medium text-red-800">
                  {errors.notes}
                </p>
              ) : null}
            </div>
          </div>
          <div className={CARD}>
            <PaymentChoice
              value={paymentMethod}
              onChange={(method) => {
                setChosenPayment(method);
                clearError('payment_method');
              }}
              cashAccepted={cashAccepted}
              orderType={orderType}
              error={errors.payment_method}
            />
          </div>
        </div>

        <div className={`${CARD} lg:sticky lg:top-20`}>
          {quote ? (
            <CheckoutSummary
              quote={quote}
              orderType={orderType}
              promoCode={promoCode}
              lineErrors={lineErrors}
              onRemoveLine={onRemoveLine}
              money={money}
            />
          ) : catalogue.isError ? null : (
            <div className="space-y-3" aria-busy="true">
              <p className="text-stone-700">Checking today’s prices…</p>
              <Skeleton className="h-40" />
            </div>
          )}
          {shownProblems.length ? (
            <div
              id="checkout-problems"
              tabIndex={-1}
              role={tried ? 'alert' : undefined}
              className={`${PROBLEM} mt-4 outline-offset-2`}
              data-testid="checkout-problems"
            >
              <p className="font-semibold">Before you can order:</p>
              <ul className="mt-1 list-disc pl-5">
                {shownProblems.map((problem) => (
                  <li key={problem}>{problem}</li>
                ))}
              </ul>
              {catalogue.isError ? (
                <button
                  type="button"
                  onClick={() => void catalogue.refetch()}
                  className={`${OUTLINE} mt-2`}
                >
                  Try again
                </button>
              ) : null}
            </div>
          ) : null}
          <button
            type="button"
            onClick={() => void handlePlace()}
            aria-disabled={placing.isLoading || !quote || promoChecking}
            aria-busy={placing.isLoading}
            className={`${PRIMARY} mt-4 w-full text-lg aria-disabled:opacity-60`}
          >
            {paymentMethod === 'cash'
              ? `Place order · ${money(total)}`
              : `Continue to payment · ${money(total)}`}
          </button>
          <p className="mt-2 text-center text-sm text-stone-700">
            {paymentMethod === 'cash'
              ? `You pay ${money(total)} in cash on ${orderType}.`
              : 'You will enter your card on the next page.'}
          </p>
        </div>
      </div>
    </Frame>
  );
}
