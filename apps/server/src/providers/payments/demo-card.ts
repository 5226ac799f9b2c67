import { randomUUID } from 'node:crypto';
import { cardBrandOf } from '@servery/contract/saved-cards';
import type { KeptCard } from './payment-provider.ts';
import {
  CARD_EXPIRED_MESSAGE,
  DEMO_CARDS,
  cardExpired,
  luhnValid,
  type DemoCardRequest,
  type PaymentStatus,
} from '@servery/contract/order';

/**
 * The demo card provider (test mode, no outside party): its card form's cards behave as
 * Stripe's test cards do. 4242… succeeds, 4000 0000 0000 0002 is declined, 4000 0027 6000 3184
 * asks to authenticate. The orders module keeps the payment's row; this says what the card does.
 */

/** What is wrong with the card form, by field, before any payment is touched; null when nothing. */
export function demoCardProblem(
  card: Pick<DemoCardRequest, 'card_number' | 'expiry'>,
  at: Date,
): { field: 'card_number' | 'expiry'; message: string } | null {
  if (!luhnValid(card.card_number)) {
    return { field: 'card_number', message: 'Your card number is incorrect.' };
  }
  if (cardExpired(card.expiry, at)) return { field: 'expiry', message: CARD_EXPIRED_MESSAGE };
  return null;
}

export interface DemoCardOutcome {
  status: Extract<PaymentStatus, 'authorised' | 'succeeded' | 'failed' | 'requires_action'>;
  /** Why the card did not pay, in the customer's words; null when it did (or must authenticate). */
  declined: string | null;
}

/**
 * What the card does: held until the shop accepts, as Stripe's manual capture does, or charged
 * at once (`captureAtOnce`, orders far ahead); declined, or asking to authenticate.
 */
export function demoCardOutcome(
  card: Pick<DemoCardRequest, 'card_number' | 'authenticate'>,
  captureAtOnce: boolean,
): DemoCardOutcome {
  if (card.card_number === DEMO_CARDS.declined) {
    return { status: 'failed', declined: 'Your card was declined. Please try another card.' };
  }
  if (card.card_number === DEMO_CARDS.requiresAction && card.authenticate !== 'approve') {
    if (card.authenticate !== 'fail') return { status: 'requires_action', declined: null };
    return {
      status: 'failed',
      declined: 'We could not authenticate your payment. Please try again or use another card.',
    };
  }
  return { status: captureAtOnce ? 'succeeded' : 'authorised', declined: null };
}

/**
 * The demo provider's saved card (issue 30): a token of its own, the brand, the last four digits
 * and the expiry, as Stripe keeps a PaymentMethod; the number goes no further than this call.
 * A saved demo card pays when used again (Stripe's test cards do once set up for reuse).
 */
export function demoKeptCard(card: Pick<DemoCardRequest, 'card_number' | 'expiry'>): KeptCard {
  const [month, year] = card.expiry.split('/').map(Number);
  const brand = cardBrandOf(card.card_number);
  const last4 = card.card_number.slice(-4);
  return {
    methodId: `demo_pm_${randomUUID()}`,
    fingerprint: `demo-${brand}-${last4}-${card.expiry}`,
    brand,
    last4,
    expMonth: month!,
    expYear: 2000 + year!,
  };
}
