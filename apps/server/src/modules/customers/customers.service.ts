import { randomInt } from 'node:crypto';
import type { Customer, CustomerUpdate, Referral } from '@servery/contract/auth';
import type { Database, Executor } from '../../db/client.ts';
import { AppError, badRequest } from '../../lib/app-error.ts';
import { toE164 } from '../../lib/phone-numbers.ts';
import {
  countReferredBy,
  findById,
  findByReferralCode,
  updateCustomer,
  type CustomerPatch,
  type CustomerRow,
} from './customers.repository.ts';

/** The row as the API shows it (contract `Customer`). */
export function toCustomer(row: CustomerRow): Customer {
  return {
    id: row.id,
    first_name: row.firstName,
    last_name: row.lastName,
    email: row.email,
    phone: row.phone,
    email_verified: row.emailVerified,
    phone_verified: row.phoneVerified,
    marketing_consent: row.marketingConsent,
    referral_code: row.referralCode,
  };
}

/** A session whose customer has gone (deleted by the shop) is as good as no session. */
const signInAgain = () => new AppError(401, 'unauthorized', 'Please sign in again.');

export async function getCustomer(db: Database, tenantId: string, id: string): Promise<Customer> {
  const row = await findById(db, tenantId, id);
  if (!row) throw signInAgain();
  return toCustomer(row);
}

/**
 * Changes what was sent. A contact the customer signs in with was proven by a code and stays
 * as it is here (changing it would need a code sent to the new one); the other contact is
 * just a way to reach them and can be changed or removed.
 */
export async function updateProfile(
  db: Database,
  tenantId: string,
  id: string,
  update: CustomerUpdate,
  now: Date,
): Promise<Customer> {
  const row = await findById(db, tenantId, id);
  if (!row) throw signInAgain();
  const errors: Record<string, string> = {};
  const patch: CustomerPatch = {};
  if (update.first_name !== undefined) patch.firstName = update.first_name;
  if (update.last_name !== undefined) patch.lastName = update.last_name;
  if (update.email !== undefined) {
    const email = update.email || null;
    if (row.emailVerified && email !== row.email) {
      errors.email = 'You sign in with this email, so it cannot be changed here';
    } else patch.email = email;
  }
  if (update.phone !== undefined) {
    const phone = update.phone || null;
    if (row.phoneVerified && !sameHandset(phone, row.phone)) {
      errors.phone = 'You sign in with this phone number, so it cannot be changed here';
    } else if (!row.phoneVerified) patch.phone = phone;
  }
  if (update.marketing_consent !== undefined && update.marketing_consent !== row.marketingConsent) {
    patch.marketingConsent = update.marketing_consent;
    patch.marketingConsentAt = now;
  }
  const fields = Object.keys(errors);
  if (fields.length > 0) {
    throw badRequest(`Check ${fields.join(' and ')}: ${Object.values(errors).join('; ')}`, errors);
  }
  const updated = await updateCustomer(db, tenantId, id, patch, now);
  if (!updated) throw signInAgain();
  return toCustomer(updated);
}

export async function referralOf(db: Database, tenantId: string, id: string): Promise<Referral> {
  const row = await findById(db, tenantId, id);
  if (!row) throw signInAgain();
  return {
    referral_code: row.referralCode,
    friends_joined: await countReferredBy(db, tenantId, id),
  };
}

/** Letters and digits that cannot be misread for one another (no 0/O, 1/I). */
const REFERRAL_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** A referral code no other customer of the shop has. */
export async function newReferralCode(db: Executor, tenantId: string): Promise<string> {
  for (;;) {
    const code = Array.from(
      { length: 8 },
      () => REFERRAL_ALPHABET[randomInt(REFERRAL_ALPHABET.length)],
    ).join('');
    if (!(await findByReferralCode(db, tenantId, code))) return code;
  }
}

/**
 * Whether a number as typed (07…, 447…, +44…) is the stored sign-in number (E.164): the
 * checkout sends the profile's own number back with the delivery contact (issue 20).
 */
function sameHandset(typed: string | null, stored: string | null): boolean {
  if (typed === null || stored === null) return typed === stored;
  const digits = (value: string) => value.replace(/\D/g, '');
  return typed === stored || toE164(typed, 'GB') === stored || digits(typed) === digits(stored);
}
