import type { PaymentsDocument } from '@servery/contract/tenant-document';
import { AppError } from '../../lib/app-error.ts';
import type { CardProvider } from '../../providers/payments/payment-provider.ts';

/**
 * Whose Stripe account a shop's card payment is made on (issue 17, docs/decisions/0022): its
 * own connected account (a direct charge), or the platform's for the one shop a deployment
 * names as paid directly. In production a shop with neither cannot take cards; the customer is
 * told to pay cash, and nothing is created at Stripe.
 */
export function cardAccountOf(
  card: CardProvider,
  shop: { slug: string; websiteName: string; payments: PaymentsDocument | null },
): string | null {
  const account = shop.payments?.stripe_account ?? null;
  if (account) return account;
  if (!card.connect.required || card.connect.directShop === shop.slug) return null;
  const message = `${shop.websiteName} does not take card payments online yet. Please choose cash.`;
  throw new AppError(422, 'cards_not_set_up', message, { payment_method: message });
}

/** The platform's fee on a payment of `total` (minor units), on connected accounts only. */
export function platformFeeOf(
  total: number,
  account: string | null,
  payments: PaymentsDocument | null,
) {
  if (!account || !payments?.platform_fee_percent) return 0;
  return Math.round((total * payments.platform_fee_percent) / 100);
}

/**
 * What an import says about card payments when the shop cannot take them in production: null
 * when it can (its own account, the deployment's direct shop) or when Stripe is not in play.
 */
export function cardSetupNote(
  shop: { slug: string; payments: PaymentsDocument | null },
  env: { production: boolean; stripe: boolean; directShop?: string | undefined },
): string | null {
  // Outside production the platform's account takes any shop's cards; without Stripe keys,
  // production takes only test cards (DEMO_PAYMENTS), which need no account either.
  if (!env.production || !env.stripe) return null;
  if (shop.payments?.stripe_account || env.directShop === shop.slug) return null;
  return `Note: "${shop.slug}" has no payments.stripe_account, so in production it cannot take card payments (customers are asked to pay cash). Set its Stripe connected account in the document, or STRIPE_DIRECT_SHOP=${shop.slug} if the platform's own Stripe account is the shop's.`;
}
