import { z } from 'zod';

/** Every answer is `{ status, message, data? }` and `status` equals the HTTP status (SPEC §7). */
export function envelope<T extends z.ZodType>(data: T) {
  return z.object({ status: z.number().int(), message: z.string(), data });
}

export const ZErrorEnvelope = z.object({
  status: z.number().int(),
  message: z.string(),
  /** Field path → message, for 400 answers about bad input. */
  errors: z.record(z.string(), z.string()).optional(),
  requestId: z.string().optional(),
});
export type ErrorEnvelope = z.infer<typeof ZErrorEnvelope>;

/** The status of one asynchronous operation in the client (SPEC §4 and §9). */
export const ASYNC_STATUS = { loading: 0, success: 200, failure: 2 } as const;
export type AsyncStatus = (typeof ASYNC_STATUS)[keyof typeof ASYNC_STATUS];
