/**
 * UK GDPR (issue 17, point 6; docs/decisions/0021-personal-data.md): a customer's copy of their
 * data, deleting an account, unsubscribing from a newsletter without signing in, and the
 * owner's list of subscribers with the time each gave consent.
 */
import type { Subscriber } from './api-shapes-storefront.ts';

/** The answer to DELETE /api/customer; the account page shows it as a toast. */
export const ACCOUNT_DELETED_MESSAGE = 'Your account has been deleted.';

/** The answers of the unsubscribe link (GET shows it, POST does it). */
export const UNSUBSCRIBED_MESSAGE = 'You have been unsubscribed.';
export const UNSUBSCRIBE_LINK_INVALID_MESSAGE = 'This unsubscribe link is not valid.';

/** Where a newsletter e-mail's unsubscribe link points, in the web app. */
export const unsubscribePath = (token: string) => `/unsubscribe/${token}`;

/** Where a subscriber's consent was given. */
export type ConsentSource = Subscriber['source'];

/** Hides all but the first letter of an address's local part. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at < 1) return '•••';
  return `${email[0]}•••${email.slice(at)}`;
}

// The answers' shapes are schemas (api-shapes-storefront.ts), their types read from them.
export type { CustomerDataExport, Subscriber, UnsubscribeLink } from './api-shapes-storefront.ts';
