import type { Transaction } from '../../db/client.ts';
import { AppError, badRequest } from '../../lib/app-error.ts';
import { failureTimesSince, type ContactKey } from './auth.repository.ts';
import { countryNames, inCountries, toE164 } from '../../lib/phone-numbers.ts';
import type { SignInChannel } from '@servery/contract/tenant-document';
import { EMAIL_ONLY_SIGN_IN } from '@servery/contract/auth-rules';

/**
 * The rules a sign-in code is sent and checked by, before any message or account: the limits,
 * the contact as a key, the shop's channels and countries, and the lockouts.
 */

/** architecture.md "Security", and docs/decisions/0009-sign-in-with-a-code.md for the numbers. */
export const OTP_LIMITS = {
  codeValidMinutes: 10,
  triesPerCode: 5,
  /** Wrong codes a day from one network (/24, /48) before that network is refused. */
  failuresPerDayPerNetwork: 10,
  /** Wrong codes a day, all networks together, after which the contact gets 6-digit codes. */
  failuresBeforeLongCodes: 3,
  /**
   * Wrong codes a day, all networks together, after which every network that typed some of
   * them is refused; a network that typed none never is (decision 34).
   */
  failuresPerDay: 100,
  resendCooldownSeconds: 60,
  sendsPerContactPerHour: 5,
  sendsPerContactPerDay: 10,
  sendsPerIpPerHour: 20,
  sessionDays: 30,
} as const;

export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;

/** What sending and checking codes need to know of the shop. */
export interface ShopForCodes {
  tenantId: string;
  name: string;
  colour: string;
  timeZone: string;
  otpLength: 4 | 6;
  /** The host the customer is on (for the SMS's auto-fill line). */
  host: string;
  /** Countries whose numbers may get texts; the first is where national numbers are read. */
  smsCountries: string[];
  /** How this shop sends codes: e-mail, text messages, or both. */
  signInChannels: SignInChannel[];
  /** Hourly budgets of sign-in codes by channel, and who hears when one runs out. */
  budgets: { smsCodesPerHour: number; emailCodesPerHour: number };
  alertTo: string;
}

export interface Contact {
  email?: string;
  phone?: string;
}

const NOT_A_NUMBER = 'Enter a valid phone number';

/**
 * The contact as the limits and accounts know it: an e-mail address as given (already
 * lower-cased), a phone number in E.164, so every way of writing one handset is one contact.
 */
export function keyOf(shop: ShopForCodes, contact: Contact): ContactKey {
  if (contact.email !== undefined) {
    return { tenantId: shop.tenantId, channel: 'email', contact: contact.email };
  }
  const e164 = toE164(contact.phone!, shop.smsCountries[0] ?? 'GB');
  if (!e164) throw badRequest(NOT_A_NUMBER, { phone: NOT_A_NUMBER });
  return { tenantId: shop.tenantId, channel: 'phone', contact: e164 };
}

const EMAIL_ONLY_MESSAGE = EMAIL_ONLY_SIGN_IN;
export const SMS_ONLY_MESSAGE =
  'This shop sends sign-in codes by text message: enter your phone number';
export const NO_TEXTS_MESSAGE =
  'Text messages are not available here. Please use your e-mail address instead.';

/**
 * Each shop says how it sends codes (decision 0020): a contact of another kind is told which
 * to use, and a phone number where this server cannot send texts is refused before anything
 * is queued.
 */
export function checkChannel(shop: ShopForCodes, key: ContactKey, textsAvailable: boolean) {
  if (key.channel === 'email') {
    if (!shop.signInChannels.includes('email')) {
      throw badRequest(SMS_ONLY_MESSAGE, { email: SMS_ONLY_MESSAGE });
    }
    return;
  }
  if (!shop.signInChannels.includes('sms')) {
    throw badRequest(EMAIL_ONLY_MESSAGE, { phone: EMAIL_ONLY_MESSAGE });
  }
  if (!textsAvailable) {
    const message = shop.signInChannels.includes('email')
      ? NO_TEXTS_MESSAGE
      : 'Text messages are not available here. Please try again later.';
    throw new AppError(503, 'texts_unavailable', message, { phone: message });
  }
}

/** Texts go only to the shop's countries: a number elsewhere is told to use e-mail. */
export function checkCountry(shop: ShopForCodes, key: ContactKey) {
  if (key.channel !== 'phone' || inCountries(key.contact, shop.smsCountries)) return;
  const message = `We can only text numbers in ${countryNames(shop.smsCountries)}. Please use your e-mail address instead.`;
  throw badRequest(message, { phone: message });
}

export const seconds = (ms: number) => Math.max(1, Math.ceil(ms / 1000));

export function tooMany(message: string, retryAfterMs: number): AppError {
  return new AppError(429, 'rate_limited', message, undefined, seconds(retryAfterMs));
}

export function lockedError(shop: ShopForCodes, until: Date, now: Date): AppError {
  const when = new Intl.DateTimeFormat('en-GB', {
    timeZone: shop.timeZone,
    hour: '2-digit',
    minute: '2-digit',
    day: 'numeric',
    month: 'long',
  }).format(until);
  return tooMany(
    `Too many incorrect codes for this contact were typed from your network, so it cannot sign in from here until ${when}. On another network (mobile data, say) you can ask for a new code and sign in as usual.`,
    until.getTime() - now.getTime(),
  );
}

/**
 * The contact's wrong codes of the last 24 hours, and whether `network` is shut out: when its
 * own 10 are spent, or when all networks together reached the day's limit and this network
 * typed some of them (decision 34). A network that has not typed a wrong code for the contact
 * is never shut out, so no number of attacking networks locks the real customer out of theirs.
 */
export async function failuresOf(tx: Transaction, key: ContactKey, now: Date, network: string) {
  const failures = await failureTimesSince(tx, key, new Date(now.getTime() - DAY));
  const ours = failures.filter((f) => f.network === network);
  // Unlocked once enough failures have aged out to leave fewer than the limit.
  const until = (list: typeof failures, limit: number) =>
    list.length < limit ? null : new Date(list[list.length - limit]!.at.getTime() + DAY);
  const dayLimitEnds = until(failures, OTP_LIMITS.failuresPerDay);
  // The day's limit holds this network until it drops below, or its own wrong codes age out.
  const ownLastEnds = ours.length ? ours[ours.length - 1]!.at.getTime() + DAY : 0;
  const lockEnds = [
    until(ours, OTP_LIMITS.failuresPerDayPerNetwork),
    dayLimitEnds && ours.length ? new Date(Math.min(dayLimitEnds.getTime(), ownLastEnds)) : null,
  ].filter((d): d is Date => d !== null);
  return {
    count: failures.length,
    lockedUntil: lockEnds.length ? new Date(Math.max(...lockEnds.map((d) => d.getTime()))) : null,
  };
}

/** The time the earliest of the last `max` events leaves a window of `windowMs`. */
export function capReachedUntil(times: Date[], max: number, windowMs: number): Date | null {
  if (times.length < max) return null;
  return new Date(times[times.length - max]!.getTime() + windowMs);
}

/**
 * Whether a contact's latest code was closed by signing in. Codes close when used, when a
 * newer code replaces them (then they are not the latest) or when tried too often: every try
 * or, under attack, the first wrong one. So a closed latest code with tries left, for a
 * contact not under attack, is one that signed in; an attacked contact keeps its cooldown.
 */
export function signedIn(
  latest: { closedAt: Date | null; failedAttempts: number },
  failureCount: number,
): boolean {
  return (
    latest.closedAt !== null &&
    latest.failedAttempts < OTP_LIMITS.triesPerCode &&
    failureCount < OTP_LIMITS.failuresBeforeLongCodes
  );
}
