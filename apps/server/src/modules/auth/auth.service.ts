import { randomUUID } from 'node:crypto';
import type { OtpSent, UserData } from '@servery/contract/auth';
import type { Database, Transaction } from '../../db/client.ts';
import { AppError, badRequest } from '../../lib/app-error.ts';
import { isUuid } from '../../lib/uuid.ts';
import { enqueueMessage } from '../outbox/outbox.repository.ts';
import {
  findByReferralCode,
  findByVerifiedContact,
  insertCustomer,
} from '../customers/customers.repository.ts';
import { newReferralCode, toCustomer } from '../customers/customers.service.ts';
import {
  addFailedAttempt,
  closeChallenge,
  closeOpenChallenges,
  customerAndAddressOfSession,
  customerIdOfSession,
  failureTimesSince,
  insertChallenge,
  insertSession,
  ipSendTimesSince,
  latestChallenge,
  lockContact,
  recordFailure,
  sendTimesSince,
  type Channel,
  type ContactKey,
} from './auth.repository.ts';
import { codeMatches, hashCode, hashToken, newCode, newSessionToken } from './otp-codes.ts';
import { otpMessage } from './otp-message.ts';

/** DESIGN.md "Security", and docs/decisions/0009-sign-in-with-a-code.md for the numbers. */
export const OTP_LIMITS = {
  codeValidMinutes: 10,
  triesPerCode: 5,
  failuresPerDay: 10,
  resendCooldownSeconds: 60,
  sendsPerContactPerHour: 5,
  sendsPerContactPerDay: 10,
  sendsPerIpPerHour: 20,
  sessionDays: 30,
} as const;

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** What sending and checking codes need to know of the shop. */
export interface ShopForCodes {
  tenantId: string;
  name: string;
  colour: string;
  timeZone: string;
  otpLength: 4 | 6;
  /** The host the customer is on (for the SMS's auto-fill line). */
  host: string;
}

export interface AuthDeps {
  db: Database;
  secretKey: Buffer;
  now: () => Date;
  /** Called after a message was committed to the outbox. */
  onMessageQueued: () => void;
}

interface Contact {
  email?: string;
  phone?: string;
}

function keyOf(tenantId: string, contact: Contact): ContactKey {
  const channel: Channel = contact.email !== undefined ? 'email' : 'phone';
  return { tenantId, channel, contact: (contact.email ?? contact.phone)! };
}

const seconds = (ms: number) => Math.max(1, Math.ceil(ms / 1000));

function tooMany(message: string, retryAfterMs: number): AppError {
  return new AppError(429, 'rate_limited', message, undefined, seconds(retryAfterMs));
}

function lockedError(shop: ShopForCodes, until: Date, now: Date): AppError {
  const when = new Intl.DateTimeFormat('en-GB', {
    timeZone: shop.timeZone,
    hour: '2-digit',
    minute: '2-digit',
    day: 'numeric',
    month: 'long',
  }).format(until);
  return tooMany(
    `Too many incorrect codes. For your security, signing in with this contact is locked until ${when}.`,
    until.getTime() - now.getTime(),
  );
}

/** When the contact's 24-hour lock ends, or null when it is not locked. */
async function lockedUntil(tx: Transaction, key: ContactKey, now: Date): Promise<Date | null> {
  const failures = await failureTimesSince(tx, key, new Date(now.getTime() - DAY));
  if (failures.length < OTP_LIMITS.failuresPerDay) return null;
  // Unlocked once enough failures have aged out to leave fewer than the limit.
  const oldestThatMustAge = failures[failures.length - OTP_LIMITS.failuresPerDay]!;
  return new Date(oldestThatMustAge.getTime() + DAY);
}

/** The time the earliest of the last `max` events leaves a window of `windowMs`. */
function capReachedUntil(times: Date[], max: number, windowMs: number): Date | null {
  if (times.length < max) return null;
  return new Date(times[times.length - max]!.getTime() + windowMs);
}

export function createAuthService(deps: AuthDeps) {
  const { db, secretKey, now } = deps;

  /**
   * Sends a code (register and resend). Nothing here looks at customers, so a contact nobody
   * has used answers exactly like a known one. `kind` decides what a send inside the cooldown
   * does: register answers as if sent (the earlier code still works); resend is refused.
   */
  async function sendCode(
    shop: ShopForCodes,
    contact: Contact & { referral_code?: string },
    ip: string,
    kind: 'register' | 'resend',
  ): Promise<OtpSent> {
    const key = keyOf(shop.tenantId, contact);
    const at = now();
    const sent = (resendIn: number): OtpSent => ({
      channel: key.channel,
      contact: key.contact,
      otp_length: shop.otpLength,
      resend_in: resendIn,
      expires_in_minutes: OTP_LIMITS.codeValidMinutes,
    });
    const outcome = await db.transaction(async (tx) => {
      await lockContact(tx, key);
      const locked = await lockedUntil(tx, key, at);
      if (locked) throw lockedError(shop, locked, at);

      const latest = await latestChallenge(tx, key);
      const cooldownEnds = latest
        ? latest.createdAt.getTime() + OTP_LIMITS.resendCooldownSeconds * 1000
        : 0;
      if (cooldownEnds > at.getTime()) {
        const wait = cooldownEnds - at.getTime();
        const live = latest && !latest.closedAt && latest.expiresAt > at;
        if (kind === 'register' && live) return { result: sent(seconds(wait)), queued: false };
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

      await closeOpenChallenges(tx, key, at);
      const id = randomUUID();
      const code = newCode(shop.otpLength);
      const expiresAt = new Date(at.getTime() + OTP_LIMITS.codeValidMinutes * MINUTE);
      await insertChallenge(tx, {
        id,
        tenantId: shop.tenantId,
        channel: key.channel,
        contact: key.contact,
        codeHash: hashCode(secretKey, id, code),
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
      return { result: sent(OTP_LIMITS.resendCooldownSeconds), queued: true };
    });
    if (outcome.queued) deps.onMessageQueued();
    return outcome.result;
  }

  /**
   * Checks a code against the contact's latest live challenge only. A wrong try is written
   * before the answer goes out (the transaction commits, then the error is thrown), so no
   * amount of parallel guessing gets more tries than the limits allow.
   */
  async function verifyCode(shop: ShopForCodes, contact: Contact, otp: string): Promise<UserData> {
    const key = keyOf(shop.tenantId, contact);
    const at = now();
    const outcome = await db.transaction(async (tx) => {
      await lockContact(tx, key);
      const locked = await lockedUntil(tx, key, at);
      if (locked) return { error: lockedError(shop, locked, at) };

      const challenge = await latestChallenge(tx, key);
      if (!challenge || challenge.closedAt || challenge.expiresAt <= at) {
        return {
          error: badRequest('This code has expired or was replaced. Please ask for a new one.', {
            otp: 'Ask for a new code',
          }),
        };
      }
      if (!codeMatches(secretKey, challenge.id, otp, challenge.codeHash)) {
        const triesLeft = OTP_LIMITS.triesPerCode - (challenge.failedAttempts + 1);
        await addFailedAttempt(tx, challenge.id, at, triesLeft <= 0);
        await recordFailure(tx, key, at);
        const nowLocked = await lockedUntil(tx, key, at);
        if (nowLocked) return { error: lockedError(shop, nowLocked, at) };
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

  async function createCustomer(
    tx: Transaction,
    tenantId: string,
    key: ContactKey,
    referralCode: string | null,
    at: Date,
  ) {
    const referrer = referralCode
      ? await findByReferralCode(tx, tenantId, referralCode)
      : undefined;
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
