/** A random key for the Idempotency-Key header (letters, digits and hyphens). */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  // randomUUID needs a secure context; getRandomValues does not.
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/**
 * One checkout attempt, one key: the same order sent again (a double click, a retry after a
 * lost answer) reuses the key, so the server places it once; a changed order is a new attempt
 * with a new key (the server would refuse a reused key with another body).
 */
export function createAttempts(makeKey: () => string = newIdempotencyKey) {
  let last: { body: string; key: string } | null = null;
  return {
    keyFor(body: unknown): string {
      const text = JSON.stringify(body);
      if (last?.body !== text) last = { body: text, key: makeKey() };
      return last.key;
    },
    /** The attempt ended (the order was placed): the next one starts afresh. */
    reset() {
      last = null;
    },
  };
}
