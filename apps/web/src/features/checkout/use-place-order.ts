import { useRef, useState } from 'react';
import { useNavigate, type NavigateFunction } from 'react-router';
import type { OrderCreated } from '@servery/contract/order';
import { toast } from '../../lib/toast.ts';
import { usePlaceOrderMutation } from './api.ts';
import type { CheckoutSubmission } from './checkout-form.ts';
import type { CheckoutForm } from './checkout-form-state.ts';
import { createAttempts } from './idempotency.ts';
import type { PaymentHandOver } from './payment-hand-over.ts';
import { revealSoon } from './reveal.ts';
import type { CheckoutRefusals } from './use-checkout-refusals.ts';
import type { useDeliveryContact } from './use-delivery-contact.ts';

interface PlaceOrderInput {
  form: CheckoutForm;
  contact: ReturnType<typeof useDeliveryContact>;
  refusals: CheckoutRefusals;
  /** What the customer cannot type away, listed beside the button. */
  blockers: string[];
  /** The quote, the code's check and the times are in: the total on the button is the total. */
  ready: boolean;
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
  onCashOrderPlaced,
}: PlaceOrderInput) {
  const navigate = useNavigate();
  const [sendOrder, placing] = usePlaceOrderMutation();
  const [tried, setTried] = useState(false);
  const attempts = useRef(createAttempts());
  /** A second click while the first is on its way does nothing (the key would match anyway). */
  const inFlight = useRef(false);

  const place = async ({ body, contact: asked }: CheckoutSubmission) => {
    inFlight.current = true;
    try {
      const refused = asked && contact.changes(asked) ? await contact.save(asked) : null;
      if (refused) return refusals.handleRefusal(refused, ['first_name', 'phone']);
      const result = await sendOrder({ body, key: attempts.current.keyFor(body) });
      if ('error' in result) return refusals.handleRefusal(result.error);
      attempts.current.reset();
      goOn(navigate, result.data, onCashOrderPlaced);
    } finally {
      inFlight.current = false;
    }
  };

  const placeOrder = async () => {
    // A code being checked has no figure yet: the total on the button would not be the total;
    // times still on their way have no time to send yet.
    if (inFlight.current || !ready) return;
    setTried(true);
    refusals.clear();
    // What the customer cannot type away comes first: it is listed beside the button.
    if (blockers.length) return revealSoon('checkout-problems');
    await form.handleSubmit(place, refusals.handleInvalid)();
  };

  return { placeOrder, tried, placing: placing.isLoading };
}
