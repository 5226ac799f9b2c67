/**
 * Whether an error means the database could not be reached or dropped the connection (a
 * restart, a terminated backend, a network cut, PGlite closed), rather than a fault of the
 * request: such a request answers 503 and may be tried again (issue 27). The driver's error is
 * often the `cause` of drizzle's `DrizzleQueryError`, so the chain is followed.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let e = error, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    if (typeof e !== 'object') return false;
    const code = String((e as { code?: unknown }).code ?? '');
    if (UNAVAILABLE_CODES.has(code) || code.startsWith('08')) return true;
    const message = String((e as { message?: unknown }).message ?? '');
    if (UNAVAILABLE_MESSAGE.test(message)) return true;
  }
  return false;
}

/**
 * PostgreSQL's SQLSTATEs for a server shutting down or refusing connections (57P01 is what
 * pg_terminate_backend and a fast shutdown send; class 08 is "connection exception"), and
 * Node's socket errors.
 */
const UNAVAILABLE_CODES = new Set([
  '57P01',
  '57P02',
  '57P03',
  '53300',
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENOTFOUND',
]);

/** node-postgres and PGlite say so in words only. */
const UNAVAILABLE_MESSAGE =
  /Connection terminated|Client has encountered a connection error|Client was closed|not queryable|timeout exceeded when trying to connect|Cannot use a pool after calling end|PGlite is closed|not currently accepting connections/i;
