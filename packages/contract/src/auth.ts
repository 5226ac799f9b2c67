import { z } from 'zod';
import { ZEmailAddress } from './email.ts';
import { REFERRAL_CODE_PATTERN, VERIFICATION_PHONE_PATTERN } from './auth-rules.ts';

/**
 * Sign-in with a one-time code (product.md §2, §4, §5, §7). The screens' pure rules live in
 * auth-rules.ts (no zod, so the login page stays small); these are the request bodies.
 */

/**
 * A phone number as the screen sends it (digits, product.md §5), or as an API client writes one
 * (`+44 7700 900123`): spaces, dashes, dots and brackets go, a leading + stays. The server
 * reads it into E.164, so every way of writing one handset is one contact.
 */
const ZPhone = z
  .string({ error: 'Enter a valid phone number' })
  .trim()
  .transform((value) => value.replace(/[\s().-]/g, ''))
  .refine(
    (value) => VERIFICATION_PHONE_PATTERN.test(value) || /^\+[1-9]\d{7,14}$/.test(value),
    'Enter a valid phone number',
  );

const ZReferralCode = z
  .string({ error: 'Enter a valid referral code' })
  .trim()
  .toUpperCase()
  .regex(REFERRAL_CODE_PATTERN, 'Enter a valid referral code');

/** Exactly one of email and phone (product.md §5: "an e-mail is sent as email; digits as phone"). */
const contactFields = {
  email: ZEmailAddress.optional(),
  phone: ZPhone.optional(),
};
function exactlyOneContact(value: { email?: string; phone?: string }, ctx: z.RefinementCtx) {
  if ((value.email === undefined) === (value.phone === undefined)) {
    ctx.addIssue({
      code: 'custom',
      path: ['phone'],
      message: 'Send either a phone number or an email, not both or neither',
    });
  }
}

/** POST /api/register: sends a code to the contact; referral_code when a friend invited them. */
export const ZRegisterRequest = z
  .object({ ...contactFields, referral_code: ZReferralCode.optional() })
  .superRefine(exactlyOneContact);
export type RegisterRequest = z.infer<typeof ZRegisterRequest>;

/** POST /api/resend-otp. */
export const ZResendOtpRequest = z.object(contactFields).superRefine(exactlyOneContact);
export type ResendOtpRequest = z.infer<typeof ZResendOtpRequest>;

/** POST /api/verify-otp (product.md's "login call"): the code plus the contact it was sent to. */
export const ZVerifyOtpRequest = z
  .object({
    ...contactFields,
    otp: z
      .string({ error: 'Enter the code you were sent' })
      .trim()
      .regex(/^\d{4}(\d{2})?$/, 'Enter the code you were sent'),
  })
  .superRefine(exactlyOneContact);
export type VerifyOtpRequest = z.infer<typeof ZVerifyOtpRequest>;

export const NAME_MAX_LENGTH = 50;

const ZName = (label: string) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .max(NAME_MAX_LENGTH, `${label} should be at most ${NAME_MAX_LENGTH} characters`);

/**
 * POST /api/customer: every field optional (what is sent is changed). An empty e-mail or phone
 * removes it; a contact the customer signs in with cannot be changed here.
 */
export const ZCustomerUpdate = z.object({
  first_name: ZName('First name').min(1, 'First name is required').optional(),
  last_name: ZName('Last name').optional(),
  email: z.union([z.literal(''), ZEmailAddress]).optional(),
  phone: z
    .string({ error: 'Enter a valid phone number' })
    .trim()
    .refine((value) => value === '' || VERIFICATION_PHONE_PATTERN.test(value), {
      message: 'Enter a valid phone number',
    })
    .optional(),
  marketing_consent: z.boolean({ error: 'Marketing consent must be true or false' }).optional(),
});
export type CustomerUpdate = z.infer<typeof ZCustomerUpdate>;

// The answers' shapes are schemas (api-shapes-storefront.ts), their types read from them.
export type { OtpSent, Customer, UserData, Referral } from './api-shapes-storefront.ts';
