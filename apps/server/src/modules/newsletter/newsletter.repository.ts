import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { customers, newsletterSubscriptions, newsletterUnsubscribeLinks } from '../../db/schema.ts';

/** Adds the address to the shop's list; an address already on it stays as it was. */
export async function addSubscription(db: Executor, tenantId: string, email: string) {
  await db
    .insert(newsletterSubscriptions)
    .values({ tenantId, email })
    .onConflictDoNothing({
      target: [newsletterSubscriptions.tenantId, newsletterSubscriptions.email],
    });
}

export async function findSubscription(db: Executor, tenantId: string, email: string) {
  const [row] = await db
    .select()
    .from(newsletterSubscriptions)
    .where(
      and(eq(newsletterSubscriptions.tenantId, tenantId), eq(newsletterSubscriptions.email, email)),
    )
    .limit(1);
  return row;
}

export async function insertUnsubscribeLink(
  db: Executor,
  link: { tenantId: string; subscriptionId: string; tokenHash: string },
) {
  await db.insert(newsletterUnsubscribeLinks).values(link);
}

/** The link of this shop with this token hash, and the subscription it still points at. */
export async function findUnsubscribeLink(db: Executor, tenantId: string, tokenHash: string) {
  const [row] = await db
    .select({
      tokenHash: newsletterUnsubscribeLinks.tokenHash,
      subscriptionId: newsletterSubscriptions.id,
      email: newsletterSubscriptions.email,
    })
    .from(newsletterUnsubscribeLinks)
    .leftJoin(
      newsletterSubscriptions,
      eq(newsletterSubscriptions.id, newsletterUnsubscribeLinks.subscriptionId),
    )
    .where(
      and(
        eq(newsletterUnsubscribeLinks.tenantId, tenantId),
        eq(newsletterUnsubscribeLinks.tokenHash, tokenHash),
      ),
    )
    .limit(1);
  return row;
}

/**
 * Takes the address off the list, and withdraws the marketing consent of the customer who
 * signs in with it: one "no" covers both (decision 0021).
 */
export async function removeSubscription(
  tx: Executor,
  tenantId: string,
  subscription: { id: string; email: string },
  now: Date,
) {
  await tx
    .delete(newsletterSubscriptions)
    .where(
      and(
        eq(newsletterSubscriptions.tenantId, tenantId),
        eq(newsletterSubscriptions.id, subscription.id),
      ),
    );
  await tx
    .update(customers)
    .set({ marketingConsent: false, marketingConsentAt: now, updatedAt: now })
    .where(
      and(
        eq(customers.tenantId, tenantId),
        eq(customers.email, subscription.email),
        eq(customers.emailVerified, true),
        eq(customers.marketingConsent, true),
      ),
    );
}

/** The newsletter list, oldest first. */
export async function listSubscriptions(db: Executor, tenantId: string) {
  return db
    .select({ email: newsletterSubscriptions.email, createdAt: newsletterSubscriptions.createdAt })
    .from(newsletterSubscriptions)
    .where(eq(newsletterSubscriptions.tenantId, tenantId))
    .orderBy(asc(newsletterSubscriptions.createdAt), asc(newsletterSubscriptions.email));
}

/** Customers who ticked the marketing box in their profile, oldest consent first. */
export async function listConsentingCustomers(db: Executor, tenantId: string) {
  return db
    .select({
      email: customers.email,
      phone: customers.phone,
      firstName: customers.firstName,
      lastName: customers.lastName,
      consentAt: customers.marketingConsentAt,
      createdAt: customers.createdAt,
    })
    .from(customers)
    .where(
      and(
        eq(customers.tenantId, tenantId),
        eq(customers.marketingConsent, true),
        isNull(customers.deletedAt),
      ),
    )
    .orderBy(asc(customers.marketingConsentAt), asc(customers.createdAt));
}
