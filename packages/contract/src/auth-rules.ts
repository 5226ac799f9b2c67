/**
 * The sign-in screens' rules (product.md §5, §9), free of zod so the login page's chunk stays small.
 * The server's schemas in auth.ts use the same patterns.
 */

/** product.md §9: the login input takes at most 12 digits. */
export const LOGIN_INPUT_MAX_DIGITS = 12;
/** product.md §5 login: 10 to 12 digits. */
export const LOGIN_PHONE_PATTERN = /^\d{10,12}$/;
/** product.md §5 verification: 10 to 12 digits, or a leading non-zero digit then 9 to 14 digits. */
export const VERIFICATION_PHONE_PATTERN = /^(?:\d{10,12}|[1-9]\d{9,14})$/;
/**
 * product.md §5 general: the e-mail pattern, case-insensitive. The same rule the server's schema
 * applies (zod's e-mail check), so an address the screen takes is never refused by the API.
 */
export const EMAIL_PATTERN =
  /^(?!\.)(?!.*\.\.)([a-z0-9_'+\-.]*)[a-z0-9_+-]@([a-z0-9][a-z0-9-]*\.)+[a-z]{2,}$/i;
export const REFERRAL_CODE_PATTERN = /^[A-Z0-9]{8}$/;

export const INVALID_LOGIN_INPUT = 'Enter a valid input!';
/** A phone number at a shop that sends codes by e-mail only (decision 0020). */
export const EMAIL_ONLY_SIGN_IN =
  'This shop sends sign-in codes by e-mail: enter your e-mail address';
/** product.md §9: a new code can be asked for 60 s after the last one was sent. */
export const RESEND_COOLDOWN_SECONDS = 60;
/** product.md §9: Enter on a code box submits after 1000 ms. */
export const VERIFY_ENTER_DELAY_MS = 1000;
/** product.md §4: on a failed login the loading state ends after about a second. */
export const LOGIN_FAILURE_SETTLE_MS = 1000;

/** The query parameter that carries a friend's referral code (`/?ref=ABCD2345`). */
export const REFERRAL_PARAM = 'ref';

/**
 * product.md §5 "while typing only digits are accepted, up to 12": a value that reads as a phone
 * number (digits and the spaces, brackets, dashes and plus people type in them) keeps only its
 * digits, at most 12. Anything else is an e-mail address being typed and is left alone.
 */
export function sanitizeLoginInput(value: string): string {
  if (/^[\d\s()+-]*$/.test(value)) {
    return value.replace(/\D/g, '').slice(0, LOGIN_INPUT_MAX_DIGITS);
  }
  return value.trimStart();
}

export type LoginContact = { email: string } | { phone: string };

/** product.md §5: a valid e-mail is sent as email, 10 to 12 digits as phone; else null. */
export function loginContactOf(value: string): LoginContact | null {
  const trimmed = value.trim();
  if (LOGIN_PHONE_PATTERN.test(trimmed)) return { phone: trimmed };
  if (EMAIL_PATTERN.test(trimmed)) return { email: trimmed.toLowerCase() };
  return null;
}

/** product.md §5 verification: the stored contact must be an e-mail or a phone pattern. */
export function storedContactOf(value: string | null): LoginContact | null {
  if (!value) return null;
  if (VERIFICATION_PHONE_PATTERN.test(value)) return { phone: value };
  if (EMAIL_PATTERN.test(value)) return { email: value };
  return null;
}

/** The server's success messages, which the screens show as toasts where product.md §8 says so. */
export const OTP_SENT_MESSAGE = 'We have sent you a code.';
export const OTP_RESENT_MESSAGE = 'A new code is on its way.';
/** Register again inside the 60 s: nothing new is sent, and the answer says so (issue 20). */
export const OTP_STILL_VALID_MESSAGE =
  'We sent you a code a moment ago and it is still valid. Please enter that code.';
export const SIGNED_IN_MESSAGE = 'You are signed in.';
export const PROFILE_SAVED_MESSAGE = 'Your details have been saved.';
