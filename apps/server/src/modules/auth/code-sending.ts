import { randomUUID } from 'node:crypto';
import type { OtpSent } from '@servery/contract/auth';
import type { Transaction } from '../../db/client.ts';
import type { AppError } from '../../lib/app-error.ts';
import { networkOf } from '../../lib/network.ts';
import { enqueueMessage } from '../outbox/outbox.repository.ts';
import {
  closeOpenChallenges,
  insertChallenge,
  latestChallenge,
  lockContact,
  type ContactKey,
} from './auth.repository.ts';
import type { AuthDeps } from './auth.service.ts';
import { hashCode, newCode } from './otp-codes.ts';
import { otpMessage } from './otp-message.ts';
import { checkCaps, checkShare, cooldownOf, overBudget } from './sending-limits.ts';
import {
  type Contact,
  MINUTE,
  OTP_LIMITS,
  type ShopForCodes,
  checkChannel,
  checkCountry,
  failuresOf,
  keyOf,
  lockedError,
  seconds,
} from './sign-in-checks.ts';

type Kind = 'register' | 'resend';
interface Ask {
  shop: ShopForCodes;
  key: ContactKey;
  referralCode: string | undefined;
  ip: string;
  kind: Kind;
  at: Date;
}
type Outcome = { sent: OtpSent; queued: boolean; alreadySent: boolean } | { error: AppError };

const answer = (key: ContactKey, codeLength: 4 | 6, resendIn: number): OtpSent => ({
  channel: key.channel,
  contact: key.contact,
  otp_length: codeLength,
  resend_in: resendIn,
  expires_in_minutes: OTP_LIMITS.codeValidMinutes,
});

/**
 * Sends sign-in codes (register and resend). Nothing here looks at customers, so a contact
 * nobody has used answers exactly like a known one. `kind` decides what a send inside the
 * cooldown does: register answers that the earlier code still works (`alreadySent`); resend is
 * refused. A code that already signed someone in sets no cooldown: signing out and straight
 * back in is a fresh sign-in, not a resend (issue 20); the caps and budgets still apply.
 */
export function createCodeSender(deps: AuthDeps) {
  return async function sendCode(
    shop: ShopForCodes,
    contact: Contact & { referral_code?: string },
    ip: string,
    kind: Kind,
  ): Promise<{ data: OtpSent; alreadySent: boolean }> {
    const key = keyOf(shop, contact);
    checkChannel(shop, key, deps.textsAvailable);
    checkCountry(shop, key);
    const ask = { shop, key, referralCode: contact.referral_code, ip, kind, at: deps.now() };
    const outcome = await deps.db.transaction((tx) => sendInTransaction(tx, ask, deps.secretKey));
    // Past the shop's budget the transaction still commits: the shop's alert is kept.
    if ('error' in outcome) {
      deps.onMessageQueued();
      throw outcome.error;
    }
    if (outcome.queued) deps.onMessageQueued();
    return { data: outcome.sent, alreadySent: outcome.alreadySent };
  };
}

async function sendInTransaction(tx: Transaction, ask: Ask, secretKey: Buffer): Promise<Outcome> {
  const { shop, key, at } = ask;
  await lockContact(tx, key);
  const failures = await failuresOf(tx, key, at, networkOf(ask.ip));
  if (failures.lockedUntil) throw lockedError(shop, failures.lockedUntil, at);
  // A contact someone is guessing at gets codes of a million, not ten thousand.
  const codeLength = failures.count >= OTP_LIMITS.failuresBeforeLongCodes ? 6 : shop.otpLength;

  const latest = await latestChallenge(tx, key);
  const earlier = cooldownOf(latest, failures.count, at, ask.kind);
  if (earlier) {
    return {
      sent: answer(key, earlier.codeLength, seconds(earlier.wait)),
      queued: false,
      alreadySent: true,
    };
  }
  await checkCaps(tx, shop, key, ask.ip, at);
  await checkShare(tx, shop, key, ask.ip, at);
  const spent = await overBudget(tx, shop, key);
  if (spent) return { error: spent };

  // A resend keeps the invitation the first code came with.
  const referralCode = ask.referralCode ?? latest?.referralCode ?? null;
  await issueCode(tx, ask, { codeLength, referralCode, secretKey });
  return {
    sent: answer(key, codeLength, OTP_LIMITS.resendCooldownSeconds),
    queued: true,
    alreadySent: false,
  };
}

/** Closes the contact's open codes, records the new one (as a keyed hash) and queues it. */
async function issueCode(
  tx: Transaction,
  { shop, key, ip, at }: Ask,
  code: { codeLength: 4 | 6; referralCode: string | null; secretKey: Buffer },
): Promise<void> {
  await closeOpenChallenges(tx, key, at);
  const id = randomUUID();
  const digits = newCode(code.codeLength);
  const expiresAt = new Date(at.getTime() + OTP_LIMITS.codeValidMinutes * MINUTE);
  await insertChallenge(tx, {
    id,
    tenantId: shop.tenantId,
    channel: key.channel,
    contact: key.contact,
    codeHash: hashCode(code.secretKey, id, digits),
    codeLength: code.codeLength,
    referralCode: code.referralCode,
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
      code: digits,
      minutesValid: OTP_LIMITS.codeValidMinutes,
      host: shop.host,
      discardAfter: expiresAt,
    }),
  );
}
