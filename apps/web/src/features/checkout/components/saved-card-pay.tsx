import { useState } from 'react';
import type { Order } from '@servery/contract/order';
import { savedCardExpiry, savedCardName, type SavedCard } from '@servery/contract/saved-cards';
import { ActionBar } from '../../../components/ui/action-bar.tsx';
import { Button, LINK_CLASS } from '../../../components/ui/button.tsx';
import { Choice } from '../../../components/ui/choice.tsx';
import { Problem } from '../../../components/ui/problem.tsx';
import { serverMessage } from '../../../lib/api.ts';
import { usePayWithSavedCardMutation } from '../../../lib/saved-cards-api.ts';
import { stripeFor } from './stripe-js.ts';

/** Stripe's 3-D Secure for a payment the server confirmed with a saved card. */
async function authenticate(order: Order): Promise<string | null> {
  const { client_secret: secret, publishable_key: key, stripe_account: account } = order.payment;
  if (!secret || !key) return 'Your bank asks you to confirm this payment. Please pay by card.';
  try {
    const stripe = await stripeFor(key, account);
    const { error } = await stripe.handleNextAction({ clientSecret: secret });
    return error ? (error.message ?? 'Your payment could not be taken.') : null;
  } catch {
    return 'Your bank’s check could not be loaded. Check your connection, then try again.';
  }
}

/**
 * "Pay with Visa •••• 4242" (issue 30, point 11): the customer's saved cards, the last used
 * chosen already, paid in one tap; the server charges it at the provider. "Use another card"
 * opens the card form.
 */
export function SavedCardPay({
  order,
  cards,
  onPaid,
  onUseAnother,
}: {
  order: Order;
  cards: SavedCard[];
  onPaid: (message: string) => void;
  onUseAnother: () => void;
}) {
  const [chosenId, setChosenId] = useState(cards[0]!.id);
  const chosen = cards.find((card) => card.id === chosenId) ?? cards[0]!;
  const [pay, { isLoading }] = usePayWithSavedCardMutation();
  const [authenticating, setAuthenticating] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const busy = isLoading || authenticating;

  const handlePay = async () => {
    setProblem(null);
    const result = await pay({ orderId: order.id, cardId: chosen.id });
    if ('error' in result) return setProblem(serverMessage(result.error));
    const now = result.data.data;
    if (now.payment.status !== 'requires_action') return onPaid(result.data.message);
    setAuthenticating(true);
    const refused = await authenticate(now);
    setAuthenticating(false);
    if (refused) setProblem(refused);
    else onPaid('Payment received. Thank you!');
  };

  return (
    <div data-testid="saved-cards">
      {problem ? (
        <Problem className="mb-4" data-testid="payment-declined">
          <p className="font-semibold">{problem}</p>
          <p>Try again, or use another card.</p>
        </Problem>
      ) : null}
      <fieldset>
        <legend className="font-semibold">Your saved {cards.length > 1 ? 'cards' : 'card'}</legend>
        <div className="mt-2 space-y-2">
          {cards.map((card) => (
            <Choice
              key={card.id}
              name="saved-card"
              value={card.id}
              checked={card.id === chosen.id}
              onChange={() => setChosenId(card.id)}
            >
              <span className="font-medium">{savedCardName(card)}</span>
              <span className="block text-sm text-stone-700">Expires {savedCardExpiry(card)}</span>
            </Choice>
          ))}
        </div>
      </fieldset>
      <button type="button" className={`${LINK_CLASS} mt-4`} onClick={onUseAnother}>
        Use another card
      </button>
      <ActionBar breakpoint="sm" className="sm:mt-5">
        <Button
          onClick={() => void handlePay()}
          disabled={busy}
          aria-busy={busy}
          className="w-full text-lg"
        >
          {busy ? 'Paying…' : `Pay with ${savedCardName(chosen)}`}
        </Button>
      </ActionBar>
    </div>
  );
}
