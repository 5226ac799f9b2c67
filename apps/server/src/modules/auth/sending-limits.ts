import type { Transaction } from '../../db/client.ts';
import type { AppError } from '../../lib/app-error.ts';
import { checkBudget } from '../outbox/message-budget.ts';
import {
  ipSendTimesSince,
  sendTimesSince,
  type ContactKey,
  type OtpChallenge,
} from './auth.repository.ts';
import {
  DAY,
  HOUR,
  MINUTE,
  OTP_LIMITS,
  type ShopForCodes,
  capReachedUntil,
  seconds,
  signedIn,
  tooMany,
} from './sign-in-checks.ts';
import { checkTextShare, shopTextsPaused } from './text-shares.ts';

/**
 * The limits a code is sent within (docs/decisions/0009-sign-in-with-a-code.md), checked in
 * the send's transaction once the contact is locked, in this order: the cooldown, the caps
 * per contact and address, a text's fair share, the shop's budget.
 */

/**
 * The cooldown after the latest code: null when a new code may go. Inside it, a register is
 * told the earlier code still works (its length, and the milliseconds left); a resend is
 * refused. A code that already signed someone in sets no cooldown (issue 20).
 */
export function cooldownOf(
  latest: OtpChallenge | undefined,
  failureCount: number,
  at: Date,
  kind: 'register' | 'resend',
): { codeLength: 4 | 6; wait: number } | null {
  if (!latest || signedIn(latest, failureCount)) return null;
  const wait = latest.createdAt.getTime() + OTP_LIMITS.resendCooldownSeconds * 1000 - at.getTime();
  if (wait <= 0) return null;
  const live = !latest.closedAt && latest.expiresAt > at;
  if (kind === 'register' && live) return { codeLength: latest.codeLength === 6 ? 6 : 4, wait };
  throw tooMany(`Please wait ${seconds(wait)} seconds before asking for a new code.`, wait);
}

/** Refuses a code past the contact's day and hour caps or the address's hour cap. */
export async function checkCaps(
  tx: Transaction,
  shop: ShopForCodes,
  key: ContactKey,
  ip: string,
  at: Date,
): Promise<void> {
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
  if (capEnds.length === 0) return;
  const until = Math.max(...capEnds.map((end) => end.getTime()));
  const minutes = Math.ceil((until - at.getTime()) / MINUTE);
  throw tooMany(
    `Too many codes have been sent. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
    until - at.getTime(),
  );
}

/** Refuses a text past the asking network's or the number range's share of the budget. */
export async function checkShare(
  tx: Transaction,
  shop: ShopForCodes,
  key: ContactKey,
  ip: string,
  at: Date,
): Promise<void> {
  if (key.channel !== 'phone') return;
  const unfair = await checkTextShare(tx, shop, key.contact, ip, at);
  if (unfair) throw unfair;
}

/**
 * The shop's hourly budget of codes on the contact's channel: the error to throw once the
 * transaction has committed (it keeps the shop's alert), or null when there is room.
 */
export async function overBudget(
  tx: Transaction,
  shop: ShopForCodes,
  key: ContactKey,
): Promise<AppError | null> {
  const channel = key.channel === 'phone' ? 'sms' : 'email';
  const spent = await checkBudget(tx, {
    tenantId: shop.tenantId,
    kinds: ['otp'],
    channel,
    perHour: channel === 'sms' ? shop.budgets.smsCodesPerHour : shop.budgets.emailCodesPerHour,
    label: channel === 'sms' ? 'sign-in texts' : 'sign-in e-mails',
    shopName: shop.name,
    alertTo: shop.alertTo,
  });
  if (!spent) return null;
  return channel === 'sms' ? shopTextsPaused(shop, spent) : spent;
}
