import { z } from 'zod';
import { ZEmailAddress } from './email.ts';

export const CONTACT_NAME_MAX_LENGTH = 100;
export const CONTACT_MESSAGE_MAX_LENGTH = 2000;

/** Digits, spaces, + ( ) and -, as people write numbers: 07700 900123, +44 (0)20 7946 0000. */
const PHONE = /^[\d +()-]{7,20}$/;

const requiredText = (field: string) =>
  z.string({
    error: (issue) =>
      issue.input === undefined ? `${field} is required` : `${field} must be text`,
  });

/** The body of POST /api/contact (architecture.md chooses the path; product.md §7 does not show it). */
export const ZContactRequest = z.object({
  name: requiredText('Name')
    .trim()
    .min(1, 'Name is required')
    .max(CONTACT_NAME_MAX_LENGTH, `Name should be less than ${CONTACT_NAME_MAX_LENGTH} characters`),
  email: ZEmailAddress,
  /** Optional: an empty field means the visitor gave none. */
  phone: z
    .string({ error: 'Enter a valid phone number' })
    .trim()
    .refine((value) => value === '' || PHONE.test(value), 'Enter a valid phone number')
    .optional(),
  message: requiredText('Message')
    .trim()
    .min(1, 'Message is required')
    .max(
      CONTACT_MESSAGE_MAX_LENGTH,
      `Message should be less than ${CONTACT_MESSAGE_MAX_LENGTH} characters`,
    ),
});
export type ContactRequest = z.infer<typeof ZContactRequest>;

/** The server's answer to a stored contact request, which the client shows as its toast. */
export const CONTACT_RECEIVED_MESSAGE = 'Thank you, we will be in touch soon.';
