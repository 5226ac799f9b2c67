import { z } from 'zod';

/** The longest address SMTP can deliver to (RFC 5321 path limit less its angle brackets). */
export const EMAIL_MAX_LENGTH = 254;

/**
 * An e-mail address as every form and endpoint takes it: trimmed and lower-cased, so one
 * person is one address whatever they typed. Missing or blank is "required"; anything else
 * that is not an address is "valid".
 */
export const ZEmailAddress = z
  .string({
    error: (issue) => (issue.input === undefined ? 'Email is required' : 'Enter a valid email'),
  })
  .trim()
  .toLowerCase()
  .min(1, 'Email is required')
  .max(EMAIL_MAX_LENGTH, 'Enter a valid email')
  .pipe(z.email('Enter a valid email'));
