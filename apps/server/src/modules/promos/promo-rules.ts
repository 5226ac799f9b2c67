import { AppError } from '../../lib/app-error.ts';
import type { Executor } from '../../db/client.ts';
import {
  countCustomerPromoUses,
  countPromoUses,
  customerHasStandingOrder,
  type PromoRow,
} from './promos.repository.ts';

const FIELD = 'promo_code';

/** A promo code's broken rule, on the order's promo_code field (architecture.md: 422). */
const broken = (message: string) => new AppError(422, 'rule', message, { [FIELD]: message });

/** The code's own rules (exists, store, window, minimum order); its uses are counted apart. */
export function checkPromoTerms(
  promo: PromoRow | undefined,
  code: string,
  food: number,
  at: Date,
  money: (minor: number) => string,
  store?: { id: string; name: string },
): PromoRow {
  if (!promo) throw broken(`The code ${code} does not exist.`);
  // Codes for some stores only (issue 28); an empty list is every store.
  if (store && promo.storeIds.length && !promo.storeIds.includes(store.id)) {
    throw broken(`${promo.code} cannot be used at ${store.name}.`);
  }
  if (promo.startsAt && at < promo.startsAt) throw broken(`${promo.code} has not started yet.`);
  if (promo.endsAt && at >= promo.endsAt) throw broken(`${promo.code} has expired.`);
  if (food < promo.minimumOrder) {
    throw broken(`${promo.code} needs an order of at least ${money(promo.minimumOrder)}.`);
  }
  return promo;
}

/**
 * The code's total and per-customer limits. Placing an order counts them under the code's lock
 * (lockPromo), so the last use cannot be taken twice.
 */
export async function checkPromoUses(
  ex: Executor,
  tenantId: string,
  promo: PromoRow,
  customerId: string,
): Promise<void> {
  if (
    promo.totalLimit !== null &&
    (await countPromoUses(ex, tenantId, promo.id)) >= promo.totalLimit
  ) {
    throw broken(`${promo.code} has been used up.`);
  }
  if (
    promo.perCustomerLimit !== null &&
    (await countCustomerPromoUses(ex, tenantId, promo.id, customerId)) >= promo.perCustomerLimit
  ) {
    throw broken(`You have already used ${promo.code}.`);
  }
  if (promo.firstOrderOnly && (await customerHasStandingOrder(ex, tenantId, customerId))) {
    throw broken(`${promo.code} is for a first order only.`);
  }
}
