import type { Transaction } from '../../db/client.ts';
import { findByReferralCode, insertCustomer } from '../customers/customers.repository.ts';
import { newReferralCode } from '../customers/customers.service.ts';
import type { ContactKey } from './auth.repository.ts';

/** The customer a first sign-in makes: the contact verified, and who invited them, if anybody. */
export async function createCustomer(
  tx: Transaction,
  tenantId: string,
  key: ContactKey,
  referralCode: string | null,
  at: Date,
) {
  const referrer = referralCode ? await findByReferralCode(tx, tenantId, referralCode) : undefined;
  return insertCustomer(tx, {
    tenantId,
    ...(key.channel === 'email'
      ? { email: key.contact, emailVerified: true }
      : { phone: key.contact, phoneVerified: true }),
    referralCode: await newReferralCode(tx, tenantId),
    referredBy: referrer?.id ?? null,
    createdAt: at,
    updatedAt: at,
  });
}
