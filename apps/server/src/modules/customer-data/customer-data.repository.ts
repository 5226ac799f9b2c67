import { randomBytes } from 'node:crypto';
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import {
  findCustomerBookings,
  type VerifiedContacts,
} from '../reservations/reservations.repository.ts';
import {
  customerAddresses,
  customerSessions,
  customers,
  idempotencyKeys,
  newsletterSubscriptions,
  orders,
  otpChallenges,
  otpFailures,
  outboxMessages,
  paymentCustomers,
  payments,
  savedCards,
} from '../../db/schema.ts';

/**
 * Everything the shop keeps about one customer (issue 17, point 6). Each query is bound to the
 * shop and the customer; the newsletter is found by the customer's *verified* e-mail only, since
 * any address can be typed into a profile, and bookings by their verified e-mail or phone, as
 * their account lists them (decision 85).
 */
export async function readCustomerData(
  db: Executor,
  tenantId: string,
  customerId: string,
  verifiedEmail: string | null,
  contacts: VerifiedContacts,
) {
  const [addresses, orderRows, sessions, booked, subscription] = await Promise.all([
    db
      .select()
      .from(customerAddresses)
      .where(
        and(eq(customerAddresses.tenantId, tenantId), eq(customerAddresses.customerId, customerId)),
      )
      .orderBy(asc(customerAddresses.createdAt)),
    db
      .select({ order: orders, payment: payments })
      .from(orders)
      .innerJoin(payments, eq(payments.orderId, orders.id))
      .where(and(eq(orders.tenantId, tenantId), eq(orders.customerId, customerId)))
      .orderBy(desc(orders.createdAt)),
    db
      .select({ createdAt: customerSessions.createdAt, expiresAt: customerSessions.expiresAt })
      .from(customerSessions)
      .where(
        and(eq(customerSessions.tenantId, tenantId), eq(customerSessions.customerId, customerId)),
      )
      .orderBy(asc(customerSessions.createdAt)),
    findCustomerBookings(db, tenantId, contacts),
    verifiedEmail
      ? db
          .select({ createdAt: newsletterSubscriptions.createdAt })
          .from(newsletterSubscriptions)
          .where(
            and(
              eq(newsletterSubscriptions.tenantId, tenantId),
              eq(newsletterSubscriptions.email, verifiedEmail),
            ),
          )
      : Promise.resolve([]),
  ]);
  return {
    addresses,
    orders: orderRows,
    sessions,
    bookings: booked,
    subscription: subscription[0],
  };
}

/**
 * Erases a customer in one transaction (decision 0021). The customer row stays as an empty
 * tombstone so that the shop's orders, which it must keep for its accounts, keep their key;
 * everything that names or reaches the person goes.
 */
export async function eraseCustomer(
  tx: Executor,
  tenantId: string,
  customer: { id: string; contacts: string[]; verifiedEmail: string | null },
  now: Date,
) {
  const { id, contacts } = customer;
  await tx
    .delete(customerSessions)
    .where(and(eq(customerSessions.tenantId, tenantId), eq(customerSessions.customerId, id)));
  await tx
    .delete(customerAddresses)
    .where(and(eq(customerAddresses.tenantId, tenantId), eq(customerAddresses.customerId, id)));
  // Saved cards (issue 30) go with the account: only ids, brand, last four digits and expiry.
  await tx
    .delete(savedCards)
    .where(and(eq(savedCards.tenantId, tenantId), eq(savedCards.customerId, id)));
  await tx
    .delete(paymentCustomers)
    .where(and(eq(paymentCustomers.tenantId, tenantId), eq(paymentCustomers.customerId, id)));
  await tx
    .delete(idempotencyKeys)
    .where(and(eq(idempotencyKeys.tenantId, tenantId), eq(idempotencyKeys.customerId, id)));
  if (contacts.length > 0) {
    await tx
      .delete(otpChallenges)
      .where(and(eq(otpChallenges.tenantId, tenantId), inArray(otpChallenges.contact, contacts)));
    await tx
      .delete(otpFailures)
      .where(and(eq(otpFailures.tenantId, tenantId), inArray(otpFailures.contact, contacts)));
    // Messages already sent keep their row (message budgets count them) without the person.
    await tx
      .update(outboxMessages)
      .set({
        recipient: 'deleted',
        subject: null,
        textBody: null,
        htmlBody: null,
        attachments: null,
        status: sql`case when ${outboxMessages.status} = 'pending' then 'failed' else ${outboxMessages.status} end`,
        lastError: sql`case when ${outboxMessages.status} = 'pending' then 'account deleted' else ${outboxMessages.lastError} end`,
      })
      .where(
        and(eq(outboxMessages.tenantId, tenantId), inArray(outboxMessages.recipient, contacts)),
      );
  }
  if (customer.verifiedEmail) {
    await tx
      .delete(newsletterSubscriptions)
      .where(
        and(
          eq(newsletterSubscriptions.tenantId, tenantId),
          eq(newsletterSubscriptions.email, customer.verifiedEmail),
        ),
      );
  }
  // Orders stay for the shop's accounts: totals, VAT, dishes and times; not where or who.
  await tx
    .update(orders)
    .set({
      address: sql`case when ${orders.address} is null then null else ${JSON.stringify(ANONYMOUS_ADDRESS)}::jsonb end`,
      notes: '',
      lines: sql`(select coalesce(jsonb_agg(line || '{"note": ""}'::jsonb), '[]'::jsonb) from jsonb_array_elements(${orders.lines}) as line)`,
      updatedAt: now,
    })
    .where(and(eq(orders.tenantId, tenantId), eq(orders.customerId, id)));
  await tx
    .update(customers)
    .set({
      firstName: '',
      lastName: '',
      email: null,
      emailVerified: false,
      phone: null,
      phoneVerified: false,
      marketingConsent: false,
      marketingConsentAt: now,
      referralCode: `DELETED-${randomBytes(8).toString('hex')}`,
      deletedAt: now,
      updatedAt: now,
    })
    .where(and(eq(customers.tenantId, tenantId), eq(customers.id, id)));
}

/** What an anonymised delivery order keeps of its address: nothing but the shape. */
export const ANONYMOUS_ADDRESS = {
  address_line1: '',
  address_line2: '',
  city: '',
  postcode: '',
  instructions: '',
};

/** A customer row by id, deleted or not (DELETE /api/customer is idempotent). */
export async function findAnyCustomer(db: Executor, tenantId: string, id: string) {
  const [row] = await db
    .select()
    .from(customers)
    .where(and(eq(customers.tenantId, tenantId), eq(customers.id, id)))
    .limit(1);
  return row;
}
