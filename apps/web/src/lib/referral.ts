import { REFERRAL_CODE_PATTERN, REFERRAL_PARAM } from '@servery/contract/auth-rules';
import { STORAGE_KEYS } from './storage-keys.ts';
import { toast } from './toast.ts';

/**
 * Keeps a friend's referral code from a `?ref=CODE` link for this tab, so the sign-up that
 * follows (perhaps pages later) can send it. Codes that cannot be valid are ignored.
 */
export function captureReferralCode(search: string): void {
  const code = new URLSearchParams(search).get(REFERRAL_PARAM)?.trim().toUpperCase();
  if (!code || !REFERRAL_CODE_PATTERN.test(code)) return;
  try {
    sessionStorage.setItem(STORAGE_KEYS.referralCode, code);
  } catch {
    // Storage disabled: the visitor signs up without the referral.
  }
}

export function capturedReferralCode(): string | null {
  try {
    const code = sessionStorage.getItem(STORAGE_KEYS.referralCode);
    return code && REFERRAL_CODE_PATTERN.test(code) ? code : null;
  } catch {
    return null;
  }
}

export function forgetReferralCode(): void {
  try {
    sessionStorage.removeItem(STORAGE_KEYS.referralCode);
  } catch {
    // Nothing stored.
  }
}

/** The link a customer gives friends: the shop's home page carrying their code. */
export function referralLink(code: string): string {
  return `${location.origin}/?${REFERRAL_PARAM}=${encodeURIComponent(code)}`;
}

/** product.md §8: the message when the device has no share function. */
export const SHARE_UNSUPPORTED_MESSAGE = 'Sharing is not supported on this device.';

const SHARE_FAILED_MESSAGE = 'Sharing did not work. Please try again.';

/** The device's share sheet (product.md §2 'Invite Friends'); a toast where there is none. */
export async function shareLink(share: ShareData): Promise<void> {
  if (typeof navigator.share !== 'function') {
    toast.error(SHARE_UNSUPPORTED_MESSAGE);
    return;
  }
  try {
    await navigator.share(share);
  } catch (error) {
    // The customer closing the share sheet is not a failure.
    const closed = error instanceof DOMException && error.name === 'AbortError';
    if (!closed) toast.error(SHARE_FAILED_MESSAGE);
  }
}
