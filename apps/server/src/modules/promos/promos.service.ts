import type { OrderRequest } from '@servery/contract/order';
import type { PromoCheck, PromoCheckRequest } from '@servery/contract/promo';
import { formatMoney, linePrice, promoDiscount } from '@servery/contract/pricing';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Catalogue } from '../catalogue/catalogue.repository.ts';
import type { TenantCatalogue } from '../tenants/cached-tenant.ts';
import { priceLine } from '../menu/line-pricing.ts';
import { orderableItemsOf } from '../menu/menu.service.ts';
import { checkPromoTerms, checkPromoUses } from './promo-rules.ts';
import { findPromo } from './promos.repository.ts';

/**
 * The food of the lines that can be ordered from this menu, priced as the order prices them
 * (pricing.ts). A line the order would refuse (not on the menu, sold out, its choices broken)
 * does not count: the checkout has the customer remove it before the order can go, so the food
 * the order then sees is this sum.
 */
function orderableFood(
  catalogue: Catalogue,
  store: { id: string; menuId: string | null },
  lines: OrderRequest['lines'],
  at: Date,
): number {
  const { id, menuId } = store;
  const orderable = menuId ? orderableItemsOf(catalogue, { id, menuId }, at) : undefined;
  let food = 0;
  for (const [index, line] of lines.entries()) {
    const priced = priceLine(orderable, line, index);
    if (priced.problem === null) food += linePrice(priced.unit, line.quantity);
  }
  return food;
}

/**
 * POST /api/promos/check: the rules POST /api/order applies to a code (promo-rules.ts), for this
 * customer and basket now, with the order's own messages. Its uses are counted without the lock
 * the order takes, so the last use can still go to someone else before this customer orders:
 * the order counts again.
 */
export async function checkPromo(
  db: Database,
  shop: TenantCatalogue,
  customerId: string,
  body: PromoCheckRequest,
  at: Date,
): Promise<PromoCheck> {
  const { tenant, catalogue } = shop;
  const tenantId = tenant.row.id;
  const store = tenant.stores.find((s) => s.id === body.store_id);
  if (!store) {
    const message = 'We could not find that store.';
    throw new AppError(422, 'rule', message, { store_id: message });
  }
  const food = orderableFood(catalogue, store, body.lines, at);
  const money = (minor: number) => formatMoney(minor, tenant.row.config.currency);
  const code = body.promo_code;
  const found = await findPromo(db, tenantId, code);
  const promo = checkPromoTerms(found, code, food, at, money, store);
  await checkPromoUses(db, tenantId, promo, customerId);
  return {
    code: promo.code,
    description: promo.description,
    kind: promo.kind,
    value: promo.value,
    minimum_order: promo.minimumOrder,
    ends_at: promo.endsAt?.toISOString() ?? null,
    subtotal: food,
    discount: promoDiscount(promo, food),
  };
}
