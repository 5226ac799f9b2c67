import type { ERROR_STATUS, ErrorCode } from '@servery/contract/error-codes';

/**
 * The one error the application throws on purpose. The error handler turns it into the
 * envelope `{ status, message, errors? }`; anything else thrown is a bug and answers 500. Its
 * code is one of the contract's (`ERROR_STATUS`), with that code's status.
 */
export class AppError<C extends ErrorCode = ErrorCode> extends Error {
  constructor(
    readonly status: (typeof ERROR_STATUS)[C],
    readonly code: C,
    message: string,
    readonly errors?: Record<string, string>,
    /** For 429 and 503: sent as the Retry-After header. */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const notFound = (message: string) => new AppError(404, 'not_found', message);
export const badRequest = (message: string, errors?: Record<string, string>) =>
  new AppError(400, 'bad_request', message, errors);

/** A 400 naming one field of the body, in the envelope's words: the message under that field. */
export const invalidField = (field: string, message: string) =>
  new AppError(400, 'invalid', `Check the request body: ${field}: ${message}`, {
    [field]: message,
  });
