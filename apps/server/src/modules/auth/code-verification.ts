import type { UserData } from '@servery/contract/auth';
import type { Transaction } from '../../db/client.ts';
import { badRequest, type AppError } from '../../lib/app-error.ts';
import { networkOf } from '../../lib/network.ts';
import { findByVerifiedContact } from '../customers/customers.repository.ts';
import { toCustomer } from '../customers/customers.service.ts';
import {
  addFailedAttempt,
  closeChallenge,
  latestChallenge,
  lockContact,
  recordFailure,
  type ContactKey,
  type OtpChallenge,
} from './auth.repository.ts';
import type { AuthDeps } from './auth.service.ts';
import { openSession } from './customer-sessions.ts';
import { createCustomer } from './new-customer.ts';
import { codeMatches } from './otp-codes.ts';
import {
  type Contact,
  OTP_LIMITS,
  type ShopForCodes,
  failuresOf,
  keyOf,
  lockedError,
} from './sign-in-checks.ts';

interface Attempt {
  shop: ShopForCodes;
  key: ContactKey;
  otp: string;
  at: Date;
  network: string;
}

/**
 * Checks codes against the contact's latest live challenge only. A wrong try is written
 * before the answer goes out (the transaction commits, then the error is thrown), so no
 * amount of parallel guessing gets more tries than the limits allow. The right code signs the
 * customer in (making their account the first time) with a new session.
 */
export function createCodeVerifier(deps: Pick<AuthDeps, 'db' | 'secretKey' | 'now'>) {
  return async function verifyCode(
    shop: ShopForCodes,
    contact: Contact,
    otp: string,
    ip: string,
  ): Promise<UserData> {
    const attempt = {
      shop,
      key: keyOf(shop, contact),
      otp,
      at: deps.now(),
      network: networkOf(ip),
    };
    const outcome = await deps.db.transaction((tx) =>
      verifyInTransaction(tx, attempt, deps.secretKey),
    );
    if ('error' in outcome) throw outcome.error;
    return outcome.userData;
  };
}

async function verifyInTransaction(
  tx: Transaction,
  attempt: Attempt,
  secretKey: Buffer,
): Promise<{ userData: UserData } | { error: AppError }> {
  const { shop, key, at } = attempt;
  await lockContact(tx, key);
  const before = await failuresOf(tx, key, at, attempt.network);
  if (before.lockedUntil) return { error: lockedError(shop, before.lockedUntil, at) };

  const challenge = await latestChallenge(tx, key);
  if (!challenge || challenge.closedAt || challenge.expiresAt <= at) {
    return {
      error: badRequest('This code has expired or was replaced. Please ask for a new one.', {
        otp: 'Ask for a new code',
      }),
    };
  }
  if (!codeMatches(secretKey, challenge.id, attempt.otp, challenge.codeHash)) {
    return { error: await wrongCode(tx, attempt, challenge) };
  }

  await closeChallenge(tx, challenge.id, at);
  const customer =
    (await findByVerifiedContact(tx, shop.tenantId, key.channel, key.contact)) ??
    (await createCustomer(tx, shop.tenantId, key, challenge.referralCode, at));
  const session = await openSession(tx, shop.tenantId, customer.id, at);
  return {
    userData: {
      token: session.token,
      expires_at: session.expiresAt.toISOString(),
      customer: toCustomer(customer),
    },
  };
}

/** Records a wrong try against the contact, the network and the code: the error to answer. */
async function wrongCode(
  tx: Transaction,
  { shop, key, at, network }: Attempt,
  challenge: OtpChallenge,
): Promise<AppError> {
  await recordFailure(tx, key, at, network);
  const after = await failuresOf(tx, key, at, network);
  // Under attack a short code stops answering: the next one is six digits.
  const shortUnderAttack =
    challenge.codeLength === 4 && after.count >= OTP_LIMITS.failuresBeforeLongCodes;
  const triesLeft = shortUnderAttack ? 0 : OTP_LIMITS.triesPerCode - (challenge.failedAttempts + 1);
  await addFailedAttempt(tx, challenge.id, at, triesLeft <= 0);
  if (after.lockedUntil) return lockedError(shop, after.lockedUntil, at);
  const message =
    triesLeft > 0
      ? `That code is not right. You have ${triesLeft} ${triesLeft === 1 ? 'try' : 'tries'} left.`
      : 'That code is not right, and it has been tried too often. Please ask for a new one.';
  return badRequest(message, { otp: message });
}
