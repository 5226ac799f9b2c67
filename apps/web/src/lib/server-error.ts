import { refusedWith } from '@servery/contract/error-codes';

/**
 * A call the server answered with a refusal, read from what RTK Query hands over (`{ status,
 * data }`, the error envelope as `data`). Both API clients (lib/api.ts and admin/admin-api.ts)
 * give their failures in that shape; this is the one place that looks inside it.
 */
export interface ServerRefusal {
  /** The HTTP status: `refusedWith(error, code)` names which refusal it is. */
  status: number;
  /** The envelope's message, when the answer had one. */
  message: string | null;
  /** The envelope's `errors`: each bad field's message (`lines.2.quantity` for a row's). */
  errors: Record<string, string>;
  /** The whole answer, for what a refusal carries beside the envelope (a stale save's `current`). */
  body: Readonly<Record<string, unknown>>;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The server's refusal in a failed call, or null when no answer came: a network failure, an
 * answer that was not JSON, a call not made (RTK Query's statuses that are words, not numbers).
 */
export function serverRefusal(error: unknown): ServerRefusal | null {
  if (!isRecord(error) || typeof error.status !== 'number') return null;
  const body = isRecord(error.data) ? error.data : {};
  const errors = isRecord(body.errors)
    ? Object.fromEntries(
        Object.entries(body.errors).filter(
          (entry): entry is [string, string] => typeof entry[1] === 'string',
        ),
      )
    : {};
  const message = typeof body.message === 'string' ? body.message : null;
  return { status: error.status, message, errors, body };
}

/** The thing as it is now, which a stale save's refusal carries (`current`), for the form to show. */
export function staleCurrent<T>(error: unknown): T | null {
  if (!refusedWith(error, 'stale')) return null;
  const current = serverRefusal(error)?.body.current;
  return current === undefined || current === null ? null : (current as T);
}
