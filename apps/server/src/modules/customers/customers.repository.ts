import { and, count, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { preparedPerDatabase } from '../../db/prepared.ts';
import { customers } from '../../db/schema.ts';

export type CustomerRow = typeof customers.$inferSelect;
export type CustomerPatch = Partial<
  Pick<
    typeof customers.$inferInsert,
    'firstName' | 'lastName' | 'email' | 'phone' | 'marketingConsent' | 'marketingConsentAt'
  >
>;

/** The customer who signs in with this contact (a verified one) in this shop. */
export async function findByVerifiedContact(
  db: Executor,
  tenantId: string,
  channel: 'email' | 'phone',
  contact: string,
): Promise<CustomerRow | undefined> {
  const match =
    channel === 'email'
      ? and(eq(customers.email, contact), eq(customers.emailVerified, true))
      : and(eq(customers.phone, contact), eq(customers.phoneVerified, true));
  const [row] = await db
    .select()
    .from(customers)
    .where(and(eq(customers.tenantId, tenantId), match))
    .limit(1);
  return row;
}

/** Read on every order (its contact) and every profile request: prepared once per database. */
const customerById = preparedPerDatabase((db) =>
  db
    .select()
    .from(customers)
    .where(
      and(
        eq(customers.tenantId, sql.placeholder('tenantId')),
        eq(customers.id, sql.placeholder('id')),
      ),
    )
    .limit(1)
    .prepare('customer_by_id'),
);

export async function findById(
  db: Executor,
  tenantId: string,
  id: string,
): Promise<CustomerRow | undefined> {
  const [row] = await customerById(db).execute({ tenantId, id });
  return row;
}

export async function findByReferralCode(
  db: Executor,
  tenantId: string,
  code: string,
): Promise<CustomerRow | undefined> {
  const [row] = await db
    .select()
    .from(customers)
    .where(and(eq(customers.tenantId, tenantId), eq(customers.referralCode, code)))
    .limit(1);
  return row;
}

export async function insertCustomer(
  db: Executor,
  customer: typeof customers.$inferInsert,
): Promise<CustomerRow> {
  const [row] = await db.insert(customers).values(customer).returning();
  return row!;
}

export async function updateCustomer(
  db: Executor,
  tenantId: string,
  id: string,
  patch: CustomerPatch,
  now: Date,
): Promise<CustomerRow | undefined> {
  const [row] = await db
    .update(customers)
    .set({ ...patch, updatedAt: now })
    .where(and(eq(customers.tenantId, tenantId), eq(customers.id, id)))
    .returning();
  return row;
}

export async function countReferredBy(db: Executor, tenantId: string, id: string) {
  const [row] = await db
    .select({ n: count() })
    .from(customers)
    .where(and(eq(customers.tenantId, tenantId), eq(customers.referredBy, id)));
  return row?.n ?? 0;
}
