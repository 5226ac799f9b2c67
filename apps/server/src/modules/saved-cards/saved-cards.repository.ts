import { and, desc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { paymentCustomers, savedCards } from '../../db/schema.ts';

export type SavedCardRow = typeof savedCards.$inferSelect;
export type { CardPlace, Owner } from '../orders/kept-cards.repository.ts';
import type { CardPlace, Owner } from '../orders/kept-cards.repository.ts';

/** Every query names the shop and the customer: another customer's card is never found. */
const owned = (owner: Owner, ...more: ReturnType<typeof eq>[]) =>
  and(
    eq(savedCards.tenantId, owner.tenantId),
    eq(savedCards.customerId, owner.customerId),
    ...more,
  );

/** The customer's cards kept at this place, the last used first. */
export async function listSavedCards(db: Executor, owner: Owner, place: CardPlace) {
  return db
    .select()
    .from(savedCards)
    .where(
      owned(owner, eq(savedCards.provider, place.provider), eq(savedCards.account, place.account)),
    )
    .orderBy(desc(savedCards.lastUsedAt), desc(savedCards.createdAt));
}

export async function findSavedCard(db: Executor, owner: Owner, id: string) {
  const [row] = await db
    .select()
    .from(savedCards)
    .where(owned(owner, eq(savedCards.id, id)));
  return row;
}

export async function deleteSavedCard(db: Executor, owner: Owner, id: string) {
  const [row] = await db
    .delete(savedCards)
    .where(owned(owner, eq(savedCards.id, id)))
    .returning();
  return row;
}

export async function markSavedCardUsed(db: Executor, id: string, at: Date) {
  await db.update(savedCards).set({ lastUsedAt: at }).where(eq(savedCards.id, id));
}

/** The provider's customer of this customer on `account`, if one was made. */
export async function findPaymentCustomer(db: Executor, owner: Owner, account: string) {
  const [row] = await db
    .select({ id: paymentCustomers.providerCustomerId })
    .from(paymentCustomers)
    .where(
      and(
        eq(paymentCustomers.tenantId, owner.tenantId),
        eq(paymentCustomers.customerId, owner.customerId),
        eq(paymentCustomers.account, account),
      ),
    );
  return row?.id;
}

/** Records the provider's customer; two made at once keep the first (Stripe's key makes one). */
export async function recordPaymentCustomer(
  db: Executor,
  owner: Owner,
  account: string,
  providerCustomerId: string,
) {
  await db
    .insert(paymentCustomers)
    .values({ ...owner, account, providerCustomerId })
    .onConflictDoNothing();
  return (await findPaymentCustomer(db, owner, account))!;
}
