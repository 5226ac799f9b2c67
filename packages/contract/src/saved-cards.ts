import { z } from 'zod';

/**
 * Saved cards (issue 30, point 11; docs/decisions/0040): a customer who agrees keeps their card
 * with the payment provider, and pays with it next time in one tap. Servery keeps only the
 * provider's id of the card (Stripe's PaymentMethod, or a demo token), its brand, its last four
 * digits and its expiry: never the number or the security code.
 */

const ZId = z.string({ error: 'Must be an id' }).uuid('Must be an id');

/** One of the customer's saved cards, as GET /api/payment-methods answers it. */
export const ZSavedCard = z.looseObject({
  id: z.string().uuid(),
  /** The card's network as the provider names it: visa, mastercard, amex… */
  brand: z.string(),
  last4: z.string().regex(/^\d{4}$/),
  exp_month: z.number().int().min(1).max(12),
  exp_year: z.number().int(),
  /** Past its expiry month: shown on the account page to be removed, never offered to pay. */
  expired: z.boolean(),
  created_at: z.string(),
});
export type SavedCard = z.infer<typeof ZSavedCard>;

/** The body of PUT /api/order/payment/save-card: whether this order's card is kept (Stripe). */
export const ZSaveCardRequest = z.object({
  order_id: ZId,
  save: z.boolean({ error: 'Say whether to save the card' }),
});

/** The body of POST /api/order/payment/saved-card: pay this order with a saved card. */
export const ZSavedCardPayment = z.object({
  order_id: ZId,
  payment_method_id: ZId,
});

const BRAND_NAMES: Record<string, string> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  discover: 'Discover',
  diners: 'Diners Club',
  jcb: 'JCB',
  unionpay: 'UnionPay',
};

/** "Visa •••• 4242": how a saved card is named to the customer. */
export function savedCardName(card: Pick<SavedCard, 'brand' | 'last4'>): string {
  return `${BRAND_NAMES[card.brand] ?? 'Card'} •••• ${card.last4}`;
}

/** "12/34": the card's expiry as printed on it. */
export const savedCardExpiry = (card: Pick<SavedCard, 'exp_month' | 'exp_year'>) =>
  `${String(card.exp_month).padStart(2, '0')}/${String(card.exp_year % 100).padStart(2, '0')}`;

/** Whether a card is past its expiry month at `at` (a card works to the end of its month, UTC). */
export const savedCardExpired = (card: { expMonth: number; expYear: number }, at: Date) =>
  Date.UTC(card.expYear, card.expMonth, 1) <= at.getTime();

/** The network of a card number, as Stripe names it (the demo provider's saved cards). */
export function cardBrandOf(number: string): string {
  if (/^4/.test(number)) return 'visa';
  if (/^(5[1-5]|2[2-7])/.test(number)) return 'mastercard';
  if (/^3[47]/.test(number)) return 'amex';
  return 'unknown';
}
