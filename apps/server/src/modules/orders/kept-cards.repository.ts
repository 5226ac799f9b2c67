import type { Executor } from '../../db/client.ts';
import { savedCards } from '../../db/schema.ts';
import type { KeptCard } from '../../providers/payments/payment-provider.ts';

/**
 * The card that paid, kept where the payment's news is applied (payments.service.ts), when the
 * customer agreed to keep it. The saved-cards module lists, pays with and removes them.
 */
export interface Owner {
  tenantId: string;
  customerId: string;
}
/** Where a card is kept: the provider and the Stripe account ('' the platform's, or demo). */
export interface CardPlace {
  provider: 'stripe' | 'demo';
  account: string;
}

/** Keeps a card that paid: the same card again (its fingerprint) updates the one row. */
export async function keepSavedCard(
  db: Executor,
  owner: Owner,
  place: CardPlace,
  card: KeptCard,
  at: Date,
) {
  const fresh = {
    providerMethodId: card.methodId,
    brand: card.brand,
    last4: card.last4,
    expMonth: card.expMonth,
    expYear: card.expYear,
    lastUsedAt: at,
  };
  await db
    .insert(savedCards)
    .values({ ...owner, ...place, fingerprint: card.fingerprint, ...fresh })
    .onConflictDoUpdate({
      target: [
        savedCards.customerId,
        savedCards.provider,
        savedCards.account,
        savedCards.fingerprint,
      ],
      set: fresh,
    });
}
