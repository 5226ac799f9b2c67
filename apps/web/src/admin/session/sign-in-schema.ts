import { z } from 'zod';
import { STAFF_CODE_LENGTH, ZStaffCodeRequest, ZStaffSignInRequest } from '@servery/contract/staff';

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * The sign-in's two steps, each checked by the contract's schema for its call (POST
 * /api/admin/session/code, then POST /api/admin/session), in the screen's own words first.
 */
export const ZAskCodeForm = z
  .object({ email: z.string().trim().regex(EMAIL_PATTERN, 'Enter your work e-mail address.') })
  .pipe(ZStaffCodeRequest);
export type AskCodeValues = z.input<typeof ZAskCodeForm>;

export const signInFormSchema = (email: string) =>
  z
    .object({
      otp: z
        .string()
        .regex(
          new RegExp(`^\\d{${STAFF_CODE_LENGTH}}$`),
          `Enter the ${STAFF_CODE_LENGTH}-digit code from the e-mail.`,
        ),
    })
    .transform(({ otp }) => ({ email, otp }))
    .pipe(ZStaffSignInRequest);
export type SignInValues = { otp: string };
