import { AppError } from '../../lib/app-error.ts';
import { networkOf } from '../../lib/network.ts';
import type { Transaction } from '../../db/client.ts';
import { recentTextRequests } from './auth.repository.ts';
import { HOUR, MINUTE, type ShopForCodes } from './sign-in-checks.ts';

/**
 * A fair share of a shop's hourly budget of sign-in texts (issue 31, decision 34): one network
 * (/24, /48) or one number range (numbers alike but for their last four digits) may use at
 * most a tenth of it, and never fewer than five. Somebody texting rotating numbers from one
 * network, or a block of numbers from many, spends their share and not everybody's hour.
 */
export const TEXT_SHARES = { ofBudget: 0.1, atLeast: 5 } as const;

/** Numbers sold together differ in their last digits: +44 7700 900123 is in +44770090. */
export const numberRangeOf = (e164: string): string => e164.slice(0, -4);

const minutesOf = (ms: number) => Math.max(1, Math.ceil(ms / MINUTE));

/** The answer when texts are paused: e-mail offered where the shop takes it. */
export function textsPaused(shop: ShopForCodes, why: string, waitMs: number): AppError {
  const minutes = minutesOf(waitMs);
  const message = shop.signInChannels.includes('email')
    ? `${why} Sign-in texts are paused for up to ${minutes} minute${minutes === 1 ? '' : 's'}: please use your e-mail address instead, and we will e-mail your code.`
    : `${why} Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`;
  // errors.phone on a 429 tells the login screen that texts are paused (it offers e-mail).
  return new AppError(429, 'texts_paused', message, { phone: message }, Math.ceil(waitMs / 1000));
}

/** The shop's whole budget of texts is spent: said so, with e-mail offered where it can be. */
export const shopTextsPaused = (shop: ShopForCodes, budget: AppError) =>
  textsPaused(
    shop,
    `${shop.name} is sending a lot of text messages right now.`,
    (budget.retryAfterSeconds ?? 3600) * 1000,
  );

/** Refuses a text past the share of the asking network or of the number's range. */
export async function checkTextShare(
  tx: Transaction,
  shop: ShopForCodes,
  phone: string,
  ip: string,
  at: Date,
): Promise<AppError | null> {
  const share = Math.max(
    TEXT_SHARES.atLeast,
    Math.ceil(shop.budgets.smsCodesPerHour * TEXT_SHARES.ofBudget),
  );
  const recent = await recentTextRequests(tx, shop.tenantId, new Date(at.getTime() - HOUR));
  const network = networkOf(ip);
  const range = numberRangeOf(phone);
  for (const same of [
    recent.filter((r) => networkOf(r.ip) === network),
    recent.filter((r) => numberRangeOf(r.phone) === range),
  ]) {
    if (same.length >= share) {
      const wait = same[same.length - share]!.at.getTime() + HOUR - at.getTime();
      return textsPaused(
        shop,
        'Many sign-in texts were sent from your network or to numbers like yours in the last hour.',
        wait,
      );
    }
  }
  return null;
}
