/** Every answer is `{ status, message, data }` (data null when there is nothing to return) and `status` equals the HTTP status (product.md §7). */
export interface Envelope<T> {
  status: number;
  message: string;
  data: T;
}

/** A failed answer; `errors` maps each bad field to its message (400 answers). Its schema is ZErrorEnvelope. */
export type { ErrorEnvelope } from './api-responses.ts';

/** The status of one asynchronous operation in the client (product.md §4 and §9). */
export const ASYNC_STATUS = { loading: 0, success: 200, failure: 2 } as const;
export type AsyncStatus = (typeof ASYNC_STATUS)[keyof typeof ASYNC_STATUS];
