import { createHash } from 'node:crypto';
import { AppError } from './app-error.ts';

/**
 * Idempotency-Key requests (product.md §7), one rule for orders and bookings: a request is known by
 * the hash of its body, whatever order the body's keys came in; a key seen before answers the
 * first request's answer to the same body, and a 409 to a different one.
 */
export function requestHash(body: unknown): string {
  const canonical = (value: unknown): unknown =>
    Array.isArray(value)
      ? value.map(canonical)
      : value && typeof value === 'object'
        ? Object.fromEntries(
            Object.entries(value)
              .sort(([a], [b]) => a.localeCompare(b))
              .map(([k, v]) => [k, canonical(v)]),
          )
        : value;
  return createHash('sha256')
    .update(JSON.stringify(canonical(body)))
    .digest('hex');
}

/**
 * The id of what a keyed request creates, the same for every request with the key: requests
 * sent at once with one key ask an outside party (Stripe, whose own idempotency key is made of
 * this id) for one thing, not one each. A random-looking v4 UUID.
 */
export function keyedId(scope: string, key: string): string {
  const hex = createHash('sha256').update(`${scope}\n${key}`).digest('hex');
  const variant = ((parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/**
 * What a key seen before answers: `answer()` for the same body, a 409 naming the `thing`
 * ("order", "booking") for another.
 */
export function replayOrConflict<T>(
  earlier: { requestHash: string },
  hash: string,
  thing: string,
  answer: () => T,
): T {
  if (earlier.requestHash !== hash) {
    throw new AppError(
      409,
      'idempotency_conflict',
      `This Idempotency-Key was already used for a different ${thing}.`,
    );
  }
  return answer();
}
