import { AppError } from '../../lib/app-error.ts';

/**
 * The numbers of staff sign-in (docs/decisions/0034-sign-in-limits-without-lock-out.md has the
 * arithmetic). A 6-digit code is one in a million. Every wrong guess is a wrong try on a live
 * code, each code takes 5 tries, and an address gets at most 5 codes an hour that could have
 * been guessed at (a code that signed somebody in on its first try does not count): at most
 * 600 guesses a day, a 0.06 % chance, however many networks the attacker has. The per-network
 * limits then keep a network that failed from guessing on, without ever refusing one that did
 * not: the real person is not locked out from ten (or a hundred) networks.
 */
export const STAFF_CODE_LIMITS = {
  codeValidMinutes: 10,
  triesPerCode: 5,
  /** Wrong codes a day for one address from one network (/24, /48) before it is refused. */
  failuresPerDayPerNetwork: 10,
  /**
   * Wrong codes a day for one address, all networks together, after which every network that
   * has itself typed a wrong one for it is refused. A network that has not is never refused.
   */
  failuresPerDay: 100,
  resendCooldownSeconds: 60,
  /** Codes an hour that did not sign somebody in at the first try. */
  sendsPerAddressPerHour: 5,
  sendsPerIpPerHour: 20,
} as const;

export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;

export const tooMany = (message: string, retryAfterSeconds: number) =>
  new AppError(429, 'rate_limited', message, undefined, retryAfterSeconds);

/**
 * Whether `network` is refused for an address: its own ten are spent, or the address has had
 * its day's hundred and this network is one of those that typed them.
 */
export function networkRefused(failures: { total: number; fromNetwork: number }): boolean {
  return (
    failures.fromNetwork >= STAFF_CODE_LIMITS.failuresPerDayPerNetwork ||
    (failures.fromNetwork > 0 && failures.total >= STAFF_CODE_LIMITS.failuresPerDay)
  );
}

export const NETWORK_REFUSED_MESSAGE =
  'Too many wrong codes for this address were typed from your network, so it cannot sign in from here for up to 24 hours. On another network (mobile data, say) you can ask for a new code and sign in as usual.';

/**
 * The answer when no new code went out: the same for any address (code rows are kept for
 * unknown ones too), so it says nothing about who is staff.
 */
export function notSentMessage(reason: 'cooldown' | 'cap', waitMs: number): string {
  const start = 'If this address belongs to a member of staff, ';
  if (reason === 'cooldown') {
    const seconds = Math.max(1, Math.ceil(waitMs / 1000));
    return `${start}a code was e-mailed to it less than a minute ago, so no new one was sent. Use the code in the newest e-mail, or ask again in ${seconds} seconds.`;
  }
  const minutes = Math.max(1, Math.ceil(waitMs / MINUTE));
  return `${start}it has been e-mailed ${STAFF_CODE_LIMITS.sendsPerAddressPerHour} codes in the last hour, so no new one was sent. Use the code in the newest e-mail, or ask again in ${minutes} minute${minutes === 1 ? '' : 's'}.`;
}
