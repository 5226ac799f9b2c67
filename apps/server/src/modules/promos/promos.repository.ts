import { and, asc, count, eq, inArray, notInArray, sql } from 'drizzle-orm';
import type { PromoDocument } from '@servery/contract/promo';
import type { Executor } from '../../db/client.ts';
import { orders, promos } from '../../db/schema.ts';

export type PromoRow = typeof promos.$inferSelect;

/** Writes the document's promo codes over the tenant's; codes keep their ids. */
export async function writePromos(
  tx: Executor,
  tenantId: string,
  docs: readonly PromoDocument[],
  storeIds: ReadonlyMap<string, string>,
) {
  for (const [position, promo] of docs.entries()) {
    const values = {
      tenantId,
      code: promo.code,
      description: promo.description,
      kind: promo.kind,
      value: promo.value,
      minimumOrder: promo.minimumOrder,
      startsAt: promo.startsAt ? new Date(promo.startsAt) : null,
      endsAt: promo.endsAt ? new Date(promo.endsAt) : null,
      totalLimit: promo.totalLimit,
      perCustomerLimit: promo.perCustomerLimit,
      isPublic: promo.public,
      position,
      storeIds: (promo.stores ?? []).map((slug) => storeIds.get(slug)!),
      firstOrderOnly: promo.firstOrderOnly ?? false,
    };
    await tx
      .insert(promos)
      .values(values)
      .onConflictDoUpdate({ target: [promos.tenantId, promos.code], set: values });
  }
  await tx.delete(promos).where(
    docs.length
      ? and(
          eq(promos.tenantId, tenantId),
          notInArray(
            promos.code,
            docs.map((p) => p.code),
          ),
        )
      : eq(promos.tenantId, tenantId),
  );
}

export async function listPromos(db: Executor, tenantId: string): Promise<PromoRow[]> {
  return db
    .select()
    .from(promos)
    .where(eq(promos.tenantId, tenantId))
    .orderBy(asc(promos.position));
}

export async function findPromo(
  db: Executor,
  tenantId: string,
  code: string,
): Promise<PromoRow | undefined> {
  const [row] = await db
    .select()
    .from(promos)
    .where(and(eq(promos.tenantId, tenantId), eq(promos.code, code)));
  return row;
}

/** The code, locked until the transaction ends, so two orders cannot both take its last use. */
export async function lockPromo(
  tx: Executor,
  tenantId: string,
  code: string,
): Promise<PromoRow | undefined> {
  const [row] = await tx
    .select()
    .from(promos)
    .where(and(eq(promos.tenantId, tenantId), eq(promos.code, code)))
    .for('update');
  return row;
}

/** Orders that used the code and still stand (not failed or cancelled). */
const STANDING = sql`${orders.status} not in ('payment_failed', 'cancelled', 'rejected')`;

export async function countPromoUses(tx: Executor, tenantId: string, promoId: string) {
  const [row] = await tx
    .select({ n: count() })
    .from(orders)
    .where(and(eq(orders.tenantId, tenantId), eq(orders.promoId, promoId), STANDING));
  return row?.n ?? 0;
}

export async function countCustomerPromoUses(
  tx: Executor,
  tenantId: string,
  promoId: string,
  customerId: string,
) {
  const [row] = await tx
    .select({ n: count() })
    .from(orders)
    .where(
      and(
        eq(orders.tenantId, tenantId),
        eq(orders.promoId, promoId),
        inArray(orders.customerId, [customerId]),
        STANDING,
      ),
    );
  return row?.n ?? 0;
}

/** Whether the customer has an order that still stands (a first-order-only code's rule). */
export async function customerHasStandingOrder(tx: Executor, tenantId: string, customerId: string) {
  const [row] = await tx
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.tenantId, tenantId), eq(orders.customerId, customerId), STANDING))
    .limit(1);
  return row !== undefined;
}
