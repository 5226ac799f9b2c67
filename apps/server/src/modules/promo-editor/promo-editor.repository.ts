import { and, asc, count, eq, max, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { orders, promos } from '../../db/schema.ts';
import type { PromoRow } from '../promos/promos.repository.ts';

export type NewPromoRow = Omit<
  typeof promos.$inferInsert,
  'id' | 'tenantId' | 'position' | 'version'
>;

/** Orders that used a code and still stand (as promos.repository counts them). */
const STANDING = sql`${orders.status} not in ('payment_failed', 'cancelled', 'rejected')`;

/** The shop's codes with how many standing orders used each. */
export async function promosWithUses(db: Executor, tenantId: string) {
  const rows = await db
    .select()
    .from(promos)
    .where(eq(promos.tenantId, tenantId))
    .orderBy(asc(promos.position));
  const uses = await db
    .select({ promoId: orders.promoId, n: count() })
    .from(orders)
    .where(and(eq(orders.tenantId, tenantId), sql`${orders.promoId} is not null`, STANDING))
    .groupBy(orders.promoId);
  const byId = new Map(uses.map((u) => [u.promoId, u.n]));
  return rows.map((row) => ({ row, uses: byId.get(row.id) ?? 0 }));
}

export async function usesOf(db: Executor, tenantId: string, promoId: string) {
  const [row] = await db
    .select({ n: count() })
    .from(orders)
    .where(and(eq(orders.tenantId, tenantId), eq(orders.promoId, promoId), STANDING));
  return row?.n ?? 0;
}

export async function lockPromoById(tx: Executor, tenantId: string, id: string) {
  const [row] = await tx
    .select()
    .from(promos)
    .where(and(eq(promos.tenantId, tenantId), eq(promos.id, id)))
    .for('update');
  return row ?? null;
}

/** A new code, last in the list; null when the shop has the code already. */
export async function insertPromo(
  tx: Executor,
  tenantId: string,
  values: NewPromoRow,
): Promise<PromoRow | null> {
  const [last] = await tx
    .select({ position: max(promos.position) })
    .from(promos)
    .where(eq(promos.tenantId, tenantId));
  const [row] = await tx
    .insert(promos)
    .values({ ...values, tenantId, position: (last?.position ?? -1) + 1 })
    .onConflictDoNothing({ target: [promos.tenantId, promos.code] })
    .returning();
  return row ?? null;
}

/** Writes the change and moves the version on (the row is locked by the caller). */
export async function updatePromo(tx: Executor, row: PromoRow, values: Partial<NewPromoRow>) {
  const [updated] = await tx
    .update(promos)
    .set({ ...values, version: row.version + 1 })
    .where(eq(promos.id, row.id))
    .returning();
  return updated!;
}
