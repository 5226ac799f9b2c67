import type { CustomerDataExport } from '@servery/contract/personal-data';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { toAddress } from '../addresses/addresses.service.ts';
import { toOrder } from '../orders/order-view.ts';
import { verifiedContactsOf } from '../reservations/reservations.repository.ts';
import { eraseCustomer, findAnyCustomer, readCustomerData } from './customer-data.repository.ts';

const signInAgain = () => new AppError(401, 'unauthorized', 'Please sign in again.');

/**
 * The customer's copy of their data (UK GDPR art. 15 and 20): the profile, sign-in contacts,
 * addresses, orders with their lines, bookings made with their verified e-mail or phone here,
 * marketing consent and the newsletter, and their signed-in sessions (never a token).
 */
export async function exportCustomerData(
  db: Database,
  tenant: { id: string; slug: string },
  customerId: string,
  now: Date,
): Promise<CustomerDataExport> {
  const row = await findAnyCustomer(db, tenant.id, customerId);
  if (!row || row.deletedAt) throw signInAgain();
  const verifiedEmail = row.emailVerified ? row.email : null;
  const data = await readCustomerData(
    db,
    tenant.id,
    customerId,
    verifiedEmail,
    verifiedContactsOf(row),
  );
  return {
    exported_at: now.toISOString(),
    shop: tenant.slug,
    profile: {
      id: row.id,
      first_name: row.firstName,
      last_name: row.lastName,
      referral_code: row.referralCode,
      referred_by: row.referredBy,
      created_at: row.createdAt.toISOString(),
      updated_at: row.updatedAt.toISOString(),
    },
    sign_in_contacts: {
      email: row.email,
      email_verified: row.emailVerified,
      phone: row.phone,
      phone_verified: row.phoneVerified,
    },
    sessions: data.sessions.map((s) => ({
      created_at: s.createdAt.toISOString(),
      expires_at: s.expiresAt.toISOString(),
    })),
    marketing: {
      consent: row.marketingConsent,
      consent_changed_at: row.marketingConsentAt?.toISOString() ?? null,
      newsletter: data.subscription
        ? { subscribed: true, subscribed_at: data.subscription.createdAt.toISOString() }
        : { subscribed: false, subscribed_at: null },
    },
    addresses: data.addresses.map(toAddress),
    orders: data.orders.map(({ order, payment }) => toOrder(order, payment, null)),
    bookings: data.bookings.map((b) => ({
      id: b.id,
      date: b.date,
      time: b.time,
      people: b.people,
      name: b.name,
      email: b.email,
      phone: b.phone,
      message: b.message,
      status: b.status,
      note: b.note,
      created_at: b.createdAt.toISOString(),
      cancelled_at: b.cancelledAt?.toISOString() ?? null,
    })),
  };
}

/**
 * Deletes the account (UK GDPR art. 17) and keeps the orders, anonymised, for the shop's
 * accounts (art. 17(3)(b): a legal obligation to keep them). Idempotent: a second call (with a
 * token that still resolved, which cannot happen once the sessions are gone) changes nothing.
 */
export async function deleteCustomerAccount(
  db: Database,
  tenantId: string,
  customerId: string,
  now: Date,
): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await findAnyCustomer(tx, tenantId, customerId);
    if (!row || row.deletedAt) return;
    const contacts = [row.email, row.phone].filter((c): c is string => !!c);
    await eraseCustomer(
      tx,
      tenantId,
      { id: row.id, contacts, verifiedEmail: row.emailVerified ? row.email : null },
      now,
    );
  });
}
