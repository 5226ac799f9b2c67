import { randomUUID } from 'node:crypto';
import type { OtpSent, UserData } from '@servery/contract/auth';
import type { Database } from '../../db/client.ts';
import { badRequest } from '../../lib/app-error.ts';
import { isUuid } from '../../lib/uuid.ts';
import { enqueueMessage } from '../outbox/outbox.repository.ts';
import { findByVerifiedContact } from '../customers/customers.repository.ts';
import { toCustomer } from '../customers/customers.service.ts';
import {
  addFailedAttempt,
  closeChallenge,
  closeOpenChallenges,
  customerAndAddressOfSession,
  customerIdOfSession,
  insertChallenge,
  insertSession,
  ipSendTimesSince,
  latestChallenge,
  lockContact,
  recordFailure,
  sendTimesSince,
} from './auth.repository.ts';
import { hashToken } from '../../lib/hash-token.ts';
import { codeMatches, hashCode, newCode, newSessionToken } from './otp-codes.ts';
import { otpMessage } from './otp-message.ts';
import {
  type Contact,
  DAY,
  HOUR,
  MINUTE,
  OTP_LIMITS,
  type ShopForCodes,
  capReachedUntil,
  checkChannel,
  checkCountry,
  failuresOf,
  keyOf,
  lockedError,
  seconds,
  signedIn,
  tooMany,
} from './sign-in-checks.ts';
import { networkOf } from '../../lib/network.ts';
import { checkBudget } from '../outbox/message-budget.ts';
import { checkTextShare, shopTextsPaused } from './text-shares.ts';
import { createCustomer } from './new-customer.ts';

export interface AuthDeps {
  db: Database;
  secretKey: Buffer;
  now: () => Date;
  /** false in production without Twilio: no text can be sent (decision 0020). */
  textsAvailable: boolean;
  /** Called after a message was committed to the outbox. */
  onMessageQueued: () => void;
}

export function createAuthService(deps: AuthDeps) {
  const { db, secretKey, now } = deps;

  /**
   * Sends a code (register and resend). Nothing here looks at customers, so a contact nobody
   * has used answers exactly like a known one. `kind` decides what a send inside the cooldown
   * does: register answers that the earlier code still works (`alreadySent`); resend is
   * refused. A code that already signed someone in sets no cooldown: signing out and straight
   * back in is a fresh sign-in, not a resend (issue 20); the caps and budgets still apply.
   */
  async function sendCode(
    shop: ShopForCodes,
    contact: Contact & { referral_code?: string },
    ip: string,
    kind: 'register' | 'resend',
  ): Promise<{ data: OtpSent; alreadySent: boolean }> {
    const key = keyOf(shop, contact);
    checkChannel(shop, key, deps.textsAvailable);
    checkCountry(shop, key);
    const at = now();
    let codeLength: 4 | 6 = shop.otpLength;
    const sent = (resendIn: number): OtpSent => ({
      channel: key.channel,
      contact: key.contact,
      otp_length: codeLength,
      resend_in: resendIn,
      expires_in_minutes: OTP_LIMITS.codeValidMinutes,
    });
    const outcome = await db.transaction(async (tx) => {
      await lockContact(tx, key);
      const failures = await failuresOf(tx, key, at, networkOf(ip));
      if (failures.lockedUntil) throw lockedError(shop, failures.lockedUntil, at);
      // A contact someone is guessing at gets codes of a million, not ten thousand.
      codeLength = failures.count >= OTP_LIMITS.failuresBeforeLongCodes ? 6 : shop.otpLength;

      const latest = await latestChallenge(tx, key);
      const cooldownEnds =
        latest && !signedIn(latest, failures.count)
          ? latest.createdAt.getTime() + OTP_LIMITS.resendCooldownSeconds * 1000
          : 0;
      if (cooldownEnds > at.getTime()) {
        const wait = cooldownEnds - at.getTime();
        const live = latest && !latest.closedAt && latest.expiresAt > at;
        if (kind === 'register' && live) {
          codeLength = latest.codeLength === 6 ? 6 : 4;
          return { result: sent(seconds(wait)), queued: false, alreadySent: true };
        }
        throw tooMany(`Please wait ${seconds(wait)} seconds before asking for a new code.`, wait);
      }

      const capEnds = [
        capReachedUntil(
          await sendTimesSince(tx, key, new Date(at.getTime() - DAY)),
          OTP_LIMITS.sendsPerContactPerDay,
          DAY,
        ),
        capReachedUntil(
          await sendTimesSince(tx, key, new Date(at.getTime() - HOUR)),
          OTP_LIMITS.sendsPerContactPerHour,
          HOUR,
        ),
        capReachedUntil(
          await ipSendTimesSince(tx, shop.tenantId, ip, new Date(at.getTime() - HOUR)),
          OTP_LIMITS.sendsPerIpPerHour,
          HOUR,
        ),
      ].filter((end): end is Date => end !== null && end > at);
      if (capEnds.length > 0) {
        const until = Math.max(...capEnds.map((end) => end.getTime()));
        const minutes = Math.ceil((until - at.getTime()) / MINUTE);
        throw tooMany(
          `Too many codes have been sent. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
          until - at.getTime(),
        );
      }

      const channel = key.channel === 'phone' ? 'sms' : 'email';
      if (channel === 'sms') {
        const unfair = await checkTextShare(tx, shop, key.contact, ip, at);
        if (unfair) throw unfair;
      }
      const overBudget = await checkBudget(tx, {
        tenantId: shop.tenantId,
        kinds: ['otp'],
        channel,
        perHour: channel === 'sms' ? shop.budgets.smsCodesPerHour : shop.budgets.emailCodesPerHour,
        label: channel === 'sms' ? 'sign-in texts' : 'sign-in e-mails',
        shopName: shop.name,
        alertTo: shop.alertTo,
      });
      if (overBudget)
        return { error: channel === 'sms' ? shopTextsPaused(shop, overBudget) : overBudget };

      await closeOpenChallenges(tx, key, at);
      const id = randomUUID();
      const code = newCode(codeLength);
      const expiresAt = new Date(at.getTime() + OTP_LIMITS.codeValidMinutes * MINUTE);
      await insertChallenge(tx, {
        id,
        tenantId: shop.tenantId,
        channel: key.channel,
        contact: key.contact,
        codeHash: hashCode(secretKey, id, code),
        codeLength,
        // A resend keeps the invitation the first code came with.
        referralCode: contact.referral_code ?? latest?.referralCode ?? null,
        requestIp: ip,
        createdAt: at,
        expiresAt,
      });
      await enqueueMessage(
        tx,
        otpMessage({
          tenantId: shop.tenantId,
          shopName: shop.name,
          colour: shop.colour,
          channel: key.channel,
          contact: key.contact,
          code,
          minutesValid: OTP_LIMITS.codeValidMinutes,
          host: shop.host,
          discardAfter: expiresAt,
        }),
      );
      return { result: sent(OTP_LIMITS.resendCooldownSeconds), queued: true, alreadySent: false };
    });
    // Past the shop's budget the transaction still commits: the shop's alert is kept.
    if ('error' in outcome) {
      deps.onMessageQueued();
      throw outcome.error;
    }
    if (outcome.queued) deps.onMessageQueued();
    return { data: outcome.result, alreadySent: outcome.alreadySent };
  }

  /**
   * Checks a code against the contact's latest live challenge only. A wrong try is written
   * before the answer goes out (the transaction commits, then the error is thrown), so no
   * amount of parallel guessing gets more tries than the limits allow.
   */
  async function verifyCode(
    shop: ShopForCodes,
    contact: Contact,
    otp: string,
    ip: string,
  ): Promise<UserData> {
    const key = keyOf(shop, contact);
    const at = now();
    const network = networkOf(ip);
    const outcome = await db.transaction(async (tx) => {
      await lockContact(tx, key);
      const before = await failuresOf(tx, key, at, network);
      if (before.lockedUntil) return { error: lockedError(shop, before.lockedUntil, at) };

      const challenge = await latestChallenge(tx, key);
      if (!challenge || challenge.closedAt || challenge.expiresAt <= at) {
        return {
          error: badRequest('This code has expired or was replaced. Please ask for a new one.', {
            otp: 'Ask for a new code',
          }),
        };
      }
      if (!codeMatches(secretKey, challenge.id, otp, challenge.codeHash)) {
        await recordFailure(tx, key, at, network);
        const after = await failuresOf(tx, key, at, network);
        // Under attack a short code stops answering: the next one is six digits.
        const shortUnderAttack =
          challenge.codeLength === 4 && after.count >= OTP_LIMITS.failuresBeforeLongCodes;
        const triesLeft = shortUnderAttack
          ? 0
          : OTP_LIMITS.triesPerCode - (challenge.failedAttempts + 1);
        await addFailedAttempt(tx, challenge.id, at, triesLeft <= 0);
        if (after.lockedUntil) return { error: lockedError(shop, after.lockedUntil, at) };
        const message =
          triesLeft > 0
            ? `That code is not right. You have ${triesLeft} ${triesLeft === 1 ? 'try' : 'tries'} left.`
            : 'That code is not right, and it has been tried too often. Please ask for a new one.';
        return { error: badRequest(message, { otp: message }) };
      }

      await closeChallenge(tx, challenge.id, at);
      const customer =
        (await findByVerifiedContact(tx, shop.tenantId, key.channel, key.contact)) ??
        (await createCustomer(tx, shop.tenantId, key, challenge.referralCode, at));
      const token = newSessionToken();
      const expiresAt = new Date(at.getTime() + OTP_LIMITS.sessionDays * DAY);
      await insertSession(tx, {
        tenantId: shop.tenantId,
        customerId: customer.id,
        tokenHash: hashToken(token),
        expiresAt,
        createdAt: at,
      });
      return {
        userData: { token, expires_at: expiresAt.toISOString(), customer: toCustomer(customer) },
      };
    });
    if ('error' in outcome) throw outcome.error;
    return outcome.userData;
  }

  /** The customer id behind a bearer token in this shop, or undefined. */
  function customerIdForToken(tenantId: string, token: string): Promise<string | undefined> {
    return customerIdOfSession(db, tenantId, hashToken(token), now());
  }

  /**
   * The same, with the customer's saved address `addressId` (a UUID) read in the same round
   * trip: undefined without a live session, address null when it is not theirs.
   */
  async function customerAndAddressForToken(tenantId: string, token: string, addressId: string) {
    if (isUuid(addressId)) {
      return customerAndAddressOfSession(db, tenantId, hashToken(token), now(), addressId);
    }
    const customerId = await customerIdForToken(tenantId, token);
    return customerId ? { customerId, address: null } : undefined;
  }

  return { sendCode, verifyCode, customerIdForToken, customerAndAddressForToken };
}
export type AuthService = ReturnType<typeof createAuthService>;
