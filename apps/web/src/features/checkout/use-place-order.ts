import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { useNavigate, type NavigateFunction } from 'react-router';
import type { OrderCreated } from '@servery/contract/order';
import { toast } from '../../lib/toast.ts';
import { usePlaceOrderMutation } from './api.ts';
import type { CheckoutSubmission, CheckoutValues } from './checkout-form.ts';
import type { CheckoutForm } from './checkout-form-state.ts';
import { createAttempts } from './idempotency.ts';
import type { PaymentHandOver } from './payment-hand-over.ts';
import { revealSoon } from './reveal.ts';
import type { CheckoutRefusals } from './use-checkout-refusals.ts';
import type { useDeliveryContact } from './use-delivery-contact.ts';
import { chooseStore } from '../../lib/chosen-store.ts';

interface PlaceOrderInput {
  form: CheckoutForm;
  contact: ReturnType<typeof useDeliveryContact>;
  refusals: CheckoutRefusals;
  /** What the customer cannot type away, listed beside the button. */
  blockers: string[];
  /** The quote, the code's check and the times are in: the total on the button is the total. */
  ready: boolean;
  /** The total on the button (the quote's), or null before there is one. */
  total: number | null;
  /** The customer's choices as the form holds them. */
  values: CheckoutValues;
  onCashOrderPlaced: () => void;
}

/** A placed order goes on: a cash order to its page, a card order to the payment. */
function goOn(
  navigate: NavigateFunction,
  placed: { message: string; data: OrderCreated },
  onCashOrderPlaced: () => void,
) {
  const created = placed.data;
  if (created.payment.provider === 'cash') {
    onCashOrderPlaced();
    toast.success(placed.message);
    navigate(`/orders/${created.order.id}`, {
      state: { placed: true, price_changes: created.price_changes },
    });
    return;
  }
  const handOver: PaymentHandOver = {
    payment: created.payment,
    price_changes: created.price_changes,
  };
  navigate(`/payment?order=${created.order.id}`, { state: handOver });
}

/**
 * The checkout's one `placeOrder`: it goes to the first problem when it cannot go on (issue
 * 20), saves the contact asked for, then places the order with one key per attempt.
 */
export function usePlaceOrder({
  form,
  contact,
  refusals,
  blockers,
  ready,
  total,
  values,
  onCashOrderPlaced,
}: PlaceOrderInput) {
  const navigate = useNavigate();
  const [sendOrder, placing] = usePlaceOrderMutation();
  const [tried, setTried] = useState(false);
  const attempts = useRef(createAttempts());
  /** A second click while the first is on its way does nothing (the key would match anyway). */
  const inFlight = useRef(false);
  /**
   * A tap made while the times, a code's check or a delivery's saved addresses were still on
   * their way: what the page showed then (the total, the choices). It is not lost; the checkout
   * goes on once ready, if nothing of that has changed.
   */
  const heldTap = useRef<string | null>(null);
  const shown = total === null ? null : JSON.stringify({ total, values });

  const place = async ({ body, contact: asked }: CheckoutSubmission) => {
    inFlight.current = true;
    try {
      const refused = asked && contact.changes(asked) ? await contact.save(asked) : null;
      if (refused) return refusals.handleRefusal(refused, ['first_name', 'phone']);
      const result = await sendOrder({ body, key: attempts.current.keyFor(body) });
      if ('error' in result) return refusals.handleRefusal(result.error);
      attempts.current.reset();
      // The store ordered from is the customer's store from now on: a return at an hour it is
      // closed shows it closed ("Opens at…"), not another store picked because it is open.
      chooseStore(body.store_id);
      goOn(navigate, result.data, onCashOrderPlaced);
    } finally {
      inFlight.current = false;
    }
  };

  const placeOrder = async () => {
    if (inFlight.current) return;
    // A code being checked has no figure yet: the total on the button would not be the total;
    // times still on their way have no time to send yet. The tap waits for them.
    if (!ready) {
      heldTap.current = shown;
      return;
    }
    heldTap.current = null;
    setTried(true);
    refusals.clear();
    // What the customer cannot type away comes first: it is listed beside the button.
    if (blockers.length) return revealSoon('checkout-problems');
    await form.handleSubmit(place, refusals.handleInvalid)();
  };

  // A held tap goes on when the checkout is ready; a total or a choice that changed meanwhile
  // is not what was tapped (a card tap must not place a cash order), so the customer sees the
  // page as it is now and taps again.
  const goOnWithHeldTap = useEffectEvent(() => {
    const held = heldTap.current;
    heldTap.current = null;
    if (held !== null && held === shown) void placeOrder();
  });
  useEffect(() => {
    if (ready) goOnWithHeldTap();
  }, [ready]);

  return { placeOrder, tried, placing: placing.isLoading };
}
