import type {
  OtpSent,
  RegisterRequest,
  ResendOtpRequest,
  UserData,
  VerifyOtpRequest,
} from '@servery/contract/auth';
import type { Envelope } from '@servery/contract/envelope';
import type { FetchBaseQueryError, FetchBaseQueryMeta } from '@reduxjs/toolkit/query';
import { api } from '../../lib/api.ts';

/** A failed call, with the seconds a 429's Retry-After header asks the client to wait. */
type OtpCallError = FetchBaseQueryError & { retryAfter?: number };

function withRetryAfter(
  error: FetchBaseQueryError,
  meta: FetchBaseQueryMeta | undefined,
): OtpCallError {
  const header = meta?.response?.headers.get('retry-after');
  const seconds = header ? Number(header) : NaN;
  return Number.isFinite(seconds) && seconds >= 0 ? { ...error, retryAfter: seconds } : error;
}

/** The seconds a refused sign-in call asks to wait (its Retry-After), when it said so. */
export function retryAfterOf(error: unknown): number | undefined {
  const seconds =
    typeof error === 'object' && error !== null && 'retryAfter' in error
      ? error.retryAfter
      : undefined;
  return typeof seconds === 'number' ? seconds : undefined;
}

/** product.md §7's public sign-in calls (types only from the contract: no zod in this chunk). */
const authApi = api.injectEndpoints({
  endpoints: (build) => ({
    register: build.mutation<Envelope<OtpSent>, RegisterRequest>({
      query: (body) => ({ url: '/register', method: 'POST', body }),
      transformErrorResponse: withRetryAfter,
    }),
    verifyOtp: build.mutation<Envelope<UserData>, VerifyOtpRequest>({
      query: (body) => ({ url: '/verify-otp', method: 'POST', body }),
      transformErrorResponse: withRetryAfter,
    }),
    resendOtp: build.mutation<Envelope<OtpSent>, ResendOtpRequest>({
      query: (body) => ({ url: '/resend-otp', method: 'POST', body }),
      transformErrorResponse: withRetryAfter,
    }),
  }),
});

export const { useRegisterMutation, useVerifyOtpMutation, useResendOtpMutation } = authApi;
